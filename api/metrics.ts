/**
 * The platform's internal metrics, in the Prometheus text format, on a listener of their own
 * (METRICS_PORT on METRICS_HOST, loopback by default): never on the public port, where they would
 * tell strangers how busy the database is. What they hold (docs/decisions/0025):
 *
 * - `db_pool_acquire_seconds{pool}`: histogram of the time each checkout waited for a pooled
 *   connection (including opening one when the pool grows); `_sum` / `_count` is the mean wait.
 * - `db_pool_acquire_queued_total{pool}`: checkouts that found the pool full and queued.
 * - `db_pool_acquire_failed_total{pool}`, `db_pool_acquire_max_seconds{pool}` (since start).
 * - `db_pool_queries_total{pool}`: queries sent on the pool's connections.
 * - `db_pool_connections{pool,state}`: open (`total`), `idle`, and checkouts `waiting` right now;
 *   `db_pool_max_connections{pool}`: the configured size.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MeteredPool } from '../infra/db/pool';
import { WAIT_BUCKETS_MS } from '../infra/db/pool-waits';

/** What the metrics read of a pool (a MeteredPool). */
export type PoolView = Pick<MeteredPool, 'waits' | 'queries' | 'totalCount' | 'idleCount' | 'waitingCount'> & { options: { max?: number } };
export type Pools = Readonly<Record<string, PoolView>>;

const seconds = (ms: number) => String(ms / 1000);

/** One pool's samples, each under the metric (family) it belongs to. */
function poolSamples(name: string, pool: PoolView): Array<[family: string, sample: string]> {
  const w = pool.waits.snapshot();
  const at = `pool="${name}"`;
  const wait = 'db_pool_acquire_seconds';
  return [
    ...WAIT_BUCKETS_MS.map((bound, i): [string, string] => [wait, `${wait}_bucket{${at},le="${seconds(bound)}"} ${w.cumulative[i]}`]),
    [wait, `${wait}_bucket{${at},le="+Inf"} ${w.acquisitions}`],
    [wait, `${wait}_sum{${at}} ${seconds(w.totalMs)}`],
    [wait, `${wait}_count{${at}} ${w.acquisitions}`],
    ['db_pool_acquire_queued_total', `db_pool_acquire_queued_total{${at}} ${w.queued}`],
    ['db_pool_acquire_failed_total', `db_pool_acquire_failed_total{${at}} ${w.failed}`],
    ['db_pool_acquire_max_seconds', `db_pool_acquire_max_seconds{${at}} ${seconds(w.maxMs)}`],
    ['db_pool_queries_total', `db_pool_queries_total{${at}} ${pool.queries}`],
    ['db_pool_connections', `db_pool_connections{${at},state="total"} ${pool.totalCount}`],
    ['db_pool_connections', `db_pool_connections{${at},state="idle"} ${pool.idleCount}`],
    ['db_pool_connections', `db_pool_connections{${at},state="waiting"} ${pool.waitingCount}`],
    ['db_pool_max_connections', `db_pool_max_connections{${at}} ${pool.options.max ?? 10}`],
  ];
}

const FAMILIES: Array<[name: string, type: string, help: string]> = [
  ['db_pool_acquire_seconds', 'histogram', 'Time a checkout waited for a pooled connection.'],
  ['db_pool_acquire_queued_total', 'counter', 'Checkouts that found every connection busy and the pool at its size.'],
  ['db_pool_acquire_failed_total', 'counter', 'Checkouts that failed.'],
  ['db_pool_acquire_max_seconds', 'gauge', 'Longest wait for a pooled connection since start.'],
  ['db_pool_queries_total', 'counter', 'Queries sent on the pool\'s connections.'],
  ['db_pool_connections', 'gauge', 'Connections open (total) and idle, and checkouts waiting, now.'],
  ['db_pool_max_connections', 'gauge', 'The pool\'s configured size.'],
];

/** Every metric of every pool, as Prometheus scrapes it (text exposition format 0.0.4). */
export function renderMetrics(pools: Pools): string {
  const samples = Object.entries(pools).flatMap(([name, pool]) => poolSamples(name, pool));
  const out = FAMILIES.flatMap(([family, type, help]) => [
    `# HELP ${family} ${help}`, `# TYPE ${family} ${type}`,
    ...samples.filter(([f]) => f === family).map(([, sample]) => sample),
  ]);
  return `${out.join('\n')}\n`;
}

/** One pool's counters as /metrics shows them: subtract two readings to get a run's figures. */
export interface PoolFigures {
  /** Checkouts, and the seconds they waited for a connection in all. */
  acquisitions: number;
  waitedSeconds: number;
  /** Checkouts that found the pool full and queued; checkouts that failed. */
  queued: number;
  failed: number;
  queries: number;
}

/**
 * The counters of every pool in a /metrics answer, for benchmarks: the wait for a pooled
 * connection per request of a run is (after.waitedSeconds - before.waitedSeconds) / requests.
 */
export function readPoolFigures(text: string): Record<string, PoolFigures> {
  const pools: Record<string, PoolFigures> = {};
  const fields: Record<string, keyof PoolFigures> = {
    db_pool_acquire_seconds_count: 'acquisitions', db_pool_acquire_seconds_sum: 'waitedSeconds',
    db_pool_acquire_queued_total: 'queued', db_pool_acquire_failed_total: 'failed', db_pool_queries_total: 'queries',
  };
  for (const [, metric, pool, value] of text.matchAll(/^(\w+)\{pool="([^"]+)"\} (\S+)$/gm)) {
    const field = fields[metric];
    if (!field) continue;
    pools[pool] ??= { acquisitions: 0, waitedSeconds: 0, queued: 0, failed: 0, queries: 0 };
    pools[pool][field] = Number(value);
  }
  return pools;
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** Serves GET /metrics on `host`:`port` (0: a free port) until closed. */
export function startMetricsServer(host: string, port: number, pools: Pools): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(renderMetrics(pools));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { address, port: bound } = server.address() as AddressInfo;
      const hostPart = address.includes(':') ? `[${address}]` : address;
      resolve({
        url: `http://${hostPart}:${bound}/metrics`,
        close: () => new Promise<void>((done, fail) => server.close((err) => (err ? fail(err) : done()))),
      });
    });
  });
}
