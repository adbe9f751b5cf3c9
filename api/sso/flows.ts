/**
 * Sign-ins under way (migration 0346): what must come back from the provider (state, nonce, PKCE
 * verifier) kept on the server, keyed by the state's hash. Taking a flow deletes it in the same
 * statement, so a state works once and a replayed callback finds nothing.
 */
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type { SsoProvider } from '../../domain/sso/providers';

export const FLOW_TTL_MS = 10 * 60_000;

export interface SsoFlow {
  ecosystemId: string;
  provider: SsoProvider;
  codeVerifier: string;
  nonce: string;
}

const hashOf = (state: string): string => createHash('sha256').update(state, 'utf8').digest('hex');

export class FlowStore {
  constructor(private readonly pool: Pool, private readonly clock: () => Date) {}

  async save(state: string, flow: SsoFlow): Promise<void> {
    const now = this.clock();
    await this.pool.query(
      `INSERT INTO auth.sso_flows (state_hash, ecosystem_id, provider, code_verifier, nonce, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [hashOf(state), flow.ecosystemId, flow.provider, flow.codeVerifier, flow.nonce, now, new Date(now.getTime() + FLOW_TTL_MS)]);
    // Abandoned sign-ins go with the next one, so the table stays small without a job of its own.
    await this.pool.query('DELETE FROM auth.sso_flows WHERE expires_at < $1', [now]);
  }

  /** The flow of this state, once; null when unknown, used or expired. */
  async take(state: string): Promise<SsoFlow | null> {
    const r = await this.pool.query<{ ecosystem_id: string; provider: SsoProvider; code_verifier: string; nonce: string }>(
      'DELETE FROM auth.sso_flows WHERE state_hash = $1 AND expires_at >= $2 RETURNING ecosystem_id, provider, code_verifier, nonce',
      [hashOf(state), this.clock()]);
    const row = r.rows[0];
    return row ? { ecosystemId: row.ecosystem_id, provider: row.provider, codeVerifier: row.code_verifier, nonce: row.nonce } : null;
  }
}
