/**
 * Asking for a link by typing an address (a forgotten password, a log-in link): the answer is the
 * same whether or not an account has the address, and comes before any work that depends on it
 * (docs/decisions/0042).
 */
import type { MessageLanguage } from '../../../domain/message/events';
import { messageLanguageOf } from '../../../domain/message/kinds';
import { emailSchema } from '../../../domain/user/commands';
import { loadCredentials } from '../../../projections/users';
import type { WorkflowEngine } from '../../../workflows/engine/port';
import type { OneTimeLinks } from './links';
import { linkSenderOf } from './sender';
import type { OneTimeKind } from './store';

/** Links of one kind a person can be sent per hour, whoever asks: more requests answer the same and mail nothing. */
export const LINKS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

export interface LinkRequest {
  email: string;
  /** The client address: requests are throttled per address as log-ins are. */
  ip: string;
  /** The reader's language: the mail's, unless the account chose one. */
  locale: MessageLanguage;
  /** The ecosystem whose own pages asked (validated by the caller): its name on the mail when the account belongs to it (sender.ts). */
  ecosystemId?: string | null;
}

export interface LinkKind {
  kind: Exclude<OneTimeKind, 'VERIFY_EMAIL'>;
  /** The web app's route of the link. */
  path: (token: string) => string;
}

/**
 * Counts the request under the log-in throttle with an account key of its own per kind and address
 * asked for (so RATE_LIMITED depends on what was typed, never on whether an account exists), then
 * mails the link in the background. A malformed address is answered like any other.
 */
export async function requestLinkByEmail(links: OneTimeLinks, engine: Pick<WorkflowEngine, 'startWorkflow'>, spec: LinkKind, request: LinkRequest): Promise<void> {
  const parsed = emailSchema.safeParse(request.email);
  const email = parsed.success ? parsed.data : request.email.trim().toLowerCase();
  await links.deps.guard.attempt(`${spec.kind.toLowerCase()}:${email}`, request.ip, () => Promise.resolve(null));
  if (!parsed.success) return;
  links.inBackground(`mailing a ${spec.kind} link`, () => mailLink(links, engine, spec, email, request));
}

async function mailLink(links: OneTimeLinks, engine: Pick<WorkflowEngine, 'startWorkflow'>, spec: LinkKind, email: string, request: LinkRequest): Promise<void> {
  const { apiPool, clock } = links.deps;
  const credentials = await loadCredentials(apiPool, email);
  if (!credentials) return;
  const { userId } = credentials;
  if (await links.tokens.issuedSince(userId, spec.kind, new Date(clock().getTime() - HOUR_MS)) >= LINKS_PER_HOUR) return;
  const sender = await linkSenderOf(links, userId, request.ecosystemId ?? null);
  await links.mail(spec.kind, {
    userId, email, ...sender, language: await languageOf(links, userId, request.locale), actor: { userId, role: 'MEMBER' },
  }, engine, spec.path, true);
}

/** The language the person chose in their profile; the reader's when they never chose one. */
export async function languageOf(links: OneTimeLinks, userId: string, locale: MessageLanguage): Promise<MessageLanguage> {
  // The stored profile, not ownProfile's: that one fills an unchosen language with the default.
  const r = await links.deps.apiPool.query<{ language: string | null }>("SELECT profile ->> 'languagePreference' AS language FROM auth.own_profile($1)", [userId]);
  const chosen = r.rows[0]?.language;
  return chosen ? messageLanguageOf(chosen) : locale;
}
