/** loginPaas, Logout and getCurrentUserV2 (schema/auth.graphql), and the User node. */
import { z } from 'zod';
import { UnauthenticatedError } from '../../domain/shared/errors';
import { isProgramRole } from '../../domain/user/events';
import { findUser, loadAccount, type UserRow } from '../../projections/users';
import type { Resolvers } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { idOf, registerNodeType, toGlobalId } from '../relay';
import { clearRefreshCookies, setRefreshCookies } from './cookie';
import { mfaSettingsOf } from './factors/settings';
import { authMessages } from './messages';
import { typedAddress, typedId } from './forms';
import { zodMessage } from '../../domain/shared/i18n';
import { MAX_PASSWORD_LENGTH } from './password';
import { authorizeSelf } from './policy';
import { rowOf, viewerUser } from './user-source';

const loginInput = z.object({
  email: typedAddress,
  // Any characters (the guard at the door has refused NUL and the like), but not none.
  password: z.string().min(1, { error: zodMessage(authMessages.passwordRequired) }).max(MAX_PASSWORD_LENGTH * 4),
  ecosystemId: typedId('Ecosystem').nullish(),
});

export const PLATFORM_ADMIN_HOME = '/internal-admin-panel';

/**
 * The client address for the log-in throttling, when the request context carries one; without it
 * all clients share one address, which still stops guessing but lets anyone lock an account out.
 */
function clientIp(ctx: RequestContext): string {
  return ctx.clientIp || 'unknown';
}

/** The viewer's own account, every role included, read in the request's transaction (decision 0025). */
function ownAccount(ctx: RequestContext, userId: string): Promise<UserRow | null> {
  return ctx.read((client) => loadAccount(client, userId));
}

function loadUser(ctx: RequestContext, userId: string): Promise<UserRow | null> {
  // The viewer may always see their own account; anyone else only as the tenant scope allows.
  if (ctx.viewer?.userId === userId) return ownAccount(ctx, userId);
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
      const { viewer } = ctx;
      return viewerUser(viewer, () => ownAccount(ctx, viewer.userId));
    },
  },
  Mutation: {
    async loginPaas(_root, args, ctx) {
      const input = loginInput.parse(args);
      const ecosystemId = input.ecosystemId ? idOf('Ecosystem', input.ecosystemId) : null;
      const result = await ctx.services.auth.login(input.email, input.password, { ip: clientIp(ctx), ecosystemId });
      if (result.tokens) setRefreshCookies(ctx.cookies, result.tokens.refreshToken, result.tokens.refreshTokenExpiresAt, ctx.services.clock());
      return {
        token: result.tokens?.accessToken ?? null,
        // The refresh token travels only in its HttpOnly cookie; the field stays (deprecated) so that
        // documents selecting it keep validating (schema/auth.graphql).
        refreshToken: null,
        redirect: result.user.platformAdmin ? PLATFORM_ADMIN_HOME : '/',
        userIdToken: result.userIdToken,
        mfaMethods: result.mfaMethods,
        mfaEnrolmentRequired: result.mfaEnrolmentRequired,
      };
    },

    async Logout(_root, args, ctx) {
      const userId = idOf('User', z.object({ userId: typedId('User') }).parse(args).userId);
      // The refresh cookie is not sent to /graphql (api/auth/cookie.ts): with an expired access token
      // this answers UNAUTHENTICATED, the client refreshes and retries (SPEC section 7), or uses POST /logout.
      if (!ctx.viewer) throw new UnauthenticatedError();
      authorizeSelf(ctx, userId, authMessages.notYourSession);
      await ctx.services.auth.logoutEverywhere(userId);
      if (ctx.viewer.userId === userId) clearRefreshCookies(ctx.cookies);
      return true;
    },
  },
  User: {
    id: (user) => toGlobalId('User', user.id),
    // The e-mail from the row, not the token's copy, which is as old as the token.
    email: async (user) => {
      const row = await rowOf(user);
      return { address: row.email, verified: row.emailVerified, userId: row.id };
    },
    isMultiEcosystemUser: (user) => new Set(user.roles.map((r) => r.ecosystemId)).size > 1,
    createdAt: async (user) => (await rowOf(user)).createdAt.toISOString(),
    isInternalTeamAccount: (user) => user.platformAdmin,
    // The roles in force (ACTIVE); every role with its status is profile.ecosystemRoles (decision 0034).
    ecosystemRoles: (user) => user.roles.flatMap(({ role, ecosystemId }) => isProgramRole(role) ? [] : [{
      ecosystemId: toGlobalId('Ecosystem', ecosystemId), role, status: 'ACTIVE' as const, supportedSchoolIds: [],
    }]),
    // Roles in force only, so ACTIVE; every role with its status is profile.ecosystemRoles (decision 0034).
    programRoles: (user) => user.roles.flatMap(({ role, ecosystemId, programId }) => isProgramRole(role) && programId ? [{
      ecosystemId: toGlobalId('Ecosystem', ecosystemId), programId: toGlobalId('Program', programId), role, status: 'ACTIVE' as const,
    }] : []),
    profile: (user) => user,
  },
  Profile: {
    firstName: async (user) => (await rowOf(user)).firstName,
    lastName: async (user) => (await rowOf(user)).lastName,
    preferredName: async (user) => (await rowOf(user)).preferredName,
    MFASettings: (user, _args, ctx) => mfaSettingsOf(ctx, user.id),
  },
};
