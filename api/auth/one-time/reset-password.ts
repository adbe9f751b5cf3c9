/**
 * RESET_PASSWORD (docs/decisions/0042): asking for a link answers the same whether or not an
 * account has the address, and mails in the background; the link sets a new password under the
 * password policy, ends every session of the person and every other link they hold.
 */
import type { Actor } from '../../../domain/shared/events';
import { changePassword, verifyEmail } from '../../../domain/user/handlers';
import { loadAccount, USERS_PROJECTION } from '../../../projections/users';
import type { WorkflowEngine } from '../../../workflows/engine/port';
import { hashPassword } from '../password';
import { assertAcceptablePassword } from '../password-policy';
import type { AuthService } from '../service';
import { requestLinkByEmail, type LinkKind, type LinkRequest } from './by-email';
import { commandIdOfToken, type OneTimeLinks } from './links';
import { invalidLink } from './verify-email';

export const RESET_LINK: LinkKind = { kind: 'RESET_PASSWORD', path: (token) => `/reset-password/${encodeURIComponent(token)}` };

/** Mails a reset link when an account has the address; answers the same either way (by-email.ts). */
export function requestPasswordReset(links: OneTimeLinks, engine: Pick<WorkflowEngine, 'startWorkflow'>, request: LinkRequest): Promise<void> {
  return requestLinkByEmail(links, engine, RESET_LINK, request);
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
