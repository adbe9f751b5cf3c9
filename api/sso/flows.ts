/**
 * Sign-ins under way (migration 0346): what must come back from the provider (state, nonce, PKCE
 * verifier) kept on the server, keyed by the state's hash. Taking a flow deletes it in the same
 * statement, so a state works once and a replayed callback finds nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { SsoProvider } from '../../domain/sso/providers';

export const FLOW_TTL_MS = 10 * 60_000;

export interface SsoFlow {
  ecosystemId: string;
  provider: SsoProvider;
  codeVerifier: string;
  nonce: string;
  /** SAML: the person the IdP's assertion named, once the ACS checked it. */
  provenUserId?: string | null;
  /** A flow started from a link ticket (migration 0348): the signed-in person the account is linked to. */
  linkUserId?: string | null;
}

interface FlowRow { ecosystem_id: string; provider: SsoProvider; code_verifier: string; nonce: string; proven_user_id: string | null; link_user_id: string | null }
const COLUMNS = 'ecosystem_id, provider, code_verifier, nonce, proven_user_id, link_user_id';
const flowOf = (row: FlowRow): SsoFlow => ({
  ecosystemId: row.ecosystem_id, provider: row.provider, codeVerifier: row.code_verifier, nonce: row.nonce, provenUserId: row.proven_user_id,
  linkUserId: row.link_user_id,
});

const hashOf = (state: string): string => createHash('sha256').update(state, 'utf8').digest('hex');

export class FlowStore {
  constructor(private readonly pool: Pool, private readonly clock: () => Date) {}

  async save(state: string, flow: SsoFlow): Promise<void> {
    const now = this.clock();
    await this.pool.query(
      `INSERT INTO auth.sso_flows (state_hash, ecosystem_id, provider, code_verifier, nonce, created_at, expires_at, link_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [hashOf(state), flow.ecosystemId, flow.provider, flow.codeVerifier, flow.nonce, now, new Date(now.getTime() + FLOW_TTL_MS), flow.linkUserId ?? null]);
    // Abandoned sign-ins go with the next one, so the table stays small without a job of its own.
    await this.pool.query('DELETE FROM auth.sso_flows WHERE expires_at < $1', [now]);
  }

  /** The flow of this state, once; null when unknown, used or expired. */
  async take(state: string): Promise<SsoFlow | null> {
    const r = await this.pool.query<FlowRow>(
      `DELETE FROM auth.sso_flows WHERE state_hash = $1 AND expires_at >= $2 RETURNING ${COLUMNS}`, [hashOf(state), this.clock()]);
    return r.rows[0] ? flowOf(r.rows[0]) : null;
  }

  /** The flow of this state while it is live and not proven yet, left in place. */
  async peek(state: string): Promise<SsoFlow | null> {
    const r = await this.pool.query<FlowRow>(
      `SELECT ${COLUMNS} FROM auth.sso_flows WHERE state_hash = $1 AND expires_at >= $2 AND proven_user_id IS NULL`, [hashOf(state), this.clock()]);
    return r.rows[0] ? flowOf(r.rows[0]) : null;
  }

  /** Records who the flow's SAML assertion named; false when the flow is gone or already proven. */
  async prove(state: string, userId: string): Promise<boolean> {
    const r = await this.pool.query('UPDATE auth.sso_flows SET proven_user_id = $2 WHERE state_hash = $1 AND expires_at >= $3 AND proven_user_id IS NULL',
      [hashOf(state), userId, this.clock()]);
    return r.rowCount === 1;
  }
}

export const LINK_TICKET_TTL_MS = 2 * 60_000;

export interface LinkTicket {
  userId: string;
  ecosystemId: string;
  provider: SsoProvider;
}

/**
 * Tickets that let a signed-in person's browser start linking a provider account (migration 0348):
 * the navigation to /sso/:provider/link carries no bearer token, so the ticket, asked for with one,
 * stands for the person once.
 */
export class LinkTicketStore {
  constructor(private readonly pool: Pool, private readonly clock: () => Date) {}

  async issue(ticket: LinkTicket): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.pool.query('DELETE FROM auth.sso_link_tickets WHERE expires_at < $1', [now]);
    await this.pool.query('INSERT INTO auth.sso_link_tickets (ticket_hash, user_id, ecosystem_id, provider, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [hashOf(token), ticket.userId, ticket.ecosystemId, ticket.provider, new Date(now.getTime() + LINK_TICKET_TTL_MS)]);
    return token;
  }

  /** The ticket's person, ecosystem and provider, once; null when unknown, used, expired or for another provider. */
  async take(token: string, provider: SsoProvider): Promise<LinkTicket | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const r = await this.pool.query<{ user_id: string; ecosystem_id: string }>(
      'DELETE FROM auth.sso_link_tickets WHERE ticket_hash = $1 AND expires_at >= $2 AND provider = $3 RETURNING user_id, ecosystem_id',
      [hashOf(token), this.clock(), provider]);
    return r.rows[0] ? { userId: r.rows[0].user_id, ecosystemId: r.rows[0].ecosystem_id, provider } : null;
  }
}
