/**
 * How long callers waited for a pooled connection: every `pool.connect()` (and so every
 * `pool.query()`) from the call until a client is handed over, including the time to open a new
 * connection when the pool grows. Read by the metrics endpoint (api/metrics.ts) and the benchmarks.
 */

/** Upper bounds of the histogram's buckets, in milliseconds (a last bucket takes the rest). */
export const WAIT_BUCKETS_MS = [0.1, 0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000] as const;

export interface PoolWaitSnapshot {
  /** Connections handed over (or refused) since the pool was made. */
  acquisitions: number;
  /** Of those, the ones that found no idle connection and the pool at its size: they queued. */
  queued: number;
  /** Acquisitions that failed (connection refused, pool ended, timeout). */
  failed: number;
  /** Sum and largest of the waits, in milliseconds. */
  totalMs: number;
  maxMs: number;
  /** Cumulative counts per bucket of WAIT_BUCKETS_MS (Prometheus `le` semantics); the last is every acquisition. */
  cumulative: number[];
}

export class PoolWaits {
  private acquisitions = 0;
  private queued = 0;
  private failed = 0;
  private totalMs = 0;
  private maxMs = 0;
  private readonly counts = new Array<number>(WAIT_BUCKETS_MS.length + 1).fill(0);

  record(waitedMs: number, queued: boolean, ok: boolean): void {
    this.acquisitions += 1;
    if (queued) this.queued += 1;
    if (!ok) this.failed += 1;
    this.totalMs += waitedMs;
    if (waitedMs > this.maxMs) this.maxMs = waitedMs;
    const bucket = WAIT_BUCKETS_MS.findIndex((bound) => waitedMs <= bound);
    this.counts[bucket === -1 ? WAIT_BUCKETS_MS.length : bucket] += 1;
  }

  snapshot(): PoolWaitSnapshot {
    let running = 0;
    const cumulative = this.counts.map((n) => (running += n));
    return { acquisitions: this.acquisitions, queued: this.queued, failed: this.failed, totalMs: this.totalMs, maxMs: this.maxMs, cumulative };
  }
}
