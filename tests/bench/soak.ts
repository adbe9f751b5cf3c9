/**
 * `npm run soak` (docs/benchmarks.md; not part of npm test): L3's 70/30 mix at 16 connections
 * against the production server for SOAK_MINUTES (30), sampling throughput, the programs page's
 * p99 and the server's resident memory 30 times, then checking that throughput and p99 held,
 * memory stayed flat after the warm-up, and every write the server acknowledged is there.
 * SOAK_OUT=<file> writes the JSON elsewhere than .data/soak-results.json. DATABASE_URL: as the bench.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBenchCluster, type BenchCluster } from './db';
import { Mix } from './load-mix';
import { Ledger, ProgramPool } from './load-programs';
import { seedLoadData } from './load-seed';
import { startLoadServer, type LoadServer } from './load-server';
import { writeJson } from './report';
import { cpuMeter, cpuSince, postmasterPid, rssMiB, type CpuMeter, type CpuReading } from './proc';
import { SoakDriver } from './soak-driver';
import { SAMPLES, soakChecks, type Check, type SoakSample } from './soak-checks';
import { sampleJson, sampleLine, verifyWrites, type SampleFigures } from './soak-report';
import { PgSampler, pgLine } from './soak-pg';

const WORKERS = 16;
/** SOAK_STATEMENTS=1: the embedded cluster preloads pg_stat_statements, and each sample names its costliest statements. */
const STATEMENTS = process.env.SOAK_STATEMENTS === '1';
const SEED_PROGRAMS = 300;
const NEIGHBOUR_PROGRAMS = 50;
const log = (line: string) => console.log(line);

function settings() {
  const minutes = Number(process.env.SOAK_MINUTES ?? '30');
  if (!Number.isFinite(minutes) || minutes < 1 || minutes > 24 * 60) throw new Error('SOAK_MINUTES must be a number of minutes from 1 to 1440');
  // The production lifetime of an access token (900 s) on a 30-minute soak; shorter soaks shorten
  // it with them, so that they refresh a few times too. SOAK_TOKEN_TTL_SECONDS overrides.
  const ttl = Number(process.env.SOAK_TOKEN_TTL_SECONDS ?? Math.min(900, Math.max(30, Math.round(minutes * 30))));
  return { minutes, ttl, sampleMs: (minutes * 60_000) / SAMPLES, out: path.resolve(process.env.SOAK_OUT ?? '.data/soak-results.json') };
}

const RSS_EVERY_MS = 1_000;

async function sampleLoad(driver: SoakDriver, server: LoadServer, meter: CpuMeter, sampleMs: number, pgSampler: PgSampler): Promise<SampleFigures[]> {
  const start = performance.now();
  const out: SampleFigures[] = [];
  let cpuBefore = meter.read();
  let last = start;
  let rss: Array<readonly [number, number]> = [];
  const readRss = setInterval(() => rss.push([(performance.now() - start) / 1000, rssMiB(server.pid)]), RSS_EVERY_MS);
  try {
    for (let index = 0; index < SAMPLES; index++) {
      await new Promise((r) => setTimeout(r, Math.max(0, start + (index + 1) * sampleMs - performance.now())));
      const now = performance.now();
      const cpu = meter.read();
      rss.push([(now - start) / 1000, rssMiB(server.pid)]);
      out.push({ ...takeSample(index, { driver, start, last, now, used: cpuSince(cpuBefore, cpu), rss }), pg: await pgSampler.take() });
      log(sampleLine(out[index]));
      log(pgLine(out[index].pg!));
      [last, cpuBefore, rss] = [now, cpu, []];
    }
  } finally {
    clearInterval(readRss);
  }
  return out;
}

function takeSample(index: number, o: { driver: SoakDriver; start: number; last: number; now: number; used: CpuReading; rss: Array<readonly [number, number]> }): SampleFigures {
  const tally = o.driver.swap();
  const sample: SoakSample = {
    index, atSeconds: (o.now - o.start) / 1000, seconds: (o.now - o.last) / 1000, ok: tally.ok,
    errors: tally.http + tally.graphql + tally.unauthenticated + tally.transport,
    pageLatencies: tally.latencies.get('programsPage') ?? [], rss: o.rss,
  };
  return { sample, tally, cpu: o.used };
}

async function soak(cluster: BenchCluster, s: ReturnType<typeof settings>): Promise<number> {
  const db = await cluster.database('soak', 2);
  await db.pool.end();
  const server = await startLoadServer({
    databaseUrl: db.url, apiPassword: cluster.apiPassword, dataDir: path.join(cluster.tempDir, 'soak'),
    env: { ACCESS_TOKEN_TTL_SECONDS: String(s.ttl) }, log,
  });
  try {
    log(`Production server pid ${server.pid}${server.webApp ? ' (with the built web app)' : ''}; seeding through the API ...`);
    const data = await seedLoadData(server, { programs: SEED_PROGRAMS, neighbourPrograms: NEIGHBOUR_PROGRAMS, log });
    const pool = new ProgramPool(data.programs);
    const ledger = new Ledger();
    const mix = new Mix({ ecosystemId: data.ecosystemId, token: () => data.user.token, pool, ledger, seed: 21, prefix: 'Soak' });
    const driver = new SoakDriver({ url: server.url, workers: WORKERS, source: mix, session: data.user });
    const pgPid = cluster.clusterDir ? postmasterPid(cluster.clusterDir) : null;
    log(`Soak: ${s.minutes} min of the 70/30 mix at ${WORKERS} connections, a sample every ${(s.sampleMs / 1000).toFixed(0)} s, access tokens for ${s.ttl} s`);
    const pgSampler = await PgSampler.start(db.url, STATEMENTS);
    const running = driver.run();
    const samples = await sampleLoad(driver, server, cpuMeter(server.pid, pgPid), s.sampleMs, pgSampler)
      .finally(() => Promise.all([driver.stop(), pgSampler.stop()]));
    await running;
    const writes = await verifyWrites(server.url, data, pool, ledger);
    const checks: Check[] = [...soakChecks(samples.map((x) => x.sample), s.minutes), writes.check];
    return await report(s, samples, checks, writes.detail, data.user.refreshes);
  } finally {
    await server.stop();
    await db.drop();
  }
}

async function report(s: ReturnType<typeof settings>, samples: SampleFigures[], checks: Check[], writes: unknown, refreshes: number): Promise<number> {
  log('');
  for (const c of checks) log(`${c.passed ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
  log(`Access-token refreshes: ${refreshes}`);
  await writeJson(s.out, {
    date: new Date().toISOString(), command: `SOAK_MINUTES=${s.minutes} npm run soak`, minutes: s.minutes, sampleSeconds: s.sampleMs / 1000,
    tokenTtlSeconds: s.ttl, connections: WORKERS,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, node: process.version, loadAverageAfter: os.loadavg() },
    checks, writes, refreshes,
    samples: samples.map(sampleJson),
  });
  log(`Results written to ${path.relative(process.cwd(), s.out) || s.out}`);
  return checks.every((c) => c.passed) ? 0 : 1;
}

/**
 * SOAK_STATEMENTS=1 preloads pg_stat_statements; SOAK_AUTO_EXPLAIN_MS=N preloads auto_explain and
 * logs the plan of every statement slower than N ms (shown with BENCH_PG_LOG=1).
 */
function pgSettings(): Record<string, string> {
  const explainMs = process.env.SOAK_AUTO_EXPLAIN_MS;
  const libraries = [...(STATEMENTS ? ['pg_stat_statements'] : []), ...(explainMs ? ['auto_explain'] : [])];
  return {
    ...(libraries.length ? { shared_preload_libraries: libraries.join(',') } : {}),
    ...(STATEMENTS ? { 'pg_stat_statements.track_planning': 'on' } : {}),
    ...(explainMs ? { 'auto_explain.log_min_duration': `${Number(explainMs)}ms`, 'auto_explain.log_analyze': 'on', 'auto_explain.log_buffers': 'on' } : {}),
  };
}

async function main(): Promise<number> {
  const s = settings();
  const cluster = await startBenchCluster(log, pgSettings());
  try {
    return await soak(cluster, s);
  } finally {
    await cluster.stop();
  }
}

main().then((code) => { process.exitCode = code; }, (err: unknown) => {
  console.error('soak failed:', err instanceof Error ? err.stack ?? err.message : err);
  process.exitCode = 2;
});
