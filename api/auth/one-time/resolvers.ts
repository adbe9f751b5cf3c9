/** The one-time link operations (schema/one-time.graphql, docs/decisions/0042). */
import { z } from 'zod';
import type { Resolvers } from '../../__generated__/resolvers';
import { MAX_PASSWORD_LENGTH } from '../password';
import { setRefreshCookies } from '../cookie';
import { PLATFORM_ADMIN_HOME } from '../resolvers';
import { loginWithLink, requestLoginLink } from './login-link';
import { typedAddress } from '../forms';
import { profileIdSchema } from '../../../domain/ecosystem/config';
import { requestPasswordReset, resetLinkWorks, resetPassword } from './reset-password';
import { userAggregate } from '../../../domain/user/state';
import { viewerUser } from '../user-source';
import { loadAccount } from '../../../projections/users';
import { requestEmailChange, resendEmailVerification } from './email-change';
import { confirmEmail } from './verify-email';
import { NotFoundError } from '../../../domain/shared/errors';
import { getEcosystemProfile } from '../../../projections/tenants/queries';
import type { RequestContext } from '../../context';
import { oneTimeMessages } from './messages';

/** Generous for a 43-character token; longer input is refused before any work. */
const token = z.string().max(200).transform((t) => t.trim());
const password = z.string().max(MAX_PASSWORD_LENGTH * 4);
/** The ecosystem whose pages asked: a profile id (a slug), or nothing; a malformed one is BAD_USER_INPUT, an unknown one NOT_FOUND. */
const linkRequest = z.object({ email: typedAddress, ecosystemProfileId: z.string().trim().toLowerCase().pipe(profileIdSchema).nullish() });

/**
 * The ecosystem whose own pages asked for a link (its public profile id), checked before anything
 * else: an unknown or archived one is NOT_FOUND, whatever the address. It only names the mail's
 * sender (sender.ts); it never changes the answer.
 */
async function askingEcosystem(ctx: RequestContext, profileId: string | null | undefined): Promise<string | null> {
  if (!profileId) return null;
  const profile = await ctx.read((client) => getEcosystemProfile(client, profileId));
  if (!profile || profile.archived) throw new NotFoundError(oneTimeMessages.ecosystemNotFound);
  return profile.ecosystemId;
}

export const oneTimeResolvers: Resolvers = {
  UserEmail: {
    // Read from the user's stream (the read model does not hold it), for the person's own account only.
    async pendingAddress(email, _args, ctx) {
      if (ctx.viewer?.userId !== email.userId) return null;
      const state = await ctx.loadAggregate(userAggregate, email.userId);
      return state.status === 'registered' ? state.pendingEmail : null;
    },
  },
  Query: {
    async passwordResetLinkValid(_root, args, ctx) {
      const input = z.object({ token }).parse(args);
      return resetLinkWorks(ctx.services.auth.oneTime, input.token);
    },
  },
  Mutation: {
    async verifyEmail(_root, args, ctx) {
      const input = z.object({ token }).parse(args);
      return confirmEmail(ctx.services.auth.oneTime, input.token, ctx.services.engine);
    },

    async requestPasswordReset(_root, args, ctx) {
      const input = linkRequest.parse(args);
      await requestPasswordReset(ctx.services.auth.oneTime, ctx.services.engine, {
        email: input.email, ip: ctx.clientIp || 'unknown', locale: ctx.locale, ecosystemId: await askingEcosystem(ctx, input.ecosystemProfileId),
      });
      return true;
    },

    async requestLoginLink(_root, args, ctx) {
      const input = linkRequest.parse(args);
      await requestLoginLink(ctx.services.auth.oneTime, ctx.services.engine, {
        email: input.email, ip: ctx.clientIp || 'unknown', locale: ctx.locale, ecosystemId: await askingEcosystem(ctx, input.ecosystemProfileId),
      });
      return true;
    },

    async loginWithLink(_root, args, ctx) {
      const input = z.object({ token }).parse(args);
      const result = await loginWithLink(ctx.services.auth, input.token);
      if (result.tokens) setRefreshCookies(ctx.cookies, result.tokens.refreshToken, result.tokens.refreshTokenExpiresAt, ctx.services.clock());
      return {
        token: result.tokens?.accessToken ?? null,
        refreshToken: null,
        redirect: result.user.platformAdmin ? PLATFORM_ADMIN_HOME : '/',
        userIdToken: result.userIdToken,
        mfaMethods: result.mfaMethods,
        mfaEnrolmentRequired: result.mfaEnrolmentRequired,
      };
    },

    async requestEmailChange(_root, args, ctx) {
      const input = z.object({ newEmail: z.string().max(320), password }).parse(args);
      await requestEmailChange(ctx, input.newEmail, input.password);
      const viewer = ctx.viewer;
      if (!viewer) throw new Error('requestEmailChange answered without a viewer');
      return viewerUser(viewer, () => ctx.read((client) => loadAccount(client, viewer.userId)));
    },

    async sendEmailVerification(_root, _args, ctx) {
      return resendEmailVerification(ctx);
    },

    async resetPassword(_root, args, ctx) {
      const input = z.object({ token, newPassword: password }).parse(args);
      await resetPassword(ctx.services.auth, input.token, input.newPassword);
      return true;
    },
  },
};
