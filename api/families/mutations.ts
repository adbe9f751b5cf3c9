/**
 * Linking and unlinking family members (decision 0048): an admin of the ecosystem links one of
 * its parents (PARENT role, any status) to one of its learners (STUDENT or PUPIL, any status).
 * The policy runs first; a person outside the request's scope reads like no learner at all.
 */
import { linkFamilyMember, unlinkFamilyMember } from '../../domain/family/handlers';
import { familyMessages } from '../../domain/family/messages';
import { ForbiddenError, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import type { GrantableRole } from '../../domain/user/events';
import { familyPolicy } from '../../domain/user/policy/family';
import { FAMILIES_PROJECTION } from '../../projections/families';
import { findUser, USERS_PROJECTION, type UserRow } from '../../projections/users';
import type { LinkFamilyMemberInput, UnlinkFamilyMemberInput } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { findDetails } from '../people/details';
import { userIdArg } from '../people/target';
import { uuidArg } from '../tenants/access';
import { withFieldPrefix } from '../tenants/support';

interface Link { parentId: string; childId: string; ecosystemId: string }

/** The users projection keeps the links too: who sees a learner depends on them (decision 0053). */
const waitFor = [FAMILIES_PROJECTION, USERS_PROJECTION];

async function holds(ctx: RequestContext, userId: string, ecosystemId: string, roles: readonly GrantableRole[]): Promise<boolean> {
  const details = await findDetails(ctx, userId);
  return (details?.memberships ?? []).some((m) => m.ecosystemId === ecosystemId && roles.includes(m.role));
}

/** The link named by the input, after the policy and the roles of both people in the ecosystem. */
async function checkedLink(ctx: RequestContext, input: UnlinkFamilyMemberInput, op: 'link' | 'unlink'): Promise<Link> {
  const viewer = requireViewer(ctx);
  const ecosystemId = uuidArg('Ecosystem', input.ecosystemId, 'input.ecosystemId');
  const parentId = userIdArg(input.parentId, 'input.parentId');
  const childId = userIdArg(input.childId, 'input.childId');
  if (!familyPolicy(viewer, { type: op, ecosystemId }, { userId: parentId, roles: [] })) throw new ForbiddenError();
  if (op === 'link') {
    const fields: FieldErrors = {};
    if (!(await holds(ctx, parentId, ecosystemId, ['PARENT']))) fields['input.parentId'] = familyMessages.notAParent;
    if (!(await holds(ctx, childId, ecosystemId, ['STUDENT', 'PUPIL']))) fields['input.childId'] = familyMessages.notALearner;
    if (Object.keys(fields).length) throw ValidationError.forFields(fields);
  }
  return { parentId, childId, ecosystemId };
}

async function parentOf(ctx: RequestContext, parentId: string): Promise<UserRow> {
  const row = await ctx.read((c) => findUser(c, parentId));
  if (!row) throw new ForbiddenError();
  return row;
}

export async function linkFamilyMemberMutation(ctx: RequestContext, input: LinkFamilyMemberInput): Promise<UserRow> {
  const link = await checkedLink(ctx, input, 'link');
  await withFieldPrefix('input', () => ctx.execute(linkFamilyMember, {
    ...link, relationship: input.relationship, ...(input.notifPreferences ? { notifPreferences: input.notifPreferences } : {}),
  }, { waitFor, ecosystemId: link.ecosystemId }));
  return parentOf(ctx, link.parentId);
}

export async function unlinkFamilyMemberMutation(ctx: RequestContext, input: UnlinkFamilyMemberInput): Promise<UserRow> {
  const link = await checkedLink(ctx, input, 'unlink');
  await ctx.execute(unlinkFamilyMember, link, { waitFor, ecosystemId: link.ecosystemId });
  return parentOf(ctx, link.parentId);
}
