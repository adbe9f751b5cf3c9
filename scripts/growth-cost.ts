/**
 * Whether the cost of a request stays flat as the data grows (issue 11, section 3): the production
 * server of the load benchmark, the CPU milliseconds per request (server and PostgreSQL, from /proc)
 * of each kind of request of L3's mix measured alone, first with the load bench's data (about 300
 * programs), then again after the ecosystem has grown to many thousands of programs and their log
 * (tests/bench/growth-seed.ts), in one run.
 *
 *   tsx scripts/growth-cost.ts [--programs 45000] [--seconds 8] [--connections 8] [--ops a,b] [--statements]
 *
 * --statements loads pg_stat_statements into the bench's PostgreSQL and prints, per size, the
 * statements that took most of its time during the measured runs. The machine may be shared:
 * compare CPU per request, not requests per second.
 */
import path from 'node:path';
import pg from 'pg';
import { parseArgs } from 'node:util';
import { startBenchCluster, type BenchCluster } from '../tests/bench/db';
import { growPrograms, waitApplied } from '../tests/bench/growth-seed';
import { closedLoop } from '../tests/bench/load-autocannon';
import { Mix, MIX_WEIGHTS, type MixOp } from '../tests/bench/load-mix';
import { ProgramPool } from '../tests/bench/load-programs';
import { analyzeSeeded, seedLoadData, type LoadData } from '../tests/bench/load-seed';
import { startLoadServer, type LoadServer } from '../tests/bench/load-server';
import { quietReading } from '../tests/bench/load-tally';
import { latencyOf } from '../tests/bench/measure';
import { cpuMeter, cpuSince, postmasterPid, type CpuMeter } from '../tests/bench/proc';

const { values: args } = parseArgs({
  options: {
    programs: { type: 'string', default: '45000' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '8' },
    ops: { type: 'string', default: [...MIX_WEIGHTS.map(([op]) => op), 'mix'].join(',') },
    statements: { type: 'boolean', default: false },
  },
});

type Op = MixOp | 'mix';

interface Cost { op: Op; perSecond: number; serverMs: number; postgresMs: number | null; p50: number; p99: number; errors: number }

interface Target { server: LoadServer; data: LoadData; pool: ProgramPool; meter: CpuMeter; dbUrl: string }

const log = (line: string) => console.log(line);
let prefixes = 0;

async function measure(t: Target, op: Op, seconds: number, connections: number): Promise<Cost> {
  const source = () => new Mix({
    ecosystemId: t.data.ecosystemId, token: () => t.data.user.token, pool: t.pool, seed: 11, prefix: `Growth ${++prefixes}`,
    ...(op === 'mix' ? {} : { only: op }),
  });
  await closedLoop({ url: t.server.url, connections, seconds: 2, source: source() });
  const before = await quietReading(t.meter);
  const run = await closedLoop({ url: t.server.url, connections, seconds, source: source() });
  const cpu = cpuSince(before, await quietReading(t.meter));
  const n = run.tally.answered;
  const lat = latencyOf(run.tally.samples());
  return {
    op, perSecond: n / run.seconds, serverMs: cpu.serverMs / n, postgresMs: cpu.postgresMs === null ? null : cpu.postgresMs / n,
    p50: lat.p50, p99: lat.p99, errors: n - run.tally.ok + run.tally.transport,
  };
}

async function topStatements(dbUrl: string, label: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const r = await client.query<{ calls: string; total: number; mean: number; rows: string; blks: string; query: string }>(
      `SELECT calls, total_exec_time + total_plan_time AS total, (total_exec_time + total_plan_time) / calls AS mean, rows,
              shared_blks_hit + shared_blks_read AS blks, regexp_replace(query, '\\s+', ' ', 'g') AS query
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total DESC LIMIT 25`);
    log(`\nStatements by time, ${label} (calls, total ms, mean ms, rows, buffers per call):`);
    for (const s of r.rows) {
      log(`  ${s.calls.padStart(7)} ${s.total.toFixed(0).padStart(7)} ${s.mean.toFixed(3).padStart(8)} ${s.rows.padStart(8)} ${(Number(s.blks) / Number(s.calls)).toFixed(1).padStart(8)}  ${s.query.slice(0, 400)}`);
    }
    await client.query('SELECT pg_stat_statements_reset()');
  } finally {
    await client.end();
  }
}

async function resetStatements(dbUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  } finally {
    await client.end();
  }
}

async function measureAll(t: Target, label: string): Promise<Cost[]> {
  const ops = args.ops.split(',') as Op[];
  if (args.statements) await resetStatements(t.dbUrl);
  const out: Cost[] = [];
  for (const op of ops) {
    const c = await measure(t, op, Number(args.seconds), Number(args.connections));
    log(`   ${label} ${op}: ${c.perSecond.toFixed(0)}/s, server ${c.serverMs.toFixed(2)} ms, PostgreSQL ${c.postgresMs?.toFixed(2) ?? '-'} ms per request; p50 ${c.p50.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms; errors ${c.errors}`);
    out.push(c);
  }
  if (args.statements) await topStatements(t.dbUrl, label);
  return out;
}

async function sizes(dbUrl: string, ecosystemId: string): Promise<string> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const r = await client.query<{ programs: number; events: number; crumbs: number; facets: number }>(
      `SELECT (SELECT count(*)::int FROM read.programs WHERE ecosystem_id = $1) AS programs, (SELECT count(*)::int FROM public.events) AS events,
              (SELECT count(*)::int FROM read.breadcrumbs WHERE ecosystem_id = $1) AS crumbs, (SELECT count(*)::int FROM read.breadcrumb_facets WHERE ecosystem_id = $1) AS facets`,
      [ecosystemId]);
    const s = r.rows[0];
    return `${s.programs} programs in the ecosystem, ${s.events} events in the log, ${s.crumbs} audit rows and ${s.facets} facets of the ecosystem`;
  } finally {
    await client.end();
  }
}

function table(small: Cost[], large: Cost[], smallSize: string, largeSize: string): void {
  const f = (n: number | null) => (n === null ? '-' : n.toFixed(2));
  log(`\nCPU ms per request (server + PostgreSQL), ${args.connections} connections, ${args.seconds} s each`);
  log(`  small: ${smallSize}\n  large: ${largeSize}`);
  log('| request | small server | small PostgreSQL | large server | large PostgreSQL | large / small (sum) | p99 small / large |');
  log('|---|---|---|---|---|---|---|');
  for (const s of small) {
    const l = large.find((x) => x.op === s.op);
    if (!l) continue;
    const ratio = (l.serverMs + (l.postgresMs ?? 0)) / (s.serverMs + (s.postgresMs ?? 0));
    log(`| ${s.op} | ${f(s.serverMs)} | ${f(s.postgresMs)} | ${f(l.serverMs)} | ${f(l.postgresMs)} | ${ratio.toFixed(2)} | ${s.p99.toFixed(1)} / ${l.p99.toFixed(1)} ms |`);
  }
}

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

async function run(cluster: BenchCluster): Promise<void> {
  const db = await cluster.database('growth', 2);
  await db.pool.end();
  const server = await startLoadServer({
    databaseUrl: db.url, apiPassword: cluster.apiPassword, dataDir: path.join(cluster.tempDir, 'growth'),
    env: { ACCESS_TOKEN_TTL_SECONDS: '3600' }, log: () => undefined,
  });
  try {
    const data = await seedLoadData(server, { programs: 300, neighbourPrograms: 50, log });
    await analyzeSeeded(db.url);
    const t: Target = { server, data, pool: new ProgramPool(data.programs), meter: cpuMeter(server.pid, cluster.clusterDir ? postmasterPid(cluster.clusterDir) : null), dbUrl: db.url };
    const smallSize = await sizes(db.url, rawId(data.ecosystemId));
    log(`small: ${smallSize}`);
    const small = await measureAll(t, 'small');
    const started = Date.now();
    const grown = await growPrograms({ databaseUrl: db.url, ecosystemId: rawId(data.ecosystemId), actor: actorOf(data.user.token), programs: Number(args.programs), prefix: 'Grown', log });
    if (grown.last) await waitApplied(db.url, ['tenants', 'audit'], grown.last, 1_800_000);
    log(`   grew by ${grown.programs.length} programs and ${grown.events} events in ${((Date.now() - started) / 1000).toFixed(0)} s (projections applied)`);
    await analyzeSeeded(db.url);
    // Growing may take longer than the access token lives (an hour at most).
    await data.user.refresh();
    for (const p of grown.programs) t.pool.add(p);
    const largeSize = await sizes(db.url, rawId(data.ecosystemId));
    log(`large: ${largeSize}`);
    const large = await measureAll(t, 'large');
    table(small, large, smallSize, largeSize);
  } finally {
    await server.stop();
    await db.drop();
  }
}

const cluster = await startBenchCluster(log, args.statements ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {});
try {
  await run(cluster);
} finally {
  await cluster.stop();
}
