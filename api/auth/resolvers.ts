/** loginPaas, Logout and getCurrentUserV2 (schema/auth.graphql), and the User node. */
import { z } from 'zod';
import { UnauthenticatedError } from '../../domain/shared/errors';
import { isProgramRole } from '../../domain/user/events';
import { findUser, type UserRow } from '../../projections/users';
import type { Resolvers } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { idOf, registerNodeType, toGlobalId } from '../relay';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, refreshCookieMaxAge } from './cookie';
import { authMessages } from './messages';
import { MAX_PASSWORD_LENGTH } from './password';
import { authorizeSelf } from './policy';

const loginInput = z.object({
  email: z.string().max(320),
  password: z.string().max(MAX_PASSWORD_LENGTH * 4),
  ecosystemId: z.string().max(200).nullish(),
});

export const PLATFORM_ADMIN_HOME = '/internal-admin-panel';

/**
 * The client address for the log-in rate limit, when the request context carries one; without it
 * all clients share one counter per e-mail, which still stops guessing but lets anyone lock an
 * account for a window.
 */
function clientIp(ctx: RequestContext): string {
  return ctx.clientIp || 'unknown';
}

function loadUser(ctx: RequestContext, userId: string): Promise<UserRow | null> {
  // The viewer may always see their own account; anyone else only as the tenant scope allows.
  if (ctx.viewer?.userId === userId) return ctx.services.auth.account(userId);
  return ctx.read((client) => findUser(client, userId));
}

registerNodeType('User', loadUser);

export const authResolvers: Resolvers = {
  Query: {
    async getCurrentUserV2(_root, _args, ctx) {
      // A token that no longer verifies must say so, so that the client refreshes it (spec section 7).
      if (!ctx.viewer) {
        if (ctx.headers.bearer) throw new UnauthenticatedError();
        return null;
      }
      return ctx.services.auth.account(ctx.viewer.userId);
    },
  },
  Mutation: {
    async loginPaas(_root, args, ctx) {
      const input = loginInput.parse(args);
      const ecosystemId = input.ecosystemId ? idOf('Ecosystem', input.ecosystemId) : null;
      const result = await ctx.services.auth.login(input.email, input.password, { ip: clientIp(ctx), ecosystemId });
      if (result.tokens) {
        ctx.cookies.set(REFRESH_COOKIE, result.tokens.refreshToken, {
          path: REFRESH_COOKIE_PATH, maxAgeSeconds: refreshCookieMaxAge(result.tokens.refreshTokenExpiresAt, ctx.services.clock()),
        });
      }
      return {
        token: result.tokens?.accessToken ?? null,
        refreshToken: result.tokens?.refreshToken ?? null,
        redirect: result.user.platformAdmin ? PLATFORM_ADMIN_HOME : '/',
        userIdToken: result.userIdToken,
        mfaMethods: result.mfaMethods,
      };
    },

    async Logout(_root, args, ctx) {
      const userId = idOf('User', args.userId);
      const cookieToken = ctx.cookies.get(REFRESH_COOKIE);
      if (ctx.viewer) {
        authorizeSelf(ctx, userId, authMessages.notYourSession);
        await ctx.services.auth.logoutEverywhere(userId);
      } else {
        // An expired access token must not keep a user from logging out: the refresh cookie proves the session.
        if (!cookieToken || (await ctx.services.auth.refreshTokenOwner(cookieToken)) !== userId) throw new UnauthenticatedError();
        await ctx.services.auth.logout(cookieToken);
      }
      if (ctx.viewer?.userId === userId || !ctx.viewer) ctx.cookies.clear(REFRESH_COOKIE, REFRESH_COOKIE_PATH);
      return true;
    },
  },
  User: {
    id: (user) => toGlobalId('User', user.id),
    email: (user) => ({ address: user.email, verified: false }),
    isMultiEcosystemUser: (user) => new Set(user.roles.map((r) => r.ecosystemId)).size > 1,
    createdAt: (user) => user.createdAt.toISOString(),
    isInternalTeamAccount: (user) => user.platformAdmin,
    // Every grant is active until revoked; invitations (INVITED) and archiving arrive with their commands.
    ecosystemRoles: (user) => user.roles.flatMap(({ role, ecosystemId }) => isProgramRole(role) ? [] : [{
      ecosystemId: toGlobalId('Ecosystem', ecosystemId), role, status: 'ACTIVE' as const, supportedSchoolIds: [],
    }]),
    programRoles: (user) => user.roles.flatMap(({ role, ecosystemId, programId }) => isProgramRole(role) && programId ? [{
      ecosystemId: toGlobalId('Ecosystem', ecosystemId), programId: toGlobalId('Program', programId), role,
    }] : []),
    profile: (user) => user,
  },
  Profile: {
    firstName: (user) => user.firstName,
    lastName: (user) => user.lastName,
    preferredName: (user) => user.preferredName,
    MFASettings: () => [],
  },
};
