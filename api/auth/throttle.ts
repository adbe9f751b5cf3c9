/**
 * Log-in throttling in PostgreSQL (docs/decisions/0015-login-throttling.md): the rules of
 * throttle-rules.ts over auth.login_counters (failures per rule) and auth.login_attempts (checks
 * under way). A log-in first reserves an attempt, which is refused, allowed, or waits (in arrival
 * order, turns.ts) while only unfinished attempts fill a limit; after the password check it
 * settles the attempt as a success or a failure. Each step is one transaction that locks the rule rows it reads, always in the
 * order of SCOPES, so concurrent log-ins of one key see each other's reservations and settle-ments.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { withTransaction } from '../../infra/db/pool';
import {
  afterFailure, afterSuccess, ATTEMPT_LEASE_MS, EMPTY_COUNTER, expiryOf, judge, SCOPES,
  type Counter, type Rule, type Scope, type Verdict,
} from './throttle-rules';
import { KeyedTurns } from './turns';

export function throttleKey(normalisedEmail: string): string {
  return createHash('sha256').update(normalisedEmail, 'utf8').digest('hex');
}

export interface AttemptKey {
  /** sha256 of the normalised e-mail (throttleKey), whether or not an account has it. */
  accountKey: string;
  ip: string;
}

export interface Reservation {
  id: string;
  key: AttemptKey;
}

export type ReserveResult =
  | { kind: 'reserved'; reservation: Reservation }
  | { kind: 'refused'; scope: Scope; retryAfterMs: number }
  /** Waited maxWaitMs for unfinished attempts of the same key without getting a turn. */
  | { kind: 'busy' };

export type Outcome = 'success' | 'failure' | 'abandoned';

/** How long a log-in waits for others of the same key to finish before it answers busy. */
export const MAX_WAIT_MS = 10_000;
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 200;

function rowKey(scope: Scope, key: AttemptKey): string {
  switch (scope) {
    case 'account_address': return `${key.accountKey} ${key.ip}`;
    case 'account': return key.accountKey;
    case 'address': return key.ip;
    case 'global': return '';
  }
}

interface CounterRow { scope: Scope; failures: number; window_started_at: Date | null; last_success_at: Date | null }

const toCounter = (row: CounterRow): Counter =>
  ({ failures: row.failures, windowStartedAt: row.window_started_at, lastSuccessAt: row.last_success_at });

export class LoginThrottle {
  private readonly maxWaitMs: number;
  private readonly turns = new KeyedTurns();

  constructor(private readonly pool: Pool, private readonly rules: Record<Scope, Rule>, options: { maxWaitMs?: number } = {}) {
    this.maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  }

  /**
   * Reserves an attempt for `key`, waiting (with a growing pause, never holding a connection) while
   * only unfinished attempts fill a limit. `clock` is read afresh on every try.
   */
  async reserve(key: AttemptKey, clock: () => Date): Promise<ReserveResult> {
    const startedAt = Date.now();
    // Log-ins of one account and address ask in arrival order (turns.ts), so a later one never takes the place a waiter waits for.
    const turn = await this.turns.enter(rowKey('account_address', key));
    try {
      for (let pause = FIRST_POLL_MS; ; pause = Math.min(MAX_POLL_MS, pause * 2)) {
        const { verdict, id } = await this.tryReserve(key, clock());
        if (verdict.kind === 'allow') return { kind: 'reserved', reservation: { id, key } };
        if (verdict.kind === 'refuse') return { kind: 'refused', scope: verdict.scope, retryAfterMs: verdict.retryAfterMs };
        if (Date.now() - startedAt >= this.maxWaitMs) return { kind: 'busy' };
        // Woken at once when an attempt of this process finishes; the timed pause (with jitter, so
        // waiters of several processes do not all come back at one instant) finds other processes' ones.
        await turn.pause(pause / 2 + Math.random() * pause);
      }
    } finally {
      turn.leave();
    }
  }

  /** Ends an attempt: counts a failure, records a success, or just lets it go (the check never ran). */
  async settle(reservation: Reservation, outcome: Outcome, now: Date): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      if (outcome !== 'abandoned') {
        const scopes = outcome === 'failure' ? SCOPES : (['account_address'] as const);
        const counters = await this.lockCounters(client, reservation.key, scopes, now);
        const next = scopes.map((scope) => {
          const before = counters.get(scope) ?? EMPTY_COUNTER;
          const after = outcome === 'failure' ? afterFailure(before, this.rules[scope], now) : afterSuccess(before, this.rules[scope], now);
          return { scope, counter: after, expiresAt: expiryOf(after, this.rules[scope], now) };
        });
        await client.query(
          `UPDATE auth.login_counters c SET failures = u.failures, window_started_at = u.window_started_at,
                  last_success_at = u.last_success_at, expires_at = u.expires_at
             FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[])
                  AS u(scope, key, failures, window_started_at, last_success_at, expires_at)
            WHERE c.scope = u.scope AND c.key = u.key`,
          [next.map((n) => n.scope), next.map((n) => rowKey(n.scope, reservation.key)), next.map((n) => n.counter.failures),
            next.map((n) => n.counter.windowStartedAt), next.map((n) => n.counter.lastSuccessAt), next.map((n) => n.expiresAt)]);
      }
      // In the same transaction as the count, so no reservation ever sees the attempt gone but its failure not yet counted.
      await client.query('DELETE FROM auth.login_attempts WHERE id = $1', [reservation.id]);
    });
    this.turns.wakeAll();
  }

  private async tryReserve(key: AttemptKey, now: Date): Promise<{ verdict: Verdict; id: string }> {
    return withTransaction(this.pool, async (client) => {
      const keyed = SCOPES.filter((s) => s !== 'global');
      const counters = await this.lockCounters(client, key, keyed, now);
      const r = await client.query<{ account: number; account_address: number; address: number } & Partial<CounterRow>>(
        `SELECT (SELECT count(*) FROM auth.login_attempts WHERE account_key = $1 AND lease_until > $3)::int AS account,
                (SELECT count(*) FROM auth.login_attempts WHERE account_key = $1 AND ip = $2 AND lease_until > $3)::int AS account_address,
                (SELECT count(*) FROM auth.login_attempts WHERE ip = $2 AND lease_until > $3)::int AS address,
                g.failures, g.window_started_at
           FROM (SELECT 1) AS one LEFT JOIN auth.login_counters g ON g.scope = 'global' AND g.key = ''`,
        [key.accountKey, key.ip, now]);
      const row = r.rows[0];
      const global: Counter = { failures: row.failures ?? 0, windowStartedAt: row.window_started_at ?? null, lastSuccessAt: null };
      const verdict = judge(this.rules, {
        counters: {
          account: counters.get('account') ?? EMPTY_COUNTER,
          account_address: counters.get('account_address') ?? EMPTY_COUNTER,
          address: counters.get('address') ?? EMPTY_COUNTER,
          global,
        },
        inFlight: { account: row.account, account_address: row.account_address, address: row.address, global: 0 },
      }, now);
      const id = randomUUID();
      if (verdict.kind === 'allow') {
        await client.query('INSERT INTO auth.login_attempts (id, account_key, ip, started_at, lease_until) VALUES ($1, $2, $3, $4, $5)',
          [id, key.accountKey, key.ip, now, new Date(now.getTime() + ATTEMPT_LEASE_MS)]);
      }
      return { verdict, id };
    });
  }

  /** Creates the missing rows of `scopes` for `key`, then locks and reads them in SCOPES order. */
  private async lockCounters(client: PoolClient, key: AttemptKey, scopes: readonly Scope[], now: Date): Promise<Map<Scope, Counter>> {
    const ordered = SCOPES.filter((s) => scopes.includes(s));
    const keys = ordered.map((s) => rowKey(s, key));
    await client.query(
      `INSERT INTO auth.login_counters (scope, key, expires_at)
       SELECT scope, key, $3 FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(scope, key, n) ORDER BY n
       ON CONFLICT (scope, key) DO NOTHING`,
      [ordered, keys, new Date(now.getTime() + ATTEMPT_LEASE_MS)]);
    const r = await client.query<CounterRow>(
      `SELECT c.scope, c.failures, c.window_started_at, c.last_success_at
         FROM auth.login_counters c JOIN unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(scope, key, n) ON c.scope = u.scope AND c.key = u.key
        ORDER BY u.n FOR UPDATE OF c`,
      [ordered, keys]);
    return new Map(r.rows.map((row) => [row.scope, toCounter(row)]));
  }
}
