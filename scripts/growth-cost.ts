/**
 * Whether the cost of a request stays flat as the data grows (issue 11, section 3). Two production
 * servers of the load benchmark on two databases of one PostgreSQL, both seeded as the load bench
 * seeds (about 300 programs); then one ecosystem of the second grows to many thousands of programs
 * and their log (tests/bench/growth-seed.ts: the soak's commands). Each kind of request of L3's mix
 * then runs alone against each server in alternating rounds (small, large, large, small, ...), and
 * the CPU milliseconds per request of the server and of PostgreSQL (from /proc) are compared: the
 * machine may be shared, and alternating rounds let both sides feel the same neighbours.
 *
 *   tsx scripts/growth-cost.ts [--programs 45000] [--seconds 5] [--rounds 4] [--connections 8] [--ops a,b] [--statements] [--pg name=value ...]
 *
 * --statements loads pg_stat_statements into the bench's PostgreSQL and prints, per side, the
 * statements that took most of its time during the measured rounds.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startBenchCluster, type BenchCluster } from '../tests/bench/db';
import { growPrograms, waitApplied } from '../tests/bench/growth-seed';
import { closedLoop } from '../tests/bench/load-autocannon';
import { Mix, MIX_WEIGHTS, type MixOp } from '../tests/bench/load-mix';
import { ProgramPool } from '../tests/bench/load-programs';
import { analyzeSeeded, seedLoadData, type LoadData } from '../tests/bench/load-seed';
import { startLoadServer, type LoadServer } from '../tests/bench/load-server';
import { quietReading } from '../tests/bench/load-tally';
import { cpuMeter, cpuSince, postmasterPid, type CpuMeter } from '../tests/bench/proc';

const { values: args } = parseArgs({
  options: {
    programs: { type: 'string', default: '45000' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '8' },
    ops: { type: 'string', default: [...MIX_WEIGHTS.map(([op]) => op), 'mix'].join(',') },
    statements: { type: 'boolean', default: false },
    /** Extra settings of the bench's PostgreSQL, e.g. --pg shared_buffers=512MB. Not logging_collector: the embedded start waits for the ready line on stderr. */
    pg: { type: 'string', multiple: true, default: [] },
  },
});

type Op = MixOp | 'mix';

interface Side { label: string; server: LoadServer; data: LoadData; pool: ProgramPool; meter: CpuMeter; dbUrl: string; ecosystemId: string; drop(): Promise<void> }

/** One side's sums over the rounds of one kind of request. */
interface Sum { requests: number; seconds: number; serverMs: number; postgresMs: number; errors: number; perRound: number[] }

const log = (line: string) => console.log(line);
let prefixes = 0;

/** The ecosystem's uuid: the API's ids are global (base64 of `Ecosystem:<uuid>`). */
function rawId(globalId: string): string {
  const decoded = Buffer.from(globalId, 'base64url').toString('utf8');
  return decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : globalId;
}

function actorOf(token: string): { userId: string; role: 'SUPER_ADMIN' } {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub?: string };
  if (!payload.sub) throw new Error('the access token names no user');
  return { userId: payload.sub, role: 'SUPER_ADMIN' };
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function startSide(cluster: BenchCluster, label: string): Promise<Side> {
  const db = await cluster.database(label, 2);
  await db.pool.end();
  const server = await startLoadServer({
    databaseUrl: db.url, apiPassword: cluster.apiPassword, dataDir: path.join(cluster.tempDir, label),
    env: { ACCESS_TOKEN_TTL_SECONDS: '3600' }, log: () => undefined,
  });
  try {
    const data = await seedLoadData(server, { programs: 300, neighbourPrograms: 50, log });
    await analyzeSeeded(db.url);
    const meter = cpuMeter(server.pid, cluster.clusterDir ? postmasterPid(cluster.clusterDir) : null);
    return {
      label, server, data, pool: new ProgramPool(data.programs), meter, dbUrl: db.url, ecosystemId: rawId(data.ecosystemId),
      drop: async () => { await server.stop(); await db.drop(); },
    };
  } catch (err) {
    await server.stop();
    await db.drop();
    throw err;
  }
}

async function grow(side: Side, programs: number): Promise<void> {
  const started = Date.now();
  const grown = await growPrograms({ databaseUrl: side.dbUrl, ecosystemId: side.ecosystemId, actor: actorOf(side.data.user.token), programs, prefix: 'Grown', log });
  if (grown.last) await waitApplied(side.dbUrl, ['tenants', 'audit'], grown.last, 1_800_000);
  log(`   grew by ${grown.programs.length} programs and ${grown.events} events in ${((Date.now() - started) / 1000).toFixed(0)} s (projections applied)`);
  await analyzeSeeded(side.dbUrl);
  for (const p of grown.programs) side.pool.add(p);
}

function source(side: Side, op: Op): Mix {
  return new Mix({
    ecosystemId: side.data.ecosystemId, token: () => side.data.user.token, pool: side.pool, seed: 11, prefix: `Growth ${++prefixes}`,
    ...(op === 'mix' ? {} : { only: op }),
  });
}

async function round(side: Side, op: Op, into: Sum): Promise<void> {
  const before = await quietReading(side.meter);
  const run = await closedLoop({ url: side.server.url, connections: Number(args.connections), seconds: Number(args.seconds), source: source(side, op) });
  const cpu = cpuSince(before, await quietReading(side.meter));
  const n = run.tally.answered;
  into.requests += n;
  into.seconds += run.seconds;
  into.serverMs += cpu.serverMs;
  into.postgresMs += cpu.postgresMs ?? 0;
  into.errors += n - run.tally.ok + run.tally.transport;
  into.perRound.push((cpu.serverMs + (cpu.postgresMs ?? 0)) / n);
}

const empty = (): Sum => ({ requests: 0, seconds: 0, serverMs: 0, postgresMs: 0, errors: 0, perRound: [] });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function compare(small: Side, large: Side, op: Op): Promise<[Sum, Sum]> {
  const sums: [Sum, Sum] = [empty(), empty()];
  for (const side of [small, large]) await closedLoop({ url: side.server.url, connections: Number(args.connections), seconds: 2, source: source(side, op) });
  for (let r = 0; r < Number(args.rounds); r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) await round(i === 0 ? small : large, op, sums[i]);
  }
  return sums;
}

function line(op: Op, s: Sum, l: Sum): string {
  const f = (ms: number, sum: Sum) => (ms / sum.requests).toFixed(2);
  const ratios = s.perRound.map((x, i) => l.perRound[i] / x);
  const total = (sum: Sum) => (sum.serverMs + sum.postgresMs) / sum.requests;
  return `| ${op} | ${f(s.serverMs, s)} + ${f(s.postgresMs, s)} | ${f(l.serverMs, l)} + ${f(l.postgresMs, l)} | ${(total(l) / total(s)).toFixed(2)} `
    + `| ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}) | ${(s.requests / s.seconds).toFixed(0)} / ${(l.requests / l.seconds).toFixed(0)} | ${s.errors} / ${l.errors} |`;
}

async function sizes(side: Side): Promise<string> {
  const s = await withClient(side.dbUrl, async (c) => (await c.query<{ programs: number; events: number; crumbs: number; facets: number }>(
    `SELECT (SELECT count(*)::int FROM read.programs WHERE ecosystem_id = $1) AS programs, (SELECT count(*)::int FROM public.events) AS events,
            (SELECT count(*)::int FROM read.breadcrumbs WHERE ecosystem_id = $1) AS crumbs, (SELECT count(*)::int FROM read.breadcrumb_facets WHERE ecosystem_id = $1) AS facets`,
    [side.ecosystemId])).rows[0]);
  return `${s.programs} programs in the ecosystem, ${s.events} events in the log, ${s.crumbs} audit rows and ${s.facets} facets of the ecosystem`;
}

async function topStatements(side: Side): Promise<void> {
  const rows = await withClient(side.dbUrl, async (c) => (await c.query<{ calls: string; total: number; mean: number; rows: string; blks: string; query: string }>(
    `SELECT calls, total_exec_time + total_plan_time AS total, (total_exec_time + total_plan_time) / calls AS mean, rows,
            shared_blks_hit + shared_blks_read AS blks, regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total DESC LIMIT 30`)).rows);
  log(`\nStatements by time, ${side.label} (calls, total ms, mean ms, rows, buffers per call):`);
  for (const s of rows) {
    log(`  ${s.calls.padStart(7)} ${s.total.toFixed(0).padStart(7)} ${s.mean.toFixed(3).padStart(8)} ${s.rows.padStart(8)} ${(Number(s.blks) / Number(s.calls)).toFixed(1).padStart(8)}  ${s.query.slice(0, 300)}`);
  }
}

async function run(cluster: BenchCluster): Promise<void> {
  const small = await startSide(cluster, 'small');
  try {
    const large = await startSide(cluster, 'large');
    try {
      await grow(large, Number(args.programs));
      // Growing may take longer than an access token lives (an hour at most).
      await Promise.all([small.data.user.refresh(), large.data.user.refresh()]);
      log(`small: ${await sizes(small)}\nlarge: ${await sizes(large)}`);
      if (args.statements) for (const side of [small, large]) await withClient(side.dbUrl, async (c) => { await c.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements'); await c.query('SELECT pg_stat_statements_reset()'); });
      const rows: string[] = [];
      for (const op of args.ops.split(',') as Op[]) {
        const [s, l] = await compare(small, large, op);
        rows.push(line(op, s, l));
        log(rows.at(-1)!);
      }
      log(`\nCPU ms per request, server + PostgreSQL; ${args.rounds} alternating rounds of ${args.seconds} s per side, ${args.connections} connections`);
      log('| request | small | large | large / small (pooled) | per-round ratio, median (range) | req/s small / large | errors |');
      log('|---|---|---|---|---|---|---|');
      for (const r of rows) log(r);
      if (args.statements) for (const side of [small, large]) await topStatements(side);
    } finally {
      await large.drop();
    }
  } finally {
    await small.drop();
  }
}

const pgSettings: Record<string, string> = args.statements ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {};
for (const setting of args.pg) {
  const at = setting.indexOf('=');
  if (at < 1) throw new Error(`--pg ${setting}: expected name=value`);
  pgSettings[setting.slice(0, at)] = setting.slice(at + 1);
}
const cluster = await startBenchCluster(log, pgSettings);
try {
  await run(cluster);
} finally {
  await cluster.stop();
}
