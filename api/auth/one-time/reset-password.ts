/**
 * RESET_PASSWORD (docs/decisions/0042): asking for a link answers the same whether or not an
 * account has the address, and mails in the background; the link sets a new password under the
 * password policy, ends every session of the person and every other link they hold.
 */
import type { MessageLanguage } from '../../../domain/message/events';
import { messageLanguageOf } from '../../../domain/message/kinds';
import type { Actor } from '../../../domain/shared/events';
import { changePassword, verifyEmail } from '../../../domain/user/handlers';
import { emailSchema } from '../../../domain/user/commands';
import { loadAccount, loadCredentials, USERS_PROJECTION } from '../../../projections/users';
import type { WorkflowEngine } from '../../../workflows/engine/port';
import { hashPassword } from '../password';
import { assertAcceptablePassword } from '../password-policy';
import type { AuthService } from '../service';
import { commandIdOfToken, type OneTimeLinks } from './links';
import { invalidLink } from './verify-email';

/** Links a person can be sent per hour, whoever asks: more requests answer the same and mail nothing. */
export const RESETS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

export interface ResetRequest {
  email: string;
  /** The client address: requests are throttled per address as log-ins are. */
  ip: string;
  /** The reader's language: the mail's, unless the account chose one. */
  locale: MessageLanguage;
}

/**
 * Counts the request under the log-in throttle with a key of its own per address asked for (so
 * RATE_LIMITED depends on what was typed, never on whether an account exists), then mails the
 * link in the background. A malformed address is answered like any other: nothing tells it apart.
 */
export async function requestPasswordReset(links: OneTimeLinks, engine: Pick<WorkflowEngine, 'startWorkflow'>, request: ResetRequest): Promise<void> {
  const parsed = emailSchema.safeParse(request.email);
  const email = parsed.success ? parsed.data : request.email.trim().toLowerCase();
  await links.deps.guard.attempt(`password-reset:${email}`, request.ip, () => Promise.resolve(null));
  if (!parsed.success) return;
  links.inBackground('mailing a password reset link', () => mailResetLink(links, engine, email, request.locale));
}

async function mailResetLink(links: OneTimeLinks, engine: Pick<WorkflowEngine, 'startWorkflow'>, email: string, locale: MessageLanguage): Promise<void> {
  const { apiPool, clock } = links.deps;
  const credentials = await loadCredentials(apiPool, email);
  if (!credentials) return;
  const { userId } = credentials;
  if (await links.tokens.issuedSince(userId, 'RESET_PASSWORD', new Date(clock().getTime() - HOUR_MS)) >= RESETS_PER_HOUR) return;
  await links.mail('RESET_PASSWORD', {
    userId, email, ecosystemId: null, language: await languageOf(links, userId, locale), brand: {}, actor: { userId, role: 'MEMBER' },
  }, engine, (token) => `/reset-password/${encodeURIComponent(token)}`, true);
}

/** The language the person chose in their profile; the reader's when they never chose one. */
export async function languageOf(links: OneTimeLinks, userId: string, locale: MessageLanguage): Promise<MessageLanguage> {
  // The stored profile, not ownProfile's: that one fills an unchosen language with the default.
  const r = await links.deps.apiPool.query<{ language: string | null }>("SELECT profile ->> 'languagePreference' AS language FROM auth.own_profile($1)", [userId]);
  const chosen = r.rows[0]?.language;
  return chosen ? messageLanguageOf(chosen) : locale;
}

/** Whether a reset link still works, for the page to show its form or say it does not. */
export async function resetLinkWorks(links: OneTimeLinks, token: string): Promise<boolean> {
  return (await links.tokens.peek('RESET_PASSWORD', token, links.deps.clock())) !== null;
}

/**
 * Sets the new password of the link's holder. The policy is checked before the link is used up, so
 * a refused password leaves the link working. Then every session of the person ends (a reset is
 * what someone does who fears another has the password) and so do their other reset and log-in
 * links; the address the link reached counts as verified.
 */
export async function resetPassword(auth: AuthService, token: string, newPassword: string): Promise<void> {
  const links = auth.oneTime;
  const { tokens, deps } = links;
  const holder = await tokens.peek('RESET_PASSWORD', token, deps.clock());
  const account = holder ? await loadAccount(deps.apiPool, holder.userId) : null;
  // A link sent to an address the account has since left must not reset the account.
  if (!holder || !account || account.email !== holder.email) throw invalidLink();
  assertAcceptablePassword(newPassword, 'newPassword', { email: account.email });
  const passwordHash = await auth.credentials.hashing(() => hashPassword(newPassword));
  const now = deps.clock();
  if (!(await tokens.consume('RESET_PASSWORD', token, now))) throw invalidLink();
  const actor: Actor = { userId: account.id, role: account.platformAdmin ? 'PLATFORM_ADMIN' : 'MEMBER' };
  const options = { actor, commandId: commandIdOfToken(token), now: now.toISOString() };
  await deps.bus.dispatch(changePassword, { userId: account.id, passwordHash }, options);
  await auth.logoutEverywhere(account.id, 'password_changed');
  await tokens.revokeAll(account.id, ['RESET_PASSWORD', 'LOGIN_USER'], now);
  const verified = await deps.bus.dispatch(verifyEmail, { userId: account.id, email: account.email }, { ...options, commandId: commandIdOfToken(`verify:${token}`) });
  await links.caughtUp(verified.position, [USERS_PROJECTION]);
}
