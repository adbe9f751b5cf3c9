/**
 * Rotating refresh tokens with reuse detection (docs/decisions/0007-auth-tokens.md), stored in
 * auth.refresh_token_families / auth.refresh_tokens as app_api. Only SHA-256 hashes of tokens are
 * stored. A family (one log-in) ends at its absolute expiry; each token at its idle expiry.
 *
 * The family row is the lock for everything that changes its tokens: rotation and revocation take
 * it first, so two requests presenting one token run one after the other, and the second sees the
 * first one's exchange. Within the grace window that second request gets a successor of its own
 * (two tabs refreshing together, or a retry after a lost response); after it, it is reuse.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { withTransaction, type Queryable } from '../../infra/db/pool';

export type RevokeReason = 'logout' | 'reuse_detected' | 'password_changed';

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
  userId: string;
  expiresAt: Date;
  /** The family's absolute expiry: access tokens of the session end there too. */
  sessionExpiresAt: Date;
}

export type RotationResult =
  /** `graced`: the token had just been exchanged and was exchanged again within the grace window. */
  | { outcome: 'rotated'; next: IssuedRefreshToken; graced: boolean }
  /** The token was exchanged before the grace window: the family is now revoked. */
  | { outcome: 'reused'; familyId: string; userId: string }
  | { outcome: 'invalid' };

export interface RefreshTokenLifetimes {
  /** Each token's lifetime from its issue (the idle limit). */
  idleMs: number;
  /** A family's lifetime from its log-in (the absolute limit). */
  absoluteMs: number;
  /** How long after its exchange a token may be exchanged again without counting as reuse. */
  graceMs: number;
}

function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

interface TokenRow {
  id: string;
  family_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  family_revoked_at: Date | null;
  family_expires_at: Date;
}

export class RefreshTokenStore {
  constructor(private readonly pool: Pool, private readonly lifetimes: RefreshTokenLifetimes) {}

  /** Starts a new family (one log-in) with its first token. */
  async startFamily(userId: string, now: Date): Promise<IssuedRefreshToken> {
    return withTransaction(this.pool, async (client) => {
      const familyId = randomUUID();
      const familyExpiresAt = new Date(now.getTime() + this.lifetimes.absoluteMs);
      await client.query('INSERT INTO auth.refresh_token_families (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
        [familyId, userId, now, familyExpiresAt]);
      return (await this.insertToken(client, { familyId, userId, familyExpiresAt, rotatedFrom: null }, now)).issued;
    });
  }

  /** Exchanges a token for a successor in the same family; see the module comment for reuse and grace. */
  async rotate(token: string, now: Date): Promise<RotationResult> {
    return withTransaction(this.pool, async (client) => {
      const row = await this.lockedToken(client, tokenHash(token));
      if (!row || row.revoked_at || row.family_revoked_at || row.family_expires_at.getTime() <= now.getTime()) return { outcome: 'invalid' };
      if (row.used_at && now.getTime() - row.used_at.getTime() > this.lifetimes.graceMs) {
        // Someone holds a token that was exchanged a while ago: either the thief or the user is replaying it,
        // and the server cannot tell which, so every token of the family (both of theirs) stops working.
        await revokeFamilies(client, { familyId: row.family_id }, 'reuse_detected', now);
        return { outcome: 'reused', familyId: row.family_id, userId: row.user_id };
      }
      if (row.expires_at.getTime() <= now.getTime()) return { outcome: 'invalid' };
      const next = await this.insertToken(client,
        { familyId: row.family_id, userId: row.user_id, familyExpiresAt: row.family_expires_at, rotatedFrom: row.id }, now);
      // A graced exchange keeps the first exchange's time, so the window never stretches by being used.
      if (!row.used_at) await client.query('UPDATE auth.refresh_tokens SET used_at = $2, replaced_by = $3 WHERE id = $1', [row.id, now, next.id]);
      return { outcome: 'rotated', next: next.issued, graced: row.used_at !== null };
    });
  }

  /** The family and user of a token that is still usable or was rotated (for logout); null when unknown. */
  async familyOf(token: string): Promise<{ familyId: string; userId: string } | null> {
    const r = await this.pool.query<{ family_id: string; user_id: string }>(
      'SELECT family_id, user_id FROM auth.refresh_tokens WHERE token_hash = $1', [tokenHash(token)]);
    return r.rows[0] ? { familyId: r.rows[0].family_id, userId: r.rows[0].user_id } : null;
  }

  /** Revokes the family; returns the ids it revoked (none when it had ended already). */
  async revokeFamily(familyId: string, reason: RevokeReason, now: Date): Promise<string[]> {
    return withTransaction(this.pool, (client) => revokeFamilies(client, { familyId }, reason, now));
  }

  /** Revokes every live family of the user; returns their ids. */
  /** `keepFamilyId`: a session of the user that goes on (the one that changed the password). */
  async revokeAllOfUser(userId: string, reason: RevokeReason, now: Date, keepFamilyId: string | null = null): Promise<string[]> {
    return withTransaction(this.pool, (client) => revokeFamilies(client, { userId, keepFamilyId }, reason, now));
  }

  /** True while the family exists for this user, is not revoked and has not reached its absolute expiry. */
  async isLive(familyId: string, userId: string, now: Date): Promise<boolean> {
    const r = await this.pool.query(
      'SELECT 1 FROM auth.refresh_token_families WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3',
      [familyId, userId, now]);
    return r.rowCount === 1;
  }

  /**
   * Finds the token, locks its family row, then reads the token again in a new statement: under READ
   * COMMITTED only a statement that starts after the lock is granted sees what the previous holder wrote.
   */
  private async lockedToken(client: PoolClient, hash: Buffer): Promise<TokenRow | null> {
    const found = await client.query<{ family_id: string }>('SELECT family_id FROM auth.refresh_tokens WHERE token_hash = $1', [hash]);
    if (!found.rows[0]) return null;
    const family = await client.query<{ revoked_at: Date | null; expires_at: Date }>(
      'SELECT revoked_at, expires_at FROM auth.refresh_token_families WHERE id = $1 FOR UPDATE', [found.rows[0].family_id]);
    const token = await client.query<Omit<TokenRow, 'family_revoked_at' | 'family_expires_at'>>(
      'SELECT id, family_id, user_id, expires_at, used_at, revoked_at FROM auth.refresh_tokens WHERE token_hash = $1', [hash]);
    if (!family.rows[0] || !token.rows[0]) return null;
    return { ...token.rows[0], family_revoked_at: family.rows[0].revoked_at, family_expires_at: family.rows[0].expires_at };
  }

  private async insertToken(client: PoolClient, at: { familyId: string; userId: string; familyExpiresAt: Date; rotatedFrom: string | null },
    now: Date): Promise<{ id: string; issued: IssuedRefreshToken }> {
    // 256 random bits: unguessable, so the token itself is the credential and a hash lookup finds it.
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const expiresAt = new Date(Math.min(now.getTime() + this.lifetimes.idleMs, at.familyExpiresAt.getTime()));
    await client.query(
      `INSERT INTO auth.refresh_tokens (id, family_id, user_id, token_hash, issued_at, expires_at, rotated_from)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, at.familyId, at.userId, tokenHash(token), now, expiresAt, at.rotatedFrom]);
    return { id, issued: { token, familyId: at.familyId, userId: at.userId, expiresAt, sessionExpiresAt: at.familyExpiresAt } };
  }
}

/**
 * Revokes the matching live families and their tokens, locking families in id order; returns their
 * ids. Migration 0302's trigger announces each on auth_sessions when the transaction commits.
 */
async function revokeFamilies(db: Queryable, target: { familyId: string } | { userId: string; keepFamilyId?: string | null }, reason: RevokeReason, now: Date): Promise<string[]> {
  const familyId = 'familyId' in target ? target.familyId : null;
  const userId = 'userId' in target ? target.userId : null;
  const keep = 'keepFamilyId' in target ? target.keepFamilyId ?? null : null;
  const families = await db.query<{ id: string }>(
    `WITH locked AS (
       SELECT id FROM auth.refresh_token_families
        WHERE ($1::uuid IS NULL OR id = $1) AND ($2::uuid IS NULL OR user_id = $2) AND revoked_at IS NULL
          AND ($5::uuid IS NULL OR id <> $5)
        ORDER BY id FOR UPDATE)
     UPDATE auth.refresh_token_families f SET revoked_at = $3, revoked_reason = $4 FROM locked WHERE f.id = locked.id RETURNING f.id`,
    [familyId, userId, now, reason, keep]);
  const ids = families.rows.map((f) => f.id);
  if (ids.length > 0) {
    await db.query('UPDATE auth.refresh_tokens SET revoked_at = $2 WHERE family_id = ANY ($1) AND revoked_at IS NULL', [ids, now]);
  }
  return ids;
}
