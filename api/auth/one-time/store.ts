/**
 * One-time tokens (migration 0330_auth_one_time_tokens.sql, docs/decisions/0042): 256 random bits
 * handed out once inside a link, kept only as SHA-256 with their kind, user, address and expiry.
 * Using a token is one UPDATE that succeeds only for the right kind while the token is unused,
 * unrevoked and unexpired, so of two requests with one link at most one gets it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../../infra/db/pool';

export const ONE_TIME_KINDS = ['VERIFY_EMAIL', 'RESET_PASSWORD', 'LOGIN_USER'] as const;
export type OneTimeKind = (typeof ONE_TIME_KINDS)[number];

/** Tokens are 32 bytes in base64url: 43 characters. Anything else is refused before any query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface TokenHolder {
  userId: string;
  /** The normalised address the link was sent to. */
  email: string;
  expiresAt: Date;
}

export interface IssueRequest {
  kind: OneTimeKind;
  userId: string;
  email: string;
  ttlMs: number;
  /** Revoke the user's earlier unused links of this kind, so only the newest works. */
  replaceEarlier: boolean;
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

interface HolderRow {
  user_id: string;
  email: string;
  expires_at: Date;
}

function holderOf(rows: HolderRow[]): TokenHolder | null {
  return rows.length ? { userId: rows[0].user_id, email: rows[0].email, expiresAt: rows[0].expires_at } : null;
}

export class OneTimeTokenStore {
  constructor(private readonly db: Queryable) {}

  /** A new token for the link; only its hash is stored. */
  async issue(request: IssueRequest, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + request.ttlMs);
    if (request.replaceEarlier) await this.revokeAll(request.userId, [request.kind], now);
    await this.db.query(
      `INSERT INTO auth.one_time_tokens (token_hash, kind, user_id, email, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [hashToken(token), request.kind, request.userId, request.email, now, expiresAt]);
    return { token, expiresAt };
  }

  /** Who a token of this kind names while it still works, without using it up (e.g. to show a form). */
  async peek(kind: OneTimeKind, token: string, now: Date): Promise<TokenHolder | null> {
    if (!isWellFormedToken(token)) return null;
    const r = await this.db.query<HolderRow>(
      `SELECT user_id, email, expires_at FROM auth.one_time_tokens
        WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3`,
      [hashToken(token), kind, now]);
    return holderOf(r.rows);
  }

  /** Uses the token up: its holder, or null when it is unknown, of another kind, used, revoked or expired. */
  async consume(kind: OneTimeKind, token: string, now: Date): Promise<TokenHolder | null> {
    if (!isWellFormedToken(token)) return null;
    const r = await this.db.query<HolderRow>(
      `UPDATE auth.one_time_tokens SET used_at = $3
        WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3
        RETURNING user_id, email, expires_at`,
      [hashToken(token), kind, now]);
    return holderOf(r.rows);
  }

  /** A token of this kind that was used and has not expired yet: who used it (retries of a request). */
  async findUsed(kind: OneTimeKind, token: string, now: Date): Promise<TokenHolder | null> {
    if (!isWellFormedToken(token)) return null;
    const r = await this.db.query<HolderRow>(
      `SELECT user_id, email, expires_at FROM auth.one_time_tokens
        WHERE token_hash = $1 AND kind = $2 AND used_at IS NOT NULL AND expires_at > $3`,
      [hashToken(token), kind, now]);
    return holderOf(r.rows);
  }

  /** How many links of this kind the user was sent since `since`: the per-account limit of requests for links. */
  async issuedSince(userId: string, kind: OneTimeKind, since: Date): Promise<number> {
    const r = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth.one_time_tokens WHERE user_id = $1 AND kind = $2 AND issued_at > $3', [userId, kind, since]);
    return r.rows[0].n;
  }

  /** Ends the user's unused links of these kinds; answers how many. */
  async revokeAll(userId: string, kinds: readonly OneTimeKind[], now: Date): Promise<number> {
    const r = await this.db.query(
      `UPDATE auth.one_time_tokens SET revoked_at = $3
        WHERE user_id = $1 AND kind = ANY($2::text[]) AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3`,
      [userId, kinds, now]);
    return r.rowCount ?? 0;
  }
}
