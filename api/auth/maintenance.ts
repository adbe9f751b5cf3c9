/**
 * Deletes what auth has let expire (auth.purge_expired, migration 0301): log-in counters past their
 * window, attempts whose lease lapsed, and sessions that ended more than the retention ago; and
 * one-time links expired more than the retention ago (auth.purge_one_time_tokens, migration 0330). Runs in
 * the process every PURGE_INTERVAL_MS once started; maintenance outside the process can call the
 * SQL function or purgeOnce() instead.
 */
import type { Pool } from 'pg';

export const PURGE_INTERVAL_MS = 10 * 60_000;
/** auth.purge_expired handles at most this many sessions a call. */
const SESSION_BATCH = 10_000;

export interface PurgeCounts {
  counters: number;
  attempts: number;
  families: number;
  tokens: number;
  /** One-time links expired more than the retention ago (migration 0330, decision 0042). */
  links: number;
}

export class AuthMaintenance {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly pool: Pool, private readonly retentionMs: number, private readonly clock: () => Date,
    private readonly log: (message: string, err: unknown) => void = (message, err) => console.error(message, err)) {}

  /** One purge, repeated while sessions come back a full batch at a time. */
  async purgeOnce(): Promise<PurgeCounts> {
    const total: PurgeCounts = { counters: 0, attempts: 0, families: 0, tokens: 0, links: 0 };
    for (;;) {
      const r = await this.pool.query<Record<'counters' | 'attempts' | 'families' | 'tokens', string>>(
        'SELECT counters, attempts, families, tokens FROM auth.purge_expired($1, make_interval(secs => $2))',
        [this.clock(), this.retentionMs / 1000]);
      const row = r.rows[0];
      for (const k of ['counters', 'attempts', 'families', 'tokens'] as const) total[k] += Number(row[k]);
      if (Number(row.families) < SESSION_BATCH) break;
    }
    const links = await this.pool.query<{ n: string }>('SELECT auth.purge_one_time_tokens($1, make_interval(secs => $2)) AS n', [this.clock(), this.retentionMs / 1000]);
    total.links = Number(links.rows[0].n);
    return total;
  }

  start(intervalMs = PURGE_INTERVAL_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.purgeOnce()
        .catch((err: unknown) => this.log('[auth] purge of expired log-in counters and sessions failed', err))
        .finally(() => { this.running = null; });
    }, intervalMs);
    // A purge pending is no reason to keep the process alive.
    this.timer.unref();
  }

  /** Stops the timer and waits for a purge under way, so no query runs on a pool being closed. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
