/**
 * `npm run bench` (docs/benchmarks.md). Starts a throwaway embedded PostgreSQL (or uses
 * DATABASE_URL, in fresh databases), migrates, and measures in one run each figure beside a
 * baseline measured on the same database, printing the ratios and writing them as JSON.
 * BENCH_QUICK=1 shortens every measurement (a smoke run; its figures mean little).
 * BENCH_LARGE=1 runs 1a and 4 on logs of 50,000 and 1,000,000 events instead of the usual set.
 * BENCH_ONLY=appends,fresh,rebuild,platform,load,sessions runs only the named parts (load: L1-L4 on the production server;
 * sessions: 9 and 10 of issue 8).
 * BENCH_SAVE_LOAD=1 writes this run's load figures into docs/benchmarks.md, where later runs print L4 beside them.
 * BENCH_OUT=<file> writes the JSON elsewhere than .data/bench-results.json (-large.json for BENCH_LARGE).
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { appendBenchmarks, appendOnLargeLog, freshLogBenchmark, type Timing } from './appends';
import { startBenchCluster, type BenchCluster } from './db';
import { loadBenchmarks } from './load';
import type { LoadTiming } from './load-rounds';
import { platformBenchmarks } from './platform';
import { rebuildBenchmark } from './rebuild';
import { sessionBenchmarks } from './sessions';
import { formatTable, writeJson, type BenchResult } from './report';

const quick = process.env.BENCH_QUICK === '1';
const large = process.env.BENCH_LARGE === '1';
// Many short interleaved rounds rather than a few long ones: on a shared machine a slow spell then
// falls on both sides of a comparison (see the median of paired ratios in report.ts).
const TIMING: Timing = quick ? { rounds: 2, roundMs: 400, warmUpMs: 200 } : { rounds: 8, roundMs: 600, warmUpMs: 500 };
const HTTP_TIMING: Timing = quick ? { rounds: 2, roundMs: 500, warmUpMs: 300 } : { rounds: 8, roundMs: 1200, warmUpMs: 1000 };
const LATENCY_TIMING: Timing = quick ? { rounds: 2, roundMs: 500, warmUpMs: 300 } : { rounds: 6, roundMs: 1500, warmUpMs: 1000 };
/** L1-L4: closed-loop rounds of seconds (autocannon), then L3b's open loop and L4's writes alone. */
const LOAD_TIMING: LoadTiming = quick
  ? { warmUpSeconds: 1, rounds: 1, roundSeconds: 2, openSeconds: 4, writeSeconds: 2 }
  : { warmUpSeconds: 3, rounds: 4, roundSeconds: 5, openSeconds: 20, writeSeconds: 8 };
const SAVE_LOAD = process.env.BENCH_SAVE_LOAD === '1';
const APPEND_PRELOAD = quick ? 5_000 : 50_000;
const REBUILD = quick ? { events: 5_000, rounds: 1 } : { events: 50_000, rounds: 3 };
/** BENCH_LARGE: the usual log size, then the large one, in the same run. */
const LARGE_SIZES = quick ? [5_000, 100_000] : [50_000, 1_000_000];
const LARGE_REBUILD_ROUNDS = quick ? 1 : 2;
/** Every request path alone (one connection) and under load (16), as the developers' guide asks. */
const HTTP_CONCURRENCIES = [1, 16] as const;
const OUT = path.resolve(process.env.BENCH_OUT ?? (large ? '.data/bench-results-large.json' : '.data/bench-results.json'));
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;

const log = (line: string) => console.log(line);

function commandLine(): string {
  return `${[quick && 'BENCH_QUICK=1', large && 'BENCH_LARGE=1', ONLY && `BENCH_ONLY=${[...ONLY].join(',')}`].filter(Boolean).join(' ')} npm run bench`.trim();
}

async function section<T extends BenchResult>(id: string, title: string, fn: () => Promise<T[]>): Promise<BenchResult[]> {
  try {
    return await fn();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log(`   ${id} failed: ${message}`);
    return [{ id, title, skipped: message }];
  }
}

type Part = [name: string, id: string, title: string, run: (cluster: BenchCluster) => Promise<BenchResult[]>];

/** A part in a fresh database of its own, dropped afterwards. */
function inDatabase<T extends BenchResult>(suffix: string, fn: (db: Awaited<ReturnType<BenchCluster['database']>>) => Promise<T[]>) {
  return async (cluster: BenchCluster): Promise<BenchResult[]> => {
    const db = await cluster.database(suffix);
    try {
      return await fn(db);
    } finally {
      await db.drop();
    }
  };
}

const usualParts: Part[] = [
  ['appends', '1-3', 'event store appends', inDatabase('appends', (db) => appendBenchmarks(db.pool, { ...TIMING, preloadEvents: APPEND_PRELOAD }, log))],
  ['fresh', '1e', 'appends on a fresh log', inDatabase('fresh', async (db) => [await freshLogBenchmark(db.pool, TIMING, log)])],
  ['rebuild', '4', 'projection rebuild', inDatabase('rebuild', async (db) => [await rebuildBenchmark(db.pool, REBUILD, log)])],
  ['platform', '5-8', 'the running platform', (cluster) => platformBenchmarks({
    cluster, http: HTTP_TIMING, latency: LATENCY_TIMING, concurrencies: HTTP_CONCURRENCIES, log, section,
  })],
  ['sessions', '9-10', 'sessions pages and bookings', (cluster) => sessionBenchmarks({
    cluster, latency: LATENCY_TIMING, concurrencies: HTTP_CONCURRENCIES, log, section,
  })],
  ['load', 'L1-L4', 'load on the production server', (cluster) => loadBenchmarks({ cluster, timing: LOAD_TIMING, save: SAVE_LOAD, command: commandLine(), log })],
];

const largeParts: Part[] = LARGE_SIZES.flatMap((events): Part[] => [
  ['appends', `1a@${events}`, `appends on a log of ${events} events`,
    inDatabase(`appends_${events}`, (db) => appendOnLargeLog(db.pool, { ...TIMING, preloadEvents: events }, log))],
  ['rebuild', `4@${events}`, `rebuild of ${events} events`,
    inDatabase(`rebuild_${events}`, async (db) => [await rebuildBenchmark(db.pool,
      { events, rounds: LARGE_REBUILD_ROUNDS, preload: 'sql', id: `4@${events.toLocaleString('en-US')}` }, log)])],
]);

async function main(): Promise<number> {
  const started = performance.now();
  const loadBefore = os.loadavg();
  log(`Bench: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')}${quick ? ', QUICK mode' : ''}${large ? ', LARGE logs' : ''}`);
  const cluster: BenchCluster = await startBenchCluster(log);
  const s = cluster.settings;
  log(`PostgreSQL ${s.server_version} (${cluster.embedded ? 'embedded, throwaway' : 'DATABASE_URL'}): fsync=${s.fsync} synchronous_commit=${s.synchronous_commit} full_page_writes=${s.full_page_writes} shared_buffers=${s.shared_buffers}`);
  const results: BenchResult[] = [];
  try {
    for (const [name, id, title, run] of large ? largeParts : usualParts) {
      if (ONLY && !ONLY.has(name)) continue;
      results.push(...await section(id, title, () => run(cluster)));
    }
  } finally {
    await cluster.stop();
  }

  const seconds = (performance.now() - started) / 1000;
  const loadAfter = os.loadavg();
  log('');
  log(formatTable(results));
  await writeJson(OUT, {
    date: new Date().toISOString(),
    command: commandLine(),
    quick,
    large,
    machine: {
      cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, node: process.version, platform: `${os.type()} ${os.release()}`,
      totalMemoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1), loadAverageBefore: loadBefore, loadAverageAfter: loadAfter,
    },
    postgres: { embedded: cluster.embedded, ...cluster.settings },
    timing: large
      ? { appends: TIMING, sizes: LARGE_SIZES, rebuildRounds: LARGE_REBUILD_ROUNDS }
      : { appends: TIMING, appendPreload: APPEND_PRELOAD, http: HTTP_TIMING, latency: LATENCY_TIMING, rebuild: REBUILD, httpConcurrencies: HTTP_CONCURRENCIES, load: LOAD_TIMING },
    seconds: +seconds.toFixed(1),
    results,
  });
  log(`\nTotal ${seconds.toFixed(0)} s, load average now ${loadAfter.map((l) => l.toFixed(1)).join(' ')}. Results written to ${path.relative(process.cwd(), OUT) || OUT}`);
  return 0;
}

main().then((code) => { process.exitCode = code; }, (err: unknown) => {
  console.error('bench failed:', err instanceof Error ? err.stack ?? err.message : err);
  process.exitCode = 1;
});
