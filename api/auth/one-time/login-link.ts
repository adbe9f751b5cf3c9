/**
 * LOGIN_USER (docs/decisions/0042): "e-mail me a log-in link" on the log-in page, asked for like a
 * forgotten password (same answer whether or not an account has the address), and /login/:token,
 * which counts as the first factor: the multi-factor step still follows when the account needs it.
 */
import { verifyEmail } from '../../../domain/user/handlers';
import { loadAccount, USERS_PROJECTION } from '../../../projections/users';
import type { WorkflowEngine } from '../../../workflows/engine/port';
import type { AuthService, LoginResult } from '../service';
import { requestLinkByEmail, type LinkKind, type LinkRequest } from './by-email';
import { commandIdOfToken, type OneTimeLinks } from './links';
import { invalidLink } from './verify-email';

export const LOGIN_LINK: LinkKind = { kind: 'LOGIN_USER', path: (token) => `/login/${encodeURIComponent(token)}` };

export function requestLoginLink(links: OneTimeLinks, engine: Pick<WorkflowEngine, 'startWorkflow'>, request: LinkRequest): Promise<void> {
  return requestLinkByEmail(links, engine, LOGIN_LINK, request);
}

/**
 * Uses a log-in link up and answers what a correct password would: the tokens, or the multi-factor
 * step. The address the link reached counts as verified. A link sent to an address the account has
 * since left does not work.
 */
export async function loginWithLink(auth: AuthService, token: string): Promise<LoginResult> {
  const { tokens, deps } = auth.oneTime;
  const now = deps.clock();
  const holder = await tokens.consume('LOGIN_USER', token, now);
  const account = holder ? await loadAccount(deps.apiPool, holder.userId) : null;
  if (!holder || !account || account.email !== holder.email) throw invalidLink();
  const verified = await deps.bus.dispatch(verifyEmail, { userId: account.id, email: account.email },
    { actor: { userId: account.id, role: account.platformAdmin ? 'PLATFORM_ADMIN' : 'MEMBER' }, commandId: commandIdOfToken(token), now: now.toISOString() });
  // The pages the person lands on read the read model: it shows the address verified first.
  await auth.oneTime.caughtUp(verified.position, [USERS_PROJECTION]);
  return auth.afterFirstFactor(account);
}
