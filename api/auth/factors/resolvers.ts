/**
 * loginPaasMFA, changePassword and the multi-factor set-up mutations (schema/factors.graphql),
 * and Profile.MFASettings. Set-up and turning off run as the signed-in person through ctx.execute
 * (idempotent, decision 0017); the set-up an ecosystem requires at log-in runs with the log-in's
 * userIdToken instead, before any session exists (docs/decisions/0039).
 */
import { z } from 'zod';
import { disableMfa as disableMfaCommand } from '../../../domain/mfa/handlers';
import { ForbiddenError, UnauthenticatedError, ValidationError } from '../../../domain/shared/errors';
import type { Resolvers } from '../../__generated__/resolvers';
import type { RequestContext } from '../../context';
import { setRefreshCookies } from '../cookie';
import { MAX_PASSWORD_LENGTH } from '../password';
import { requireViewer } from '../policy';
import { PLATFORM_ADMIN_HOME } from '../resolvers';
import { viewerUser, type UserSource } from '../user-source';
import { loadAccount } from '../../../projections/users';
import { languageOf } from '../one-time/by-email';
import { maskedAddress } from './email-codes';
import { zodMessage } from '../../../domain/shared/i18n';
import { factorMessages } from './messages';
import type { FactorOwner, RunCommand } from './service';

const USER_ID_TOKEN_MAX = 4096;
const code = z.string().max(64);
/** A code the person must type: white space (a pasted line break too) is dropped when it is checked, so only blank is malformed. */
const typedCode = code.refine((v) => /\S/.test(v), { error: zodMessage(factorMessages.codeRequired) });
/**
 * A log-in step's token is a JWT the server signed (base64url parts and dots): anything else was not
 * issued by us, so it gets the words of an expired step, before any work is done for it.
 */
const userIdToken = z.string().max(USER_ID_TOKEN_MAX).regex(/^[\w.-]+$/, { error: zodMessage(factorMessages.stepExpired) });
const password = z.string().max(MAX_PASSWORD_LENGTH * 4);

function clientIp(ctx: RequestContext): string {
  return ctx.clientIp || 'unknown';
}

/** Commands of the signed-in person, through the request: ids derived from its Idempotency-Key. */
function runInRequest(ctx: RequestContext): RunCommand {
  return async (handler, input) => {
    const result = await ctx.execute(handler, input);
    return { state: result.state, replayed: result.replayed };
  };
}

function viewerOwner(ctx: RequestContext): FactorOwner {
  const viewer = requireViewer(ctx);
  return { id: viewer.userId, email: viewer.email, roles: viewer.roles };
}

/** Who sets up a factor: the signed-in person, or the person of a log-in whose ecosystem requires one first. */
async function enrollingOwner(ctx: RequestContext, sent: string | null | undefined): Promise<{ owner: FactorOwner; run: RunCommand }> {
  // Checked even when a signed-in person sends it (and it goes unused): a malformed argument is refused, not ignored.
  const token = z.object({ userIdToken: userIdToken.nullish() }).parse({ userIdToken: sent }).userIdToken;
  if (ctx.viewer) return { owner: viewerOwner(ctx), run: runInRequest(ctx) };
  if (!token) throw new UnauthenticatedError();
  const { auth } = ctx.services;
  const user = await auth.userOfStep(token);
  if (!(await auth.mfa.required(user))) throw new ForbiddenError(factorMessages.enrolmentNotRequired);
  return { owner: user, run: auth.runAs(user) };
}

/** The person's proof for changing their factor: a code of it (app or recovery) or their password, each throttled. */
async function proveOwner(ctx: RequestContext, owner: FactorOwner, proof: { code?: string | null; password?: string | null }): Promise<void> {
  const { auth } = ctx.services;
  if (proof.code) await auth.mfa.verify(owner, proof.code, clientIp(ctx), runInRequest(ctx));
  else if (proof.password) await auth.credentials.checkPassword(owner, proof.password, 'password', clientIp(ctx));
  else throw ValidationError.forField('code', factorMessages.proofRequired);
}

/** The mail's language: the one the person chose, else the reader's. */
function mailLanguage(ctx: RequestContext, userId: string) {
  return languageOf(ctx.services.auth.oneTime, userId, ctx.locale);
}

function viewerAsUser(ctx: RequestContext): UserSource {
  const viewer = requireViewer(ctx);
  return viewerUser(viewer, () => ctx.read((client) => loadAccount(client, viewer.userId)));
}

export const factorResolvers: Resolvers = {
  LoginPaasPayload: {
    // Only the e-mail method has an address to show; the token names whose it is.
    async mfaEmailHint(payload, _args, ctx) {
      if (!payload.mfaMethods.includes('EMAIL')) return null;
      return maskedAddress((await ctx.services.auth.userOfStep(payload.userIdToken)).email);
    },
  },
  Mutation: {
    async loginPaasMFA(_root, args, ctx) {
      const input = z.object({ userIdToken, code: typedCode, enrolMethod: z.enum(['TOTP', 'EMAIL']).nullish() }).parse(args);
      const result = await ctx.services.auth.loginMfa(input.userIdToken, input.code, { ip: clientIp(ctx), enrolMethod: input.enrolMethod });
      setRefreshCookies(ctx.cookies, result.tokens.refreshToken, result.tokens.refreshTokenExpiresAt, ctx.services.clock());
      return { token: result.tokens.accessToken, redirect: result.user.platformAdmin ? PLATFORM_ADMIN_HOME : '/', recoveryCodes: result.recoveryCodes };
    },

    async changePassword(_root, args, ctx) {
      const viewer = requireViewer(ctx);
      const input = z.object({ oldPass: password, newPass: password }).parse(args);
      await ctx.services.auth.changePassword({ userId: viewer.userId, role: viewer.platformAdmin ? 'PLATFORM_ADMIN' : 'MEMBER' }, input.oldPass, input.newPass,
        { ip: clientIp(ctx), bearer: ctx.headers.bearer });
      return true;
    },

    async startMfaTotpEnrolment(_root, args, ctx) {
      const { owner, run } = await enrollingOwner(ctx, args.userIdToken);
      return ctx.services.auth.mfa.startTotp(owner, run);
    },

    async confirmMfaTotpEnrolment(_root, args, ctx) {
      const owner = viewerOwner(ctx);
      const input = z.object({ code: typedCode }).parse(args);
      const recoveryCodes = await ctx.services.auth.mfa.confirmTotp(owner, input.code, ctx.newId('recovery-codes'), clientIp(ctx), runInRequest(ctx));
      return { recoveryCodes, user: viewerAsUser(ctx) };
    },

    async regenerateMfaRecoveryCodes(_root, args, ctx) {
      const owner = viewerOwner(ctx);
      const input = z.object({ code: code.nullish(), password: password.nullish() }).parse(args);
      await proveOwner(ctx, owner, input);
      const recoveryCodes = await ctx.services.auth.mfa.regenerateRecoveryCodes(owner, ctx.newId('recovery-codes'), runInRequest(ctx));
      return { recoveryCodes, user: viewerAsUser(ctx) };
    },

    async startMfaEmailEnrolment(_root, args, ctx) {
      const { owner } = await enrollingOwner(ctx, args.userIdToken);
      await ctx.services.auth.mfa.startEmail(owner, await mailLanguage(ctx, owner.id));
      return true;
    },

    async confirmMfaEmailEnrolment(_root, args, ctx) {
      const owner = viewerOwner(ctx);
      const input = z.object({ code: typedCode }).parse(args);
      const recoveryCodes = await ctx.services.auth.mfa.confirmEmail(owner, input.code, ctx.newId('recovery-codes'), clientIp(ctx), runInRequest(ctx));
      return { recoveryCodes, user: viewerAsUser(ctx) };
    },

    async sendMfaLoginCode(_root, args, ctx) {
      const { auth } = ctx.services;
      const user = await auth.userOfStep(z.object({ userIdToken }).parse(args).userIdToken);
      await auth.mfa.sendLoginCode(user, await mailLanguage(ctx, user.id));
      return true;
    },

    async disableMfa(_root, args, ctx) {
      const owner = viewerOwner(ctx);
      const input = z.object({ code: code.nullish(), password: password.nullish() }).parse(args);
      const { auth } = ctx.services;
      if (await auth.mfa.required(owner)) throw new ForbiddenError(factorMessages.requiredByEcosystem);
      await proveOwner(ctx, owner, input);
      await ctx.execute(disableMfaCommand, { userId: owner.id });
      return viewerAsUser(ctx);
    },
  },
};
