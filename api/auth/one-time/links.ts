/**
 * One-time links (docs/decisions/0042): minting a token, building its link from PUBLIC_URL (never
 * from a request's Host header, which an attacker could set to receive someone else's link), and
 * mailing it through the message path of decision 0036. Each kind's flow (verify-email.ts, ...)
 * builds on this.
 */
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type { MessageLanguage } from '../../../domain/message/events';
import type { BrandInput, TemplateParams } from '../../../domain/message/templates';
import type { Actor, Position } from '../../../domain/shared/events';
import { publicUrl, type Config } from '../../../infra/config';
import { recordThroughBus, sendMessage, type SentMessage } from '../../../workflows/messages/send';
import type { WorkflowEngine } from '../../../workflows/engine/port';
import type { LoginGuard } from '../login-guard';
import type { AuthBus } from '../service';
import { hashToken, OneTimeTokenStore, type OneTimeKind } from './store';

const MINUTE_MS = 60_000;

export const VERIFY_EMAIL_PATH = '/verify/email';
/** The web app's route of a VERIFY_EMAIL link. */
export const verifyEmailPath = (token: string) => `${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;

/** How long each kind of link works: long enough to reach a mailbox, short enough to limit a leak. */
export const LINK_MINUTES: Record<OneTimeKind, number> = { VERIFY_EMAIL: 24 * 60, RESET_PASSWORD: 60, LOGIN_USER: 15 };

/** The message template of each kind of link. */
const TEMPLATE_OF = { VERIFY_EMAIL: 'VERIFY_EMAIL', RESET_PASSWORD: 'RESET_PASSWORD', LOGIN_USER: 'LOGIN_LINK' } as const;

export interface OneTimeLinksDeps {
  apiPool: Pool;
  bus: AuthBus;
  projections: { waitFor(position: Position, names?: readonly string[], timeoutMs?: number): Promise<boolean> };
  clock: () => Date;
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'PROJECTION_WAIT_MS'>;
  /** The log-in throttle (decision 0015): requests for links are throttled like passwords. */
  guard: LoginGuard;
  log: (message: string, err: unknown) => void;
}

/** Who a link goes to and in whose name it speaks. */
export interface LinkMail {
  userId: string;
  /** The normalised address the link is sent to and will prove. */
  email: string;
  /** The tenant the mail is about (its name and terms in `brand`); null for a platform mail. */
  ecosystemId: string | null;
  language: MessageLanguage;
  brand: BrandInput;
  /** Who asked: recorded on the message's events. */
  actor: Actor;
  /** The same key sends nothing twice (decision 0036); by default every call mails a new link. */
  idempotencyKey?: string;
}

/** A command id derived from a token, so that using one link twice can never record twice. */
export function commandIdOfToken(token: string): string {
  const hex = createHash('sha256').update('one-time-command/').update(hashToken(token)).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class OneTimeLinks {
  readonly tokens: OneTimeTokenStore;
  private readonly pending = new Set<Promise<void>>();

  constructor(readonly deps: OneTimeLinksDeps) {
    this.tokens = new OneTimeTokenStore(deps.apiPool);
  }

  /** The web app's address of `path` (which starts with a slash). */
  url(path: string): string {
    return publicUrl(this.deps.config, path);
  }

  /**
   * Mints a link of `kind` for the person and mails it. `pathOf` places the token in the web app's
   * route (`/reset-password/<token>`). Earlier unused links of the kind stop working when
   * `replaceEarlier` is set.
   */
  async mail(kind: OneTimeKind, mail: LinkMail, engine: Pick<WorkflowEngine, 'startWorkflow'>, pathOf: (token: string) => string,
    replaceEarlier: boolean): Promise<SentMessage> {
    const now = this.deps.clock();
    const minutes = LINK_MINUTES[kind];
    const { token } = await this.tokens.issue({ kind, userId: mail.userId, email: mail.email, ttlMs: minutes * MINUTE_MS, replaceEarlier }, now);
    const params: TemplateParams['VERIFY_EMAIL'] = { url: this.url(pathOf(token)), expiresInMinutes: minutes };
    const key = mail.idempotencyKey ?? `${kind.toLowerCase()}/${mail.userId}/${hashToken(token).toString('hex').slice(0, 32)}`;
    return sendMessage({ record: recordThroughBus(this.deps.bus, mail.actor), engine }, {
      ecosystemId: mail.ecosystemId, channel: 'EMAIL', kind: TEMPLATE_OF[kind], language: mail.language, to: mail.email,
      recipientUserId: mail.userId, params, brand: mail.brand, idempotencyKey: key,
    });
  }

  /**
   * Runs `work` after the answer: requests that must answer the same whether or not an account
   * exists (a forgotten password) mail in the background, so their answer takes no longer when one
   * does. A failure is logged, as no client waits for it.
   */
  inBackground(what: string, work: () => Promise<void>): void {
    const run = work().catch((err: unknown) => this.deps.log(`[auth] ${what} failed`, err)).finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** Resolves once the background work started so far has ended (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Waits (bounded) until the named projections show what a link did. */
  async caughtUp(position: Position | null, names: readonly string[]): Promise<boolean> {
    return position ? this.deps.projections.waitFor(position, names, this.deps.config.PROJECTION_WAIT_MS) : true;
  }
}
