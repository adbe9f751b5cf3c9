/**
 * The profile mutations (schema/people.graphql). Each finds the person and the ecosystem acted on,
 * asks the people policies (domain/user/policy, decision 0035), then dispatches one command; the
 * payload is the person as the users read model shows them once it has caught up. Validation
 * failures name the GraphQL argument's fields (`input.phoneNumber`), and nothing is written.
 */
import { ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { editEcosystemProfile, editProfile, switchMode } from '../../domain/user/handlers';
import { ADMIN_FIELDS, type ProfileChanges, type ProfileField } from '../../domain/user/profile/fields';
import { profilePolicy, type ProfileOperation } from '../../domain/user/policy/profile';
import { userPolicy } from '../../domain/user/policy/user';
import { findUser, loadAccount, USERS_PROJECTION, type UserRow } from '../../projections/users';
import type { EcosystemProfileInput, PrimaryInfoInput, ProfileInput, TimezoneCooldownInfoInput } from '../__generated__/resolvers';
import { viewerUser, type UserSource } from '../auth/user-source';
import type { RequestContext } from '../context';
import { readEcosystem } from '../tenants/access';
import { primaryInfoChanges, profileChanges } from './inputs';
import { peopleApiMessages } from './messages';
import { ecosystemOf, targetOf, userIdArg, type Target } from './target';

const waitFor = [USERS_PROJECTION];

export function allow(target: Target, op: ProfileOperation): void {
  if (!profilePolicy(target.viewer, op, target.person)) throw new ForbiddenError();
}

/**
 * Runs `fn`, renaming the command's field paths (`changes.x`) to the argument's (`input.x`). With
 * `decided`, paths the decider names relative to the edit itself (`properties.0.value`) go under
 * the argument too.
 */
async function renamed<T>(from: string, to: string, fn: () => Promise<T>, decided = false): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const rename = (k: string) => (k === from ? to : k.startsWith(`${from}.`) ? `${to}${k.slice(from.length)}` : decided ? `${to}.${k}` : k);
    throw new ValidationError(err.userMessage, Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [rename(k), v])));
  }
}

/** The person as the payload shows them: the viewer's own account, or as the tenant scope shows them. */
export async function payload(ctx: RequestContext, target: Target): Promise<UserSource> {
  if (target.self) return viewerUser(target.viewer, () => ctx.read((c) => loadAccount(c, target.viewer.userId)));
  const row: UserRow | null = await ctx.read((c) => findUser(c, target.person.userId));
  if (!row) throw new ForbiddenError();
  return row;
}

/** Edits the profile; field errors at `from` in the command (`changes`) are reported at `to` (`input`). */
export async function applyChanges(ctx: RequestContext, target: Target, changes: ProfileChanges, from = 'changes', to = 'input'): Promise<void> {
  await renamed(from, to, () => ctx.execute(editProfile, { userId: target.person.userId, changes }, { waitFor }));
}

/** Supported schools of the ecosystems the person belongs to that the request can see. */
function schoolsOf(ctx: RequestContext, target: Target) {
  return async () => {
    const ids = [...new Set(target.person.roles.map((r) => r.ecosystemId))];
    const rows = await Promise.all(ids.map((id) => readEcosystem(ctx, id)));
    return rows.flatMap((row) => row.supportedSchools);
  };
}

async function updateProfile(ctx: RequestContext, target: Target, input: ProfileInput): Promise<UserSource> {
  allow(target, { type: 'edit' });
  const changes = await profileChanges(input, schoolsOf(ctx, target));
  if (Object.keys(changes).some((k) => ADMIN_FIELDS.has(k as ProfileField)) && !profilePolicy(target.viewer, { type: 'editAdminFields' }, target.person)) {
    throw new ForbiddenError(peopleApiMessages.adminFieldsOnly);
  }
  if (input.mode && !userPolicy(target.viewer, 'switchMode', target.person)) throw new ForbiddenError(peopleApiMessages.modeOwnAccountOnly);
  // Only a mode switch: the profile is left alone (an empty patch would be refused as nothing to change).
  if (Object.keys(changes).length > 0 || !input.mode) await applyChanges(ctx, target, changes);
  if (input.mode) await renamed('mode', 'input.mode', () => ctx.execute(switchMode, { userId: target.person.userId, mode: input.mode }, { waitFor }));
  return payload(ctx, target);
}

export async function updateUserMutation(ctx: RequestContext, input: ProfileInput): Promise<UserSource> {
  return updateProfile(ctx, await targetOf(ctx, null), input);
}

export async function genericUpdateUserMutation(ctx: RequestContext, userId: string, input: ProfileInput): Promise<UserSource> {
  // userId is required here: an empty one is a mistake, not "myself" as an omitted optional one is elsewhere.
  return updateProfile(ctx, await targetOf(ctx, userIdArg(userId, 'userId')), input);
}

export async function editPrimaryInfoMutation(ctx: RequestContext, userId: string | null | undefined, input: PrimaryInfoInput): Promise<UserSource> {
  const target = await targetOf(ctx, userId);
  allow(target, { type: 'edit' });
  await applyChanges(ctx, target, primaryInfoChanges(input));
  return payload(ctx, target);
}

export async function editTimeZoneIdMutation(ctx: RequestContext, timeZoneId: string, userId: string | null | undefined): Promise<UserSource> {
  const target = await targetOf(ctx, userId);
  allow(target, { type: 'editTimeZone' });
  await applyChanges(ctx, target, { timeZoneId }, 'changes.timeZoneId', 'timeZoneId');
  return payload(ctx, target);
}

export async function editTimezoneCooldownInfoMutation(ctx: RequestContext, input: TimezoneCooldownInfoInput): Promise<UserSource> {
  const target = await targetOf(ctx, null);
  allow(target, { type: 'editTimezoneCooldown' });
  const { acknowledgeAdminUpdate, ...cooldown } = input;
  const changes: ProfileChanges = { tzCooldownInfo: cooldown as ProfileChanges['tzCooldownInfo'] };
  if (acknowledgeAdminUpdate) changes.tzUpdateInfo = { showAdminUpdateDialog: false };
  await applyChanges(ctx, target, changes, 'changes.tzCooldownInfo');
  return payload(ctx, target);
}

export async function editUserPropertiesMutation(
  ctx: RequestContext, args: { userId?: string | null; ecosystemId?: string | null; input: EcosystemProfileInput },
): Promise<UserSource> {
  const target = await targetOf(ctx, args.userId);
  const ecosystemId = await ecosystemOf(ctx, args.ecosystemId);
  allow(target, { type: 'editEcosystemProfile', ecosystemId });
  const ecosystem = await readEcosystem(ctx, ecosystemId);
  const edit = Object.fromEntries(Object.entries(args.input).filter(([, v]) => v !== undefined));
  await renamed('edit', 'input', () => ctx.execute(editEcosystemProfile, {
    userId: target.person.userId, ecosystemId, edit,
    definitions: { customProperties: ecosystem.customProperties, requiredUserProperties: ecosystem.requiredUserProperties },
  }, { waitFor, ecosystemId }), true);
  return payload(ctx, target);
}
