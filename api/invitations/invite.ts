/**
 * inviteUser and resendInviteEmail (schema/invitations.graphql, docs/decisions/0040). The people
 * policies decide who may invite into which role; a person without an account gets one that no
 * password opens until they accept; their role is granted INVITED; the invitation records the
 * hash of a fresh token; and the e-mail carries the token. Nothing is written when a check fails.
 */
import { randomBytes } from 'node:crypto';
import { issueInvitation, reissueInvitation } from '../../domain/invitation/handlers';
import { invitationMessages } from '../../domain/invitation/messages';
import { invitationAggregate, type IssuedInvitation } from '../../domain/invitation/state';
import { ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { emailKey } from '../../domain/user/email/decide';
import { userEmailAggregate } from '../../domain/user/email/state';
import { isProgramRole, type GrantableRole } from '../../domain/user/events';
import { grantEcosystemRole, registerUser, reserveUserEmail } from '../../domain/user/handlers';
import { membershipPolicy } from '../../domain/user/policy/membership';
import { programRolePolicy } from '../../domain/user/policy/program-role';
import { userAggregate } from '../../domain/user/state';
import { INVITATIONS_PROJECTION, pendingInvitationOf, type InvitationRow, findInvitation } from '../../projections/invitations';
import { getProgramById } from '../../projections/tenants/queries';
import { USERS_PROJECTION } from '../../projections/users';
import { requireViewer } from '../auth/policy';
import type { RequestContext, Viewer } from '../context';
import { toGlobalId } from '../relay';
import { expiryFrom, mintToken, tokenHash } from './links';
import { sendInviteEmail } from './send';

export interface Invitee {
  ecosystemId: string;
  programId: string | null;
  role: GrantableRole;
  email: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'es';
}

export function mayInvite(viewer: Viewer, target: Pick<Invitee, 'ecosystemId' | 'programId' | 'role'>): boolean {
  const { ecosystemId, programId, role } = target;
  if (isProgramRole(role)) return programId !== null && programRolePolicy(viewer, { type: 'grant', role }, { ecosystemId, programId });
  return membershipPolicy(viewer, 'grant', ecosystemId);
}

/** A program role's program must be one of the ecosystem's (as the inviter's scope shows it). */
export async function checkProgram(ctx: RequestContext, invitee: Pick<Invitee, 'ecosystemId' | 'programId'>, field: string): Promise<void> {
  if (!invitee.programId) return;
  const program = await ctx.read((c) => getProgramById(c, invitee.programId as string));
  if (program?.ecosystemId !== invitee.ecosystemId) throw ValidationError.forField(field, invitationMessages.programNotInEcosystem);
}

/** Who holds the e-mail (from its reservation stream, never stale), and whether they are already in the ecosystem. */
export async function holderOf(ctx: RequestContext, email: string, ecosystemId: string): Promise<{ userId: string | null; member: boolean }> {
  const holder = await ctx.loadAggregate(userEmailAggregate, emailKey(email));
  if (holder.status !== 'reserved') return { userId: null, member: false };
  const user = await ctx.loadAggregate(userAggregate, holder.userId);
  return { userId: holder.userId, member: user.status === 'registered' && user.roles.some((r) => r.ecosystemId === ecosystemId) };
}

/** The account holding the e-mail, or null; a member of the ecosystem is refused on `field`. */
export async function accountFor(ctx: RequestContext, email: string, ecosystemId: string, field: string): Promise<string | null> {
  const { userId, member } = await holderOf(ctx, email, ecosystemId);
  if (member) throw ValidationError.forField(field, invitationMessages.alreadyMember);
  return userId;
}

/** A PHC-shaped value no password verifies against: the account opens only through the invite link. */
function unusablePasswordHash(): string {
  return `$invited$${randomBytes(32).toString('base64url')}`;
}

async function registerInvitee(ctx: RequestContext, invitee: Invitee): Promise<string> {
  const userId = ctx.newId('invitee');
  await ctx.execute(reserveUserEmail, { email: invitee.email, userId });
  await ctx.execute(registerUser, {
    userId, email: invitee.email, firstName: invitee.firstName, lastName: invitee.lastName, preferredName: null,
    passwordHash: unusablePasswordHash(), platformAdmin: false,
  });
  return userId;
}

/** Checks done (policy, program, membership): account, INVITED role, invitation, e-mail. */
/**
 * The invitation id this request makes (derived from its Idempotency-Key, decision 0017) and
 * whether an earlier copy of the request made it already: then its person is a member by now, and
 * that is no reason to refuse the repeat, which the log answers.
 */
export async function nextInvitation(ctx: RequestContext): Promise<{ invitationId: string; earlierUserId: string | null }> {
  const invitationId = ctx.newId('invitation');
  const earlier = await ctx.loadAggregate(invitationAggregate, invitationId);
  return { invitationId, earlierUserId: earlier.status === 'none' ? null : earlier.userId };
}

export async function invitePerson(
  ctx: RequestContext, viewer: Viewer, invitee: Invitee, ids: { invitationId: string; userId: string | null },
  waitFor: string[] = [INVITATIONS_PROJECTION, USERS_PROJECTION],
): Promise<IssuedInvitation> {
  const { ecosystemId, programId, role } = invitee;
  const userId = ids.userId ?? await registerInvitee(ctx, invitee);
  await ctx.execute(grantEcosystemRole, { userId, ecosystemId, role, programId, status: 'INVITED' }, { ecosystemId });
  const token = mintToken();
  const result = await ctx.execute(issueInvitation, {
    ...invitee, invitationId: ids.invitationId, userId, invitedBy: viewer.userId,
    tokenHash: tokenHash(token), expiresAt: expiryFrom(ctx.services.clock(), ctx.services.config),
  }, { ecosystemId, waitFor });
  if (result.state.status === 'none') throw new Error('IssueInvitation left no invitation');
  // A repeated request is answered from the log: its token is not this one, and its e-mail went (or goes) with the first.
  if (!result.replayed) await sendInviteEmail(ctx, result.state, token);
  return result.state;
}

export async function inviteOne(ctx: RequestContext, invitee: Invitee): Promise<InvitationRow> {
  const viewer = requireViewer(ctx);
  if (!mayInvite(viewer, invitee)) throw new ForbiddenError();
  await checkProgram(ctx, invitee, 'input.programId');
  const { invitationId, earlierUserId } = await nextInvitation(ctx);
  const userId = earlierUserId ?? await accountFor(ctx, invitee.email, invitee.ecosystemId, 'input.email');
  const issued = await invitePerson(ctx, viewer, invitee, { invitationId, userId });
  return payloadRow(ctx, issued.invitationId);
}

async function payloadRow(ctx: RequestContext, invitationId: string): Promise<InvitationRow> {
  const row = await ctx.read((c) => findInvitation(c, invitationId));
  if (!row) throw new ForbiddenError();
  return row;
}

/** A new link for the person's pending invitation; the one sent before stops working. */
export async function resendInvite(ctx: RequestContext, userId: string, ecosystemId: string): Promise<InvitationRow> {
  const viewer = requireViewer(ctx);
  const pending = await ctx.read((c) => pendingInvitationOf(c, userId, ecosystemId));
  if (!pending) {
    // Only someone who may invite here learns that nothing is pending; anyone else is simply refused.
    if (!membershipPolicy(viewer, 'grant', ecosystemId)) throw new ForbiddenError();
    throw ValidationError.forField('userId', invitationMessages.noPendingInvitation);
  }
  if (!mayInvite(viewer, { ecosystemId, programId: pending.programId, role: pending.role as GrantableRole })) throw new ForbiddenError();
  const token = mintToken();
  const result = await ctx.execute(reissueInvitation, {
    invitationId: pending.id, tokenHash: tokenHash(token), expiresAt: expiryFrom(ctx.services.clock(), ctx.services.config),
  }, { ecosystemId, waitFor: [INVITATIONS_PROJECTION] });
  if (result.state.status === 'pending' && !result.replayed) await sendInviteEmail(ctx, result.state, token);
  return payloadRow(ctx, pending.id);
}

export function toInvitation(row: InvitationRow) {
  return {
    id: row.id, userId: toGlobalId('User', row.userId), ecosystemId: toGlobalId('Ecosystem', row.ecosystemId),
    programId: row.programId ? toGlobalId('Program', row.programId) : null, role: row.role, email: row.email,
    firstName: row.firstName, lastName: row.lastName, status: row.status, timesSent: row.issue, expiresAt: row.expiresAt.toISOString(),
    invitedAt: row.invitedAt.toISOString(),
  };
}
