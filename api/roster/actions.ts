/**
 * The admin actions on chosen people (decision 0049): archive, change roles (program admins: the
 * tutors and learners of their own programs, decision 0035). Everything named is
 * checked before the first command (the policy, each id, each person's membership, each role), so
 * refused input writes nothing; then one command per role that changes, each an event the audit
 * trail records with the admin as actor. Repeating an action records nothing new.
 */
import { ForbiddenError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { programRolePolicy } from '../../domain/user/policy/program-role';
import { rosterPolicy } from '../../domain/user/policy/roster';
import { changeRoleStatus, grantEcosystemRole, revokeEcosystemRole } from '../../domain/user/handlers';
import { isProgramRole, type GrantableRole, type RoleGrant } from '../../domain/user/events';
import { ROSTER_PROJECTION, rosterPage, type RosterRow } from '../../projections/roster';
import { USERS_PROJECTION } from '../../projections/users';
import type { RoleChangeInput, UserPermissionChanges } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext, Viewer } from '../context';
import { findDetails } from '../people/details';
import { ecosystemOf, userIdArg } from '../people/target';
import { uuidArg } from '../tenants/access';
import { getProgramById } from '../../projections/tenants/queries';
import { rosterMessages } from './messages';
import { allowedEcosystem } from './queries';

export const MAX_PEOPLE = 100;
const waitFor = [USERS_PROJECTION, ROSTER_PROJECTION];

export interface ActionResult { changedCount: number; users: RosterRow[] }

/** The ids named, each checked: well formed, once, a member of the ecosystem, not the viewer when `notSelf`. */
export async function chosenPeople(ctx: RequestContext, ecosystemId: string, values: readonly string[], notSelf: boolean): Promise<string[]> {
  const viewer = requireViewer(ctx);
  if (values.length === 0) throw ValidationError.forField('userIds', rosterMessages.noPeople);
  if (values.length > MAX_PEOPLE) throw ValidationError.forField('userIds', rosterMessages.tooManyPeople({ max: MAX_PEOPLE }));
  const ids = values.map((v, i) => userIdArg(v, `userIds.${i}`));
  const rows = await ctx.read((c) => rosterPage(c, { ecosystemId, userIds: ids }, 'NAME_ASC', MAX_PEOPLE + 1, null));
  const members = new Set(rows.map((r) => r.userId));
  const fields: FieldErrors = {};
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) fields[`userIds.${i}`] = rosterMessages.duplicatePerson;
    else if (notSelf && id === viewer.userId) fields[`userIds.${i}`] = rosterMessages.notYourself;
    else if (!members.has(id)) fields[`userIds.${i}`] = rosterMessages.notInEcosystem;
  });
  if (Object.keys(fields).length) throw ValidationError.forFields(fields);
  return ids;
}

/** The person's roles in the ecosystem with their statuses (from the users read model, current after each command). */
async function rolesIn(ctx: RequestContext, userId: string, ecosystemId: string): Promise<RoleGrant[]> {
  const details = await findDetails(ctx, userId);
  return (details?.memberships ?? []).filter((m) => m.ecosystemId === ecosystemId);
}

/** Archives one person's roles in the ecosystem; true when anything changed. */
export async function archivePerson(ctx: RequestContext, ecosystemId: string, userId: string): Promise<boolean> {
  let changed = false;
  for (const role of await rolesIn(ctx, userId, ecosystemId)) {
    if (role.status === 'ARCHIVED') continue;
    const result = await ctx.execute(changeRoleStatus, { userId, ecosystemId, role: role.role, programId: role.programId, status: 'ARCHIVED' }, { waitFor, ecosystemId });
    changed ||= result.events.length > 0;
  }
  return changed;
}

async function result(ctx: RequestContext, ecosystemId: string, ids: string[], changedCount: number): Promise<ActionResult> {
  const users = await ctx.read((c) => rosterPage(c, { ecosystemId, userIds: ids }, 'NAME_ASC', MAX_PEOPLE + 1, null));
  return { changedCount, users };
}

export async function archiveOneOrMany(ctx: RequestContext, ecosystemValue: string | null | undefined, values: readonly string[]): Promise<ActionResult> {
  const ecosystemId = await allowedEcosystem(ctx, ecosystemValue, 'manage');
  const ids = await chosenPeople(ctx, ecosystemId, values, true);
  let changedCount = 0;
  for (const id of ids) if (await archivePerson(ctx, ecosystemId, id)) changedCount += 1;
  return result(ctx, ecosystemId, ids, changedCount);
}

export interface RoleKey { role: GrantableRole; programId: string | null }

/** More role changes than there are kinds of role is a malformed request, refused before any lookup. */
const MAX_ROLE_CHANGES = 20;

function limited<T>(list: readonly T[] | null | undefined, field: string): readonly T[] {
  if ((list?.length ?? 0) > MAX_ROLE_CHANGES) throw ValidationError.forField(field, rosterMessages.tooManyValues({ max: MAX_ROLE_CHANGES }));
  return list ?? [];
}

/** A role named twice is one change: taking it twice would fail halfway, after the first was written. */
function unique(keys: RoleKey[]): RoleKey[] {
  return keys.filter((k, i) => keys.findIndex((o) => o.role === k.role && o.programId === k.programId) === i);
}

/** Each role named, checked: program roles name a program of this ecosystem, ecosystem roles none. */
export async function checkedRoles(ctx: RequestContext, ecosystemId: string, input: UserPermissionChanges, field = 'changes'): Promise<{ add: RoleKey[]; remove: RoleKey[] }> {
  const check = async (list: readonly RoleChangeInput[] | null | undefined, at: string): Promise<RoleKey[]> => unique(await Promise.all(limited(list, `${field}.${at}`).map(async (r, i) => {
    const path = `${field}.${at}.${i}.programId`;
    if (!isProgramRole(r.role)) {
      if (r.programId) throw ValidationError.forField(path, rosterMessages.programNotInEcosystem);
      return { role: r.role, programId: null };
    }
    if (!r.programId) throw ValidationError.forField(path, rosterMessages.programNotInEcosystem);
    const programId = uuidArg('Program', r.programId, path);
    const program = await ctx.read((c) => getProgramById(c, programId));
    if (!program || program.ecosystemId !== ecosystemId) throw ValidationError.forField(path, rosterMessages.programNotInEcosystem);
    return { role: r.role, programId };
  })));
  const add = await check(input.add, 'add');
  const remove = await check(input.remove, 'remove');
  if (add.length + remove.length === 0) throw ValidationError.forField(field, rosterMessages.noChanges);
  return { add, remove };
}

function refuseOwnAdminRole(viewer: Viewer, ids: readonly string[], remove: readonly RoleKey[]): void {
  if (ids.includes(viewer.userId) && remove.some((r) => r.role === 'SUPER_ADMIN')) throw ValidationError.forField('changes.remove', rosterMessages.keepOwnAdminRole);
}

/** Gives and takes one person's roles; true when anything changed. */
export async function changeRoles(ctx: RequestContext, ecosystemId: string, userId: string, roles: { add: RoleKey[]; remove: RoleKey[] }): Promise<boolean> {
  const held = await rolesIn(ctx, userId, ecosystemId);
  const holds = (k: RoleKey) => held.some((h) => h.role === k.role && h.programId === k.programId);
  let changed = false;
  for (const k of roles.remove) {
    if (!holds(k)) continue;
    await ctx.execute(revokeEcosystemRole, { userId, ecosystemId, ...k }, { waitFor, ecosystemId });
    changed = true;
  }
  for (const k of roles.add) {
    const r = await ctx.execute(grantEcosystemRole, { userId, ecosystemId, ...k }, { waitFor, ecosystemId });
    changed ||= r.events.length > 0;
  }
  return changed;
}

/**
 * The ecosystem and the checked changes, if the viewer may send them: its admins any; a program
 * admin (decision 0035) only LEADER and PUPIL of their own programs, every change checked before
 * anything is written. Anyone else is refused before anything is read.
 */
async function permittedChanges(ctx: RequestContext, ecosystemValue: string | null | undefined, input: UserPermissionChanges): Promise<{ ecosystemId: string; roles: { add: RoleKey[]; remove: RoleKey[] } }> {
  const viewer = requireViewer(ctx);
  const ecosystemId = await ecosystemOf(ctx, ecosystemValue);
  if (rosterPolicy(viewer, 'manage', ecosystemId)) return { ecosystemId, roles: await checkedRoles(ctx, ecosystemId, input) };
  if (!viewer.roles.some((r) => r.ecosystemId === ecosystemId && r.role === 'PROGRAM_ADMIN')) throw new ForbiddenError();
  const roles = await checkedRoles(ctx, ecosystemId, input);
  const allowed = (type: 'grant' | 'revoke') => (k: RoleKey) =>
    k.programId !== null && isProgramRole(k.role) && programRolePolicy(viewer, { type, role: k.role }, { ecosystemId, programId: k.programId });
  if (!roles.add.every(allowed('grant')) || !roles.remove.every(allowed('revoke'))) throw new ForbiddenError();
  return { ecosystemId, roles };
}

export async function updatePermissions(ctx: RequestContext, ecosystemValue: string | null | undefined, values: readonly string[], input: UserPermissionChanges): Promise<ActionResult> {
  const { ecosystemId, roles } = await permittedChanges(ctx, ecosystemValue, input);
  const viewer = requireViewer(ctx);
  const ids = await chosenPeople(ctx, ecosystemId, values, false);
  refuseOwnAdminRole(viewer, ids, roles.remove);
  let changedCount = 0;
  for (const id of ids) if (await changeRoles(ctx, ecosystemId, id, roles)) changedCount += 1;
  return result(ctx, ecosystemId, ids, changedCount);
}
