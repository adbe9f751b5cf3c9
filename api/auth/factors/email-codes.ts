/**
 * The e-mail code second factor's codes (docs/decisions/0043): 6 random digits mailed with the
 * MFA_CODE template, working once for CODE_MINUTES. They live in auth.one_time_tokens (kind
 * MFA_CODE, migration 0332) beside the one-time links, so single use is one UPDATE and the purge
 * is shared; a new code revokes the person's older ones. A million codes would fall to a plain
 * hash, so only an HMAC under the MFA key with the user id is kept. Sending is limited per person
 * by a cool-down and an hourly count, so nobody can flood a mailbox through the log-in page.
 */
import { randomInt } from 'node:crypto';
import type { Pool } from 'pg';
import type { MessageLanguage } from '../../../domain/message/events';
import { RateLimitedError } from '../../../domain/shared/errors';
import type { Actor } from '../../../domain/shared/events';
import { recordThroughBus, sendMessage, type AnsweringDispatcher } from '../../../workflows/messages/send';
import type { WorkflowEngine } from '../../../workflows/engine/port';
import { factorMessages } from './messages';
import type { SecretBox } from './secret-box';

export const CODE_MINUTES = 10;
/** Seconds between two codes for one person: long enough to stop a flood, short enough to retry a lost mail. */
export const RESEND_COOLDOWN_SECONDS = 60;
export const CODES_PER_HOUR = 6;
const MINUTE_MS = 60_000;
const KIND = 'MFA_CODE';
/** A person's old rows block a code only while kept (until the purge): a handful of draws always finds a free one. */
const MAX_DRAWS = 20;

export interface EmailCodeRecipient {
  userId: string;
  email: string;
  language: MessageLanguage;
}

export interface EmailCodesDeps {
  apiPool: Pool;
  box: SecretBox;
  bus: AnsweringDispatcher;
  clock: () => Date;
  /** The workflow engine that delivers mail; it exists only once the platform has started it. */
  engine: () => Pick<WorkflowEngine, 'startWorkflow'>;
}

export function isEmailCodeShaped(typed: string): boolean {
  return /^\d{6}$/.test(typed);
}

/**
 * Where the code step says the code went (j***@example.com): enough for the person to know which
 * mailbox to open, too little to hand a full address to whoever holds the password.
 */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export class EmailCodes {
  constructor(private readonly deps: EmailCodesDeps) {}

  private hashOf(userId: string, code: string): Buffer {
    return Buffer.from(this.deps.box.digest(`mfa-email-code\n${userId}`, code), 'hex');
  }

  /**
   * When the person may be sent a code again: null now, else the seconds to wait for the hourly
   * limit or the cool-down after the last code. With `unusedOnly` the cool-down counts only a code
   * that still works (a log-in right after the set-up's code was used mails a new one).
   */
  async waitSeconds(userId: string, unusedOnly = false): Promise<number | null> {
    const now = this.deps.clock();
    const r = await this.deps.apiPool.query<{ n: number; last: Date | null; last_live: Date | null; oldest: Date | null }>(
      `SELECT count(*)::int AS n, max(issued_at) AS last, min(issued_at) AS oldest,
              max(issued_at) FILTER (WHERE used_at IS NULL AND revoked_at IS NULL AND expires_at > $4) AS last_live
         FROM auth.one_time_tokens WHERE user_id = $1 AND kind = $2 AND issued_at > $3`,
      [userId, KIND, new Date(now.getTime() - 60 * MINUTE_MS), now]);
    const { n, oldest } = r.rows[0];
    const last = unusedOnly ? r.rows[0].last_live : r.rows[0].last;
    const cooldownEnds = last ? last.getTime() + RESEND_COOLDOWN_SECONDS * 1000 : 0;
    const hourEnds = n >= CODES_PER_HOUR && oldest ? oldest.getTime() + 60 * MINUTE_MS : 0;
    const until = Math.max(cooldownEnds, hourEnds);
    return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : null;
  }

  /**
   * Mails a new code (the older ones stop working); RATE_LIMITED within the cool-down (of any
   * code, or with `unusedOnly` of one that still works) or over the hourly limit.
   */
  async send(to: EmailCodeRecipient, actor: Actor, unusedOnly = false): Promise<void> {
    const wait = await this.waitSeconds(to.userId, unusedOnly);
    if (wait !== null) throw new RateLimitedError(factorMessages.emailCodeWait({ seconds: wait }), wait);
    const now = this.deps.clock();
    const code = await this.issue(to, now);
    await sendMessage({ record: recordThroughBus(this.deps.bus, actor), engine: this.deps.engine() }, {
      ecosystemId: null, channel: 'EMAIL', kind: 'MFA_CODE', language: to.language, to: to.email, recipientUserId: to.userId,
      params: { code, expiresInMinutes: CODE_MINUTES }, brand: {},
      idempotencyKey: `mfa-code/${to.userId}/${now.getTime()}`,
    });
  }

  /** Stores a fresh code's hash; a code equal to an old one of this person (same hash, the key) is drawn again. */
  private async issue(to: EmailCodeRecipient, now: Date): Promise<string> {
    const { apiPool } = this.deps;
    await apiPool.query(
      `UPDATE auth.one_time_tokens SET revoked_at = $3
        WHERE user_id = $1 AND kind = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3`, [to.userId, KIND, now]);
    for (let attempt = 0; attempt < MAX_DRAWS; attempt += 1) {
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      const r = await apiPool.query(
        `INSERT INTO auth.one_time_tokens (token_hash, kind, user_id, email, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (token_hash) DO NOTHING`,
        [this.hashOf(to.userId, code), KIND, to.userId, to.email, now, new Date(now.getTime() + CODE_MINUTES * MINUTE_MS)]);
      if (r.rowCount === 1) return code;
    }
    throw new Error(`EmailCodes: no unused code after ${MAX_DRAWS} draws for ${to.userId}`);
  }

  /**
   * Uses the code up when it is the person's newest, unused and unexpired one, sent to the address
   * the account still has; false otherwise (wrong, used, replaced, expired or sent elsewhere).
   */
  async consume(userId: string, email: string, code: string): Promise<boolean> {
    if (!isEmailCodeShaped(code)) return false;
    const now = this.deps.clock();
    const r = await this.deps.apiPool.query(
      `UPDATE auth.one_time_tokens SET used_at = $4
        WHERE token_hash = $1 AND kind = $2 AND user_id = $3 AND email = $5 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $4
        RETURNING user_id`, [this.hashOf(userId, code), KIND, userId, now, email]);
    return r.rowCount === 1;
  }
}
