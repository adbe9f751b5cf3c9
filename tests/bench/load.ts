/**
 * The load benchmark L1-L4 (docs/benchmarks.md, issue 11 section 2): the production server
 * (load-server.ts) on a fresh database, seeded through the API, driven over loopback by
 * autocannon (closed loop, 16 connections) and by an open-loop driver (L3b), with every answer
 * checked and the CPU of the server and of PostgreSQL read from /proc.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchCluster } from './db';
import { Mix } from './load-mix';
import { openLoop } from './load-open';
import { readPoolMetrics, type PoolSnapshot } from './load-pool-wait';
import { ProgramPool } from './load-programs';
import { programsPage, trivial } from './load-requests';
import { costComparison, openLoopComparison } from './load-results';
import { countingPoolWaits, interleaveLoad, measureOnce, runFigures, variantResult, type LoadTarget, type LoadTiming, type VariantRun } from './load-rounds';
import { readSaved, writeSaved, type SavedLoadFigures } from './load-saved';
import { analyzeSeeded, seedLoadData, type LoadData } from './load-seed';
import { startLoadServer } from './load-server';
import { figuresOf, quietReading } from './load-tally';
import { cpuMeter, cpuSince, postmasterPid } from './proc';
import { compare, type BenchResult, type Comparison, type LoadFigures } from './report';

const DOCS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/benchmarks.md');
export const CONNECTIONS = 16;
const SEED_PROGRAMS = 300;
const NEIGHBOUR_PROGRAMS = 50;

export interface LoadBenchOptions {
  cluster: BenchCluster;
  timing: LoadTiming;
  /** Replace the saved figures in docs/benchmarks.md with this run's (BENCH_SAVE_LOAD=1). */
  save: boolean;
  command: string;
  log(line: string): void;
}

export function mixOf(data: LoadData, pool: ProgramPool, seed: number, prefix: string, writeShare?: number): Mix {
  return new Mix({ ecosystemId: data.ecosystemId, token: () => data.user.token, pool, seed, prefix, ...(writeShare === undefined ? {} : { writeShare }) });
}

interface Measured {
  unauth: VariantRun;
  auth: VariantRun;
  page: VariantRun;
  mixed: VariantRun;
}

async function closedLoops(t: LoadTarget, timing: LoadTiming, data: LoadData, pool: ProgramPool, log: (line: string) => void): Promise<Measured> {
  const token = () => data.user.token;
  log(`L1-L3. { __typename } without and with a token, the programs page, the 70/30 mix; ${CONNECTIONS} connections, ${timing.rounds} rounds of ${timing.roundSeconds} s ...`);
  const [unauth, auth, page, mixed] = await interleaveLoad(t, timing, [
    { label: '{ __typename }, no token', source: trivial(() => null) },
    { label: '{ __typename }, signed in', source: trivial(token) },
    { label: 'ProgramsPageQuery', source: programsPage(data.ecosystemId, token) },
    { label: '70/30 mix', source: mixOf(data, pool, 11, 'Load L3'), split: true },
  ], log);
  return { unauth, auth, page, mixed };
}

function closedComparisons(m: Measured): Comparison[] {
  const loads = (...runs: VariantRun[]) => runs.map((r) => runFigures(r, CONNECTIONS));
  const notes = [`${CONNECTIONS} connections (autocannon, closed loop); every answer parsed, GraphQL errors count as errors`];
  return [
    compare({ id: 'L1', title: `{ __typename } signed in vs without a token, ${CONNECTIONS} connections`, unit: 'requests',
      subject: variantResult(m.auth), baseline: variantResult(m.unauth), target: { minRatio: 0.5, text: '>= 50%' }, notes, load: loads(m.unauth, m.auth) }),
    compare({ id: 'L2', title: `programs page vs { __typename } signed in, ${CONNECTIONS} connections`, unit: 'requests',
      subject: variantResult(m.page), baseline: variantResult(m.auth), target: { minRatio: 0.3, text: '>= 30%' }, notes, load: loads(m.page) }),
    compare({ id: 'L3', title: `70/30 mix of the web app's documents vs the programs page, ${CONNECTIONS} connections`, unit: 'requests',
      subject: variantResult(m.mixed), baseline: variantResult(m.page), target: { minRatio: 0.4, text: '>= 40%' }, notes, load: loads(m.mixed) }),
  ];
}

async function openLoopRun(t: LoadTarget, timing: LoadTiming, data: LoadData, pool: ProgramPool, l3PerSecond: number, log: (line: string) => void): Promise<LoadFigures> {
  const perSecond = Math.max(1, l3PerSecond / 2);
  log(`L3b. the mix offered at ${perSecond.toFixed(1)}/s (half of L3) for ${timing.openSeconds} s, open loop ...`);
  const pools: PoolSnapshot | null = t.pools ? {} : null;
  const { run, cpu } = await countingPoolWaits(t, pools, async () => {
    const before = t.meter.read();
    const r = await openLoop({ url: t.url, perSecond, seconds: timing.openSeconds, source: mixOf(data, pool, 12, 'Load L3b') });
    return { run: r, cpu: cpuSince(before, await quietReading(t.meter)) };
  });
  if (run.late > 0) log(`   ${run.late} of ${run.offered} sends left more than 5 ms after their time (their latency counts from their time all the same)`);
  return figuresOf({ label: 'the mix, open loop', tally: run.tally, seconds: run.seconds, cpu, pools, offeredPerSecond: perSecond, split: true });
}

function toSave(o: { closed: Comparison[]; open: Comparison; page: LoadFigures; writes: LoadFigures; command: string }): SavedLoadFigures {
  const ratio = (id: string) => +([...o.closed, o.open].find((c) => c.id === id)?.ratio ?? 0).toFixed(3);
  const pair = (f: LoadFigures) => ({ server: f.cpuMsPerRequest.server, postgres: f.cpuMsPerRequest.postgres });
  const waits = (f: LoadFigures) => (f.poolWait ? Object.fromEntries(Object.entries(f.poolWait).map(([k, w]) => [k, w.msPerRequest])) : null);
  return {
    date: new Date().toISOString(), command: o.command,
    machine: `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    ratios: { L1: ratio('L1'), L2: ratio('L2'), L3: ratio('L3'), L3b: ratio('L3b') },
    perSecond: Object.fromEntries([...o.closed, o.open].flatMap((c) => c.load ?? []).map((f) => [f.label, f.perSecond])),
    L4: { page: pair(o.page), writes: pair(o.writes), poolWaitMsPerRequest: { page: waits(o.page), writes: waits(o.writes) } },
  };
}

export async function loadBenchmarks(o: LoadBenchOptions): Promise<BenchResult[]> {
  const db = await o.cluster.database('load', 2);
  await db.pool.end();
  const server = await startLoadServer({
    databaseUrl: db.url, apiPassword: o.cluster.apiPassword, dataDir: path.join(o.cluster.tempDir, 'load'),
    env: { ACCESS_TOKEN_TTL_SECONDS: '3600' }, log: o.log,
  });
  try {
    o.log(`L. production server (api/main.ts, NODE_ENV=production${server.webApp ? ', with the built web app' : ', dist/web missing: API only'}), pid ${server.pid}; seeding through the API ...`);
    const data = await seedLoadData(server, { programs: SEED_PROGRAMS, neighbourPrograms: NEIGHBOUR_PROGRAMS, log: o.log });
    await analyzeSeeded(db.url);
    const pgPid = o.cluster.clusterDir ? postmasterPid(o.cluster.clusterDir) : null;
    if (pgPid === null) o.log('   PostgreSQL is not a local embedded cluster: its CPU is not measured');
    const metricsUrl = server.metricsUrl;
    if (!metricsUrl) o.log('   the server serves no pool metrics (METRICS_PORT): L4 has no pool-wait figure');
    const t: LoadTarget = {
      url: server.url, connections: CONNECTIONS, meter: cpuMeter(server.pid, pgPid), pools: metricsUrl ? () => readPoolMetrics(metricsUrl) : null,
    };
    const pool = new ProgramPool(data.programs);
    const m = await closedLoops(t, o.timing, data, pool, o.log);
    const closed = closedComparisons(m);
    const open = openLoopComparison(await openLoopRun(t, o.timing, data, pool, variantResult(m.mixed).pooled.perSecond, o.log));
    o.log(`L4. the mix's writes alone, ${CONNECTIONS} connections, ${o.timing.writeSeconds} s ...`);
    const writes = runFigures(await measureOnce(t, { label: "the mix's writes alone", source: mixOf(data, pool, 13, 'Load L4', 1), split: true }, o.timing.writeSeconds), CONNECTIONS);
    const page = runFigures(m.page, CONNECTIONS);
    const cost = costComparison({ page, writes, previous: await readSaved(DOCS) });
    if (o.save) {
      await writeSaved(DOCS, toSave({ closed, open, page, writes, command: o.command }));
      o.log(`   saved these figures in ${path.relative(process.cwd(), DOCS)}`);
    }
    return [...closed, open, cost];
  } finally {
    await server.stop();
    await db.drop();
  }
}
