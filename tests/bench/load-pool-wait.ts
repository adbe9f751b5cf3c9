/**
 * L4's third figure: how long requests waited for a pooled database connection. The server
 * measures it (issue 11 section 1): with METRICS_PORT set it serves GET /metrics on a loopback
 * listener of its own, in the Prometheus text format, with the histogram
 * `db_pool_acquire_seconds{pool}` (its `_sum` and `_count`) and `db_pool_acquire_queued_total` /
 * `db_pool_acquire_failed_total` per pool, and prints "Metrics on <url>" at start. The bench reads
 * them before and after each measured run. A server without the listener gives no figure, and
 * L4 says "not available" rather than guessing from outside (a client cannot see a pool's queue).
 */

export interface PoolCounters {
  /** Total time checkouts waited, ms. */
  sumMs: number;
  /** Checkouts. */
  count: number;
  /** Checkouts that found every connection busy and queued. */
  queued: number;
  failed: number;
}

/** Counters by pool name (api, owner), since the server started. */
export type PoolSnapshot = Record<string, PoolCounters>;

const SAMPLE = /^(db_pool_acquire_seconds_sum|db_pool_acquire_seconds_count|db_pool_acquire_queued_total|db_pool_acquire_failed_total)\{pool="([^"]+)"\}\s+(\S+)$/;

export function parsePoolMetrics(text: string): PoolSnapshot {
  const out: PoolSnapshot = {};
  for (const line of text.split('\n')) {
    const m = SAMPLE.exec(line.trim());
    if (!m) continue;
    const pool = (out[m[2]] ??= { sumMs: 0, count: 0, queued: 0, failed: 0 });
    const value = Number(m[3]);
    if (m[1] === 'db_pool_acquire_seconds_sum') pool.sumMs = value * 1000;
    else if (m[1] === 'db_pool_acquire_seconds_count') pool.count = value;
    else if (m[1] === 'db_pool_acquire_queued_total') pool.queued = value;
    else pool.failed = value;
  }
  return out;
}

export async function readPoolMetrics(url: string): Promise<PoolSnapshot> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const snapshot = parsePoolMetrics(await response.text());
  if (Object.keys(snapshot).length === 0) throw new Error(`GET ${url} has no db_pool_acquire_seconds samples`);
  return snapshot;
}

export function addPoolDelta(into: PoolSnapshot, before: PoolSnapshot, after: PoolSnapshot): void {
  for (const [pool, a] of Object.entries(after)) {
    const b = before[pool] ?? { sumMs: 0, count: 0, queued: 0, failed: 0 };
    const acc = (into[pool] ??= { sumMs: 0, count: 0, queued: 0, failed: 0 });
    acc.sumMs += a.sumMs - b.sumMs;
    acc.count += a.count - b.count;
    acc.queued += a.queued - b.queued;
    acc.failed += a.failed - b.failed;
  }
}

/** What a run's requests waited, per pool: per answered request, and per checkout. */
export interface PoolWaitFigure {
  msPerRequest: number;
  meanMsPerCheckout: number;
  checkouts: number;
  queued: number;
  failed: number;
}

export function poolWaitFigures(delta: PoolSnapshot, requests: number): Record<string, PoolWaitFigure> {
  const r3 = (n: number) => Math.round(n * 1000) / 1000;
  return Object.fromEntries(Object.entries(delta).map(([pool, d]) => [pool, {
    msPerRequest: requests > 0 ? r3(d.sumMs / requests) : 0, meanMsPerCheckout: d.count > 0 ? r3(d.sumMs / d.count) : 0,
    checkouts: d.count, queued: d.queued, failed: d.failed,
  }]));
}

export function describePoolWait(w: Record<string, PoolWaitFigure> | null | undefined): string {
  if (!w) return 'not available (the server serves no pool metrics: METRICS_PORT, issue 11 section 1)';
  return Object.entries(w).map(([pool, f]) =>
    `${pool} pool ${f.msPerRequest.toFixed(3)} ms per request (${f.checkouts} checkouts, mean ${f.meanMsPerCheckout.toFixed(3)} ms, ${f.queued} queued${f.failed ? `, ${f.failed} failed` : ''})`).join('; ');
}
