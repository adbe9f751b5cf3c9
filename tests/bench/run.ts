/**
 * `npm run bench` (issue 2, section 10). Starts a throwaway embedded PostgreSQL (or uses
 * DATABASE_URL, in fresh databases), migrates, and measures in one run each figure beside a
 * baseline measured on the same database, printing the ratios and writing them as JSON.
 * BENCH_QUICK=1 shortens every measurement (a smoke run; its figures mean little).
 * BENCH_OUT=<file> writes the JSON elsewhere than .data/bench-results.json.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { appendBenchmarks, freshLogBenchmark, type Timing } from './appends';
import { startBenchCluster, type BenchCluster } from './db';
import { httpBenchmark } from './http';
import { rebuildBenchmark } from './rebuild';
import { formatTable, writeJson, type BenchResult } from './report';

const quick = process.env.BENCH_QUICK === '1';
// Many short interleaved rounds rather than a few long ones: on a shared machine a slow spell then
// falls on both sides of a comparison (see the median of paired ratios in report.ts).
const TIMING: Timing = quick ? { rounds: 2, roundMs: 400, warmUpMs: 200 } : { rounds: 8, roundMs: 600, warmUpMs: 500 };
const HTTP_TIMING: Timing = quick ? { rounds: 2, roundMs: 500, warmUpMs: 300 } : { rounds: 8, roundMs: 1200, warmUpMs: 1000 };
const APPEND_PRELOAD = quick ? 5_000 : 50_000;
const REBUILD = quick ? { events: 5_000, rounds: 1 } : { events: 50_000, rounds: 3 };
const HTTP_CONCURRENCY = 8;
const OUT = path.resolve(process.env.BENCH_OUT ?? '.data/bench-results.json');

const log = (line: string) => console.log(line);

async function section(id: string, title: string, fn: () => Promise<BenchResult[]>): Promise<BenchResult[]> {
  try {
    return await fn();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log(`   ${id} failed: ${message}`);
    return [{ id, title, skipped: message }];
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  const loadBefore = os.loadavg();
  log(`Bench: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')}${quick ? ', QUICK mode' : ''}`);
  const cluster: BenchCluster = await startBenchCluster(log);
  const s = cluster.settings;
  log(`PostgreSQL ${s.server_version} (${cluster.embedded ? 'embedded, throwaway' : 'DATABASE_URL'}): fsync=${s.fsync} synchronous_commit=${s.synchronous_commit} full_page_writes=${s.full_page_writes} shared_buffers=${s.shared_buffers}`);
  const results: BenchResult[] = [];
  try {
    results.push(...await section('1-3', 'event store appends', async () => {
      const db = await cluster.database('appends');
      try {
        return await appendBenchmarks(db.pool, { ...TIMING, preloadEvents: APPEND_PRELOAD }, log);
      } finally {
        await db.drop();
      }
    }));
    results.push(...await section('1e', 'appends on a fresh log', async () => {
      const db = await cluster.database('fresh');
      try {
        return [await freshLogBenchmark(db.pool, TIMING, log)];
      } finally {
        await db.drop();
      }
    }));
    results.push(...await section('4', 'projection rebuild', async () => {
      const db = await cluster.database('rebuild');
      try {
        return [await rebuildBenchmark(db.pool, REBUILD, log)];
      } finally {
        await db.drop();
      }
    }));
    results.push(...await section('5', 'GraphQL requests', async () => {
      const db = await cluster.database('http', 2);
      await db.pool.end();
      try {
        return [await httpBenchmark({
          timing: HTTP_TIMING, concurrency: HTTP_CONCURRENCY, databaseUrl: db.url, apiPassword: cluster.apiPassword,
          dataDir: path.join(cluster.tempDir, 'platform'), log,
        })];
      } finally {
        await db.drop();
      }
    }));
  } finally {
    await cluster.stop();
  }

  const seconds = (performance.now() - started) / 1000;
  const loadAfter = os.loadavg();
  log('');
  log(formatTable(results));
  await writeJson(OUT, {
    date: new Date().toISOString(),
    command: 'npm run bench',
    quick,
    machine: {
      cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, node: process.version, platform: `${os.type()} ${os.release()}`,
      totalMemoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1), loadAverageBefore: loadBefore, loadAverageAfter: loadAfter,
    },
    postgres: { embedded: cluster.embedded, ...cluster.settings },
    timing: { appends: TIMING, appendPreload: APPEND_PRELOAD, http: HTTP_TIMING, rebuild: REBUILD, httpConcurrency: HTTP_CONCURRENCY },
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
