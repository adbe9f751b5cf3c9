/**
 * VERIFY_EMAIL (docs/decisions/0042): `requestEmailVerification` mails a link to the account's
 * address (sign-up and the e-mail change call it); `confirmEmail` uses a link up and records
 * UserEmailVerified on the user's stream, which the users read model shows as `emailVerified`.
 */
import type { MessageLanguage } from '../../../domain/message/events';
import type { BrandInput } from '../../../domain/message/templates';
import { ValidationError } from '../../../domain/shared/errors';
import type { Actor } from '../../../domain/shared/events';
import { verifyEmail } from '../../../domain/user/handlers';
import { loadAccount, USERS_PROJECTION } from '../../../projections/users';
import type { SentMessage } from '../../../workflows/messages/send';
import type { RequestContext } from '../../context';
import { actorRole } from '../../request-context';
import type { WorkflowEngine } from '../../../workflows/engine/port';
import { completeEmailChange } from './email-change';
import { commandIdOfToken, verifyEmailPath, type OneTimeLinks } from './links';
import { oneTimeMessages } from './messages';

export interface EmailVerificationRequest {
  /** The account whose address is to be verified; the link goes to its current address. */
  userId: string;
  /** The tenant the mail speaks for (its name and terms in `brand`); null for the platform. */
  ecosystemId: string | null;
  language: MessageLanguage;
  brand?: BrandInput;
  /** The same key mails nothing twice (e.g. `signup/<userId>`); without one every call mails a new link. */
  idempotencyKey?: string;
}

/**
 * Mails the person a link that verifies their account's address. Callable from any resolver,
 * signed in or not (sign-up runs before a session exists): the message is recorded as the viewer
 * when there is one, else as the person themself. Earlier links keep working until they expire.
 */
export async function requestEmailVerification(ctx: RequestContext, request: EmailVerificationRequest): Promise<SentMessage> {
  const links = ctx.services.auth.oneTime;
  const account = await loadAccount(links.deps.apiPool, request.userId);
  if (!account) throw new Error(`requestEmailVerification: no account ${request.userId}`);
  const actor: Actor = ctx.viewer ? { userId: ctx.viewer.userId, role: actorRole(ctx.viewer, request.ecosystemId) } : { userId: account.id, role: 'MEMBER' };
  return links.mail('VERIFY_EMAIL', {
    userId: account.id, email: account.email, ecosystemId: request.ecosystemId, language: request.language, brand: request.brand ?? {},
    actor, idempotencyKey: request.idempotencyKey,
  }, ctx.services.engine, verifyEmailPath, false);
}

/** The one answer for a link that does not work, whatever the reason (decision 0042). */
export function invalidLink(): ValidationError {
  return ValidationError.forField('token', oneTimeMessages.linkInvalid);
}

/**
 * Uses a VERIFY_EMAIL link: the address it was sent to becomes verified, once the users read model
 * shows it. The command id derives from the token, so a request retried after a lost answer (when
 * the token is already used) is recognised: a used link whose address is verified answers again.
 */
export async function confirmEmail(links: OneTimeLinks, token: string, engine: Pick<WorkflowEngine, 'startWorkflow'>): Promise<{ email: string }> {
  const { tokens, deps } = links;
  const now = deps.clock();
  const holder = await tokens.consume('VERIFY_EMAIL', token, now) ?? await alreadyConfirmed(links, token, now);
  if (!holder) throw invalidLink();
  const account = await loadAccount(deps.apiPool, holder.userId);
  if (!account) throw invalidLink();
  // A link sent to a new address the person asked for: verifying it is what makes it theirs.
  if (account.email !== holder.email) {
    await completeEmailChange(links, account, holder, token, engine);
    return { email: holder.email };
  }
  const actor: Actor = { userId: holder.userId, role: 'MEMBER' };
  const result = await deps.bus.dispatch(verifyEmail, { userId: holder.userId, email: holder.email },
    { actor, commandId: commandIdOfToken(token), now: now.toISOString() });
  await links.caughtUp(result.position, [USERS_PROJECTION]);
  return { email: holder.email };
}

/** A used, unexpired link whose address the account still has, verified: the same answer again. */
async function alreadyConfirmed(links: OneTimeLinks, token: string, now: Date) {
  const used = await links.tokens.findUsed('VERIFY_EMAIL', token, now);
  if (!used) return null;
  const account = await loadAccount(links.deps.apiPool, used.userId);
  return account?.email === used.email && account.emailVerified ? used : null;
}
