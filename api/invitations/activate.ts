/**
 * The join page's two operations (docs/decisions/0040): getInvitedUserByToken shows whom a working
 * link invites, and activateAccountFromInvite accepts it. Used, expired, replaced and mistyped
 * links are all the same "This Invite Link Is Invalid", so a link's holder learns nothing more.
 */
import { isLive } from '../../domain/invitation/decide';
import { acceptInvitation } from '../../domain/invitation/handlers';
import { invitationMessages } from '../../domain/invitation/messages';
import { invitationAggregate, type IssuedInvitation } from '../../domain/invitation/state';
import { ValidationError } from '../../domain/shared/errors';
import { isProgramRole } from '../../domain/user/events';
import { changePassword, changeRoleStatus, verifyEmail } from '../../domain/user/handlers';
import { invitationOfToken } from '../../projections/invitations';
import { loadAccount } from '../../projections/users';
import type { RequestContext } from '../context';
import { setRefreshCookies } from '../auth/cookie';
import { hashPassword } from '../auth/password';
import { assertAcceptablePassword } from '../auth/password-policy';
import { PLATFORM_ADMIN_HOME } from '../auth/resolvers';
import type { LoginResult } from '../auth/service';
import { toGlobalId } from '../relay';
import { maskEmail, TOKEN_PATTERN, tokenHash } from './links';
import { brandOf } from './send';

interface Live {
  invitation: IssuedInvitation;
  hash: string;
}

/** The invitation a token opens now, or null. An archived ecosystem's invitations open nothing. */
async function liveInvitation(ctx: RequestContext, token: string): Promise<Live | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const hash = tokenHash(token);
  const invitationId = await ctx.read((c) => invitationOfToken(c, hash));
  if (!invitationId) return null;
  const state = await ctx.loadAggregate(invitationAggregate, invitationId);
  if (!isLive(state, hash, ctx.services.clock().toISOString())) return null;
  return (await brandOf(ctx, state.ecosystemId)).active ? { invitation: state, hash } : null;
}

export async function invitedUserByToken(ctx: RequestContext, token: string) {
  const live = await liveInvitation(ctx, token);
  if (!live) return null;
  const { invitation: i } = live;
  const brand = await brandOf(ctx, i.ecosystemId);
  const ecosystemId = toGlobalId('Ecosystem', i.ecosystemId);
  return {
    id: toGlobalId('User', i.userId), email: maskEmail(i.email), name: `${i.firstName} ${i.lastName}`, firstName: i.firstName, role: i.role,
    ecosystemRoles: isProgramRole(i.role) ? [] : [{ ecosystemId, role: i.role, status: 'INVITED' as const, supportedSchoolIds: [] }],
    ecosystem: {
      id: ecosystemId, name: brand.ecosystemName ?? '', tutorTerm: brand.tutorTerm ?? 'Leader', tuteeTerm: brand.tuteeTerm ?? 'Learner',
      moduleTerm: brand.moduleTerm ?? 'Module', MFAEnabled: brand.MFAEnabled,
    },
  };
}

function invalidLink(): ValidationError {
  return ValidationError.forField('token', invitationMessages.invalid);
}

/**
 * Uses up the link first (the invitation's stream refuses a second use, even a concurrent one),
 * then activates the role, counts the address as verified and records the password, all as the
 * invited person, then logs them in.
 */
export async function activateFromInvite(ctx: RequestContext, args: { token: string; password: string; confirmPassword: string }): Promise<LoginResult> {
  const live = await liveInvitation(ctx, args.token);
  if (!live) throw invalidLink();
  const { invitation: i, hash } = live;
  assertAcceptablePassword(args.password, 'password', { email: i.email });
  if (args.password !== args.confirmPassword) throw ValidationError.forField('confirmPassword', invitationMessages.passwordsDiffer);
  const account = await ctx.read((c) => loadAccount(c, i.userId));
  if (!account) throw invalidLink();
  const { auth } = ctx.services;
  const passwordHash = await auth.credentials.hashing(() => hashPassword(args.password));
  await auth.dispatchAs(account, acceptInvitation, { invitationId: i.invitationId, tokenHash: hash });
  const status = isProgramRole(i.role) ? 'ACTIVE' : 'ACTIVATED';
  await auth.dispatchAs(account, changeRoleStatus, { userId: i.userId, ecosystemId: i.ecosystemId, role: i.role, programId: i.programId, status });
  // The link reached this address, as a reset or log-in link does (decision 0042): it counts as verified.
  if (account.email === i.email) await auth.dispatchAs(account, verifyEmail, { userId: i.userId, email: i.email });
  const position = await auth.dispatchAs(account, changePassword, { userId: i.userId, passwordHash });
  // As a password reset does: an account that existed before (a member elsewhere) keeps no session of the old password.
  await auth.logoutEverywhere(i.userId);
  const result = await auth.loginByLink(i.userId, position);
  if (result.tokens) setRefreshCookies(ctx.cookies, result.tokens.refreshToken, result.tokens.refreshTokenExpiresAt, ctx.services.clock());
  return result;
}

/** The answer loginPaas gives (schema/auth.graphql LoginPaasPayload). */
export function loginPayload(result: LoginResult) {
  return {
    token: result.tokens?.accessToken ?? null,
    refreshToken: null,
    redirect: result.user.platformAdmin ? PLATFORM_ADMIN_HOME : '/',
    userIdToken: result.userIdToken,
    mfaMethods: result.mfaMethods,
    mfaEnrolmentRequired: result.mfaEnrolmentRequired,
  };
}
