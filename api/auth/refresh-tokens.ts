/**
 * Rotating refresh tokens with reuse detection (docs/decisions/0007-auth-tokens.md), stored in
 * auth.refresh_token_families / auth.refresh_tokens as app_api. Only SHA-256 hashes of tokens are
 * stored. Rotation runs in one transaction with the presented token's row locked, so two requests
 * racing with one token cannot both rotate it: the second sees it used and revokes the family.
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
}

export type RotationResult =
  | { outcome: 'rotated'; next: IssuedRefreshToken }
  /** The token was already exchanged once: the family is now revoked. */
  | { outcome: 'reused'; familyId: string; userId: string }
  | { outcome: 'invalid' };

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
}

export class RefreshTokenStore {
  constructor(private readonly pool: Pool, private readonly ttlMs: number) {}

  /** Starts a new family (one log-in) with its first token. */
  async startFamily(userId: string, now: Date): Promise<IssuedRefreshToken> {
    return withTransaction(this.pool, async (client) => {
      const familyId = randomUUID();
      await client.query('INSERT INTO auth.refresh_token_families (id, user_id, created_at) VALUES ($1, $2, $3)', [familyId, userId, now]);
      return (await this.insertToken(client, familyId, userId, now)).issued;
    });
  }

  /** Exchanges a token for its successor in the same family; a second exchange of one token revokes the family. */
  async rotate(token: string, now: Date): Promise<RotationResult> {
    return withTransaction(this.pool, async (client) => {
      const r = await client.query<TokenRow>(
        `SELECT t.id, t.family_id, t.user_id, t.expires_at, t.used_at, t.revoked_at, f.revoked_at AS family_revoked_at
           FROM auth.refresh_tokens t JOIN auth.refresh_token_families f ON f.id = t.family_id
          WHERE t.token_hash = $1
          FOR UPDATE OF t`,
        [tokenHash(token)]);
      const row = r.rows[0];
      if (!row || row.revoked_at || row.family_revoked_at) return { outcome: 'invalid' };
      if (row.used_at) {
        // Someone holds a token that was already exchanged: either the thief or the user is replaying it,
        // and the server cannot tell which, so every token of the family (both of theirs) stops working.
        await revokeFamilies(client, { familyId: row.family_id }, 'reuse_detected', now);
        return { outcome: 'reused', familyId: row.family_id, userId: row.user_id };
      }
      if (row.expires_at.getTime() <= now.getTime()) return { outcome: 'invalid' };
      const next = await this.insertToken(client, row.family_id, row.user_id, now);
      await client.query('UPDATE auth.refresh_tokens SET used_at = $2, replaced_by = $3 WHERE id = $1', [row.id, now, next.id]);
      return { outcome: 'rotated', next: next.issued };
    });
  }

  /** The family and user of a token that is still usable or was rotated (for logout); null when unknown. */
  async familyOf(token: string): Promise<{ familyId: string; userId: string } | null> {
    const r = await this.pool.query<{ family_id: string; user_id: string }>(
      'SELECT family_id, user_id FROM auth.refresh_tokens WHERE token_hash = $1', [tokenHash(token)]);
    return r.rows[0] ? { familyId: r.rows[0].family_id, userId: r.rows[0].user_id } : null;
  }

  async revokeFamily(familyId: string, reason: RevokeReason, now: Date): Promise<number> {
    return withTransaction(this.pool, (client) => revokeFamilies(client, { familyId }, reason, now));
  }

  async revokeAllOfUser(userId: string, reason: RevokeReason, now: Date): Promise<number> {
    return withTransaction(this.pool, (client) => revokeFamilies(client, { userId }, reason, now));
  }

  /** True while the family exists for this user and has not been revoked (access tokens name their family). */
  async isLive(familyId: string, userId: string): Promise<boolean> {
    const r = await this.pool.query(
      'SELECT 1 FROM auth.refresh_token_families WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL', [familyId, userId]);
    return r.rowCount === 1;
  }

  private async insertToken(client: PoolClient, familyId: string, userId: string, now: Date): Promise<{ id: string; issued: IssuedRefreshToken }> {
    // 256 random bits: unguessable, so the token itself is the credential and a hash lookup finds it.
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    await client.query(
      `INSERT INTO auth.refresh_tokens (id, family_id, user_id, token_hash, issued_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, familyId, userId, tokenHash(token), now, expiresAt]);
    return { id, issued: { token, familyId, userId, expiresAt } };
  }
}

/** Revokes the matching live families and their tokens; returns how many families. */
async function revokeFamilies(db: Queryable, target: { familyId: string } | { userId: string }, reason: RevokeReason, now: Date): Promise<number> {
  const familyId = 'familyId' in target ? target.familyId : null;
  const userId = 'userId' in target ? target.userId : null;
  const families = await db.query<{ id: string }>(
    `UPDATE auth.refresh_token_families SET revoked_at = $3, revoked_reason = $4
      WHERE ($1::uuid IS NULL OR id = $1) AND ($2::uuid IS NULL OR user_id = $2) AND revoked_at IS NULL RETURNING id`,
    [familyId, userId, now, reason]);
  const ids = families.rows.map((f) => f.id);
  if (ids.length > 0) {
    await db.query('UPDATE auth.refresh_tokens SET revoked_at = $2 WHERE family_id = ANY ($1) AND revoked_at IS NULL', [ids, now]);
  }
  return ids.length;
}
