/**
 * A changed log-in address is verified before it is used (docs/decisions/0042): the new address is
 * held pending on the user's stream and a VERIFY_EMAIL link goes to it; using the link reserves it
 * (domain/user/email keeps addresses unique), makes it the log-in address, frees the old one, and
 * tells the old address.
 */
import { IllegalStateError, ValidationError } from '../../../domain/shared/errors';
import type { Actor } from '../../../domain/shared/events';
import { emailSchema } from '../../../domain/user/commands';
import { emailKey } from '../../../domain/user/email/decide';
import { userEmailAggregate } from '../../../domain/user/email/state';
import { confirmEmailChange, releaseUserEmail, requestEmailChange as requestEmailChangeCommand, reserveUserEmail } from '../../../domain/user/handlers';
import { userMessages } from '../../../domain/user/messages';
import { userAggregate } from '../../../domain/user/state';
import { loadAccount, USERS_PROJECTION, type AccountRow } from '../../../projections/users';
import { recordThroughBus, sendMessage } from '../../../workflows/messages/send';
import type { WorkflowEngine } from '../../../workflows/engine/port';
import type { RequestContext } from '../../context';
import { requireViewer } from '../policy';
import { LINKS_PER_HOUR, languageOf } from './by-email';
import { commandIdOfToken, verifyEmailPath, type OneTimeLinks } from './links';
import type { TokenHolder } from './store';

const HOUR_MS = 3_600_000;

/**
 * The signed-in person asks to log in with `newEmail`, proving it is them with their password. The
 * answer is the same whether or not the address is free; a link goes to it only when it is, so
 * nobody learns from this which addresses have accounts.
 */
export async function requestEmailChange(ctx: RequestContext, newEmail: string, password: string): Promise<void> {
  const viewer = requireViewer(ctx);
  const parsed = emailSchema.safeParse(newEmail);
  if (!parsed.success) throw ValidationError.forField('newEmail', userMessages.invalidEmail);
  const { auth } = ctx.services;
  const account = await loadAccount(auth.oneTime.deps.apiPool, viewer.userId);
  if (!account) throw new Error(`requestEmailChange: no account ${viewer.userId}`);
  await auth.credentials.checkPassword(account, password, 'password', ctx.clientIp || 'unknown');
  const email = parsed.data;
  await ctx.execute(requestEmailChangeCommand, { userId: account.id, email });
  const holder = await ctx.loadAggregate(userEmailAggregate, emailKey(email));
  if (holder.status === 'reserved' && holder.userId !== account.id) return;
  await mailVerification(ctx, account, email);
}

/**
 * Mails the signed-in person a new verification link: for the pending new address when there is
 * one, else for the account's address while it is unverified. At most a few links an hour; more
 * requests answer the same and mail nothing. Answers whether there was an address to verify.
 */
export async function resendEmailVerification(ctx: RequestContext): Promise<boolean> {
  const viewer = requireViewer(ctx);
  const state = await ctx.loadAggregate(userAggregate, viewer.userId);
  if (state.status !== 'registered') return false;
  const target = state.pendingEmail ?? (state.emailVerified ? null : state.email);
  if (!target) return false;
  const { oneTime } = ctx.services.auth;
  const account = await loadAccount(oneTime.deps.apiPool, viewer.userId);
  if (!account) return false;
  const since = new Date(oneTime.deps.clock().getTime() - HOUR_MS);
  if (await oneTime.tokens.issuedSince(account.id, 'VERIFY_EMAIL', since) < LINKS_PER_HOUR) await mailVerification(ctx, account, target);
  return true;
}

/** The message's key derives from the request's Idempotency-Key (ctx.newId): a repeated request mails nothing more. */
async function mailVerification(ctx: RequestContext, account: AccountRow, email: string): Promise<void> {
  const { oneTime } = ctx.services.auth;
  const actor: Actor = { userId: account.id, role: account.platformAdmin ? 'PLATFORM_ADMIN' : 'MEMBER' };
  await oneTime.mail('VERIFY_EMAIL', {
    userId: account.id, email, ecosystemId: null, language: await languageOf(oneTime, account.id, ctx.locale), brand: {}, actor,
    idempotencyKey: `verify-email/${ctx.newId('verification-mail')}`,
  }, ctx.services.engine, verifyEmailPath, false);
}

/**
 * The link of a pending address was used: reserve the address (CONFLICT EMAIL_TAKEN when someone
 * took it meanwhile), make it the log-in address, free the old one and tell it. Command ids derive
 * from the token, so a retried request changes nothing twice.
 */
export async function completeEmailChange(links: OneTimeLinks, account: AccountRow, holder: TokenHolder, token: string,
  engine: Pick<WorkflowEngine, 'startWorkflow'>): Promise<void> {
  const { bus, clock } = links.deps;
  const state = await bus.load(userAggregate, account.id);
  if (state.status !== 'registered' || (state.pendingEmail !== holder.email && state.email !== holder.email)) {
    throw new IllegalStateError(userMessages.emailNoLongerCurrent, 'EMAIL_NOT_CURRENT');
  }
  const actor: Actor = { userId: account.id, role: account.platformAdmin ? 'PLATFORM_ADMIN' : 'MEMBER' };
  const options = (step: string) => ({ actor, commandId: commandIdOfToken(`${step}:${token}`), now: clock().toISOString() });
  const input = { userId: account.id, email: holder.email };
  await bus.dispatch(reserveUserEmail, input, options('reserve'));
  const changed = await bus.dispatch(confirmEmailChange, input, options('change'));
  await bus.dispatch(releaseUserEmail, { userId: account.id, email: account.email }, options('release'));
  await sendMessage({ record: recordThroughBus(bus, actor), engine }, {
    ecosystemId: null, channel: 'EMAIL', kind: 'EMAIL_CHANGED', language: await languageOf(links, account.id, 'en'), to: account.email,
    recipientUserId: account.id, params: { newEmail: holder.email }, brand: {}, idempotencyKey: `email-changed/${commandIdOfToken(token)}`,
  });
  await links.caughtUp(changed.position, [USERS_PROJECTION]);
}
