/**
 * A CPU profile of the production server under one load scenario of the load benchmark
 * (tests/bench/load.ts): the same server, seed and requests, with the server started under
 * `node --cpu-prof`, and a summary of where its CPU went.
 *
 *   tsx scripts/profile-load.ts [page|auth|anon|ecosystems|mix|writes] [seconds]
 *   tsx scripts/profile-load.ts --summarise FILE.cpuprofile
 *
 * Prints the self time by function and by package, and the inclusive time of the functions that
 * take most, and leaves the raw `.cpuprofile` (for Chrome's DevTools) in the printed folder.
 * Also prints the server's and PostgreSQL's CPU milliseconds per request, read from /proc.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startBenchCluster } from '../tests/bench/db';
import { closedLoop } from '../tests/bench/load-autocannon';
import { Mix } from '../tests/bench/load-mix';
import { ProgramPool } from '../tests/bench/load-programs';
import { Session } from '../tests/bench/load-client';
import { page, programsPage, trivial, type RequestSource } from '../tests/bench/load-requests';
import { analyzeSeeded, seedLoadData } from '../tests/bench/load-seed';
import { startLoadServer } from '../tests/bench/load-server';
import { cpuMeter, cpuSince, postmasterPid } from '../tests/bench/proc';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:') || !url) return url || '(native)';
  return path.relative(process.cwd(), url.replace(/^file:\/\//, '')).split('/').slice(0, 2).join('/');
}

function summarise(profile: Profile, top: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${packageOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const selfBy = new Map<string, number>();
  const pkgBy = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, t] of self) {
    const n = byId.get(id)!;
    selfBy.set(label(n), (selfBy.get(label(n)) ?? 0) + t);
    pkgBy.set(packageOf(n.callFrame.url), (pkgBy.get(packageOf(n.callFrame.url)) ?? 0) + t);
    // Each function on the stack once (recursion counted once).
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l)) continue;
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + t);
    }
  }
  const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
  const list = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `  ${pct(t)}  ${k}`);
  return [
    `total ${(total / 1e6).toFixed(1)} s of samples`,
    'self time by package or folder:', ...list(pkgBy, 25),
    'self time by function:', ...list(selfBy, top),
    'inclusive time by function:', ...list(inclusive, top * 2),
  ];
}

/**
 * With PROFILE_STATEMENTS=1 (and a DATABASE_URL server that preloads pg_stat_statements with
 * track_planning on): the statements of the run with their planning and execution time per request.
 */
async function statementStats(url: string): Promise<(requests: number) => Promise<string[]>> {
  const client = new pg.Client(url);
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.query('SELECT pg_stat_statements_reset()');
  return async (requests) => {
    const r = await client.query<{ calls: string; plan_ms: number; exec_ms: number; query: string }>(
      `SELECT calls, total_plan_time AS plan_ms, total_exec_time AS exec_ms, query FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_plan_time + total_exec_time DESC LIMIT 15`);
    await client.end();
    return r.rows.map((x) => `  calls/request ${(Number(x.calls) / requests).toFixed(2)}  plan ${(1000 * x.plan_ms / Number(x.calls)).toFixed(0)} µs  exec ${(1000 * x.exec_ms / Number(x.calls)).toFixed(0)} µs  ${x.query.replace(/\s+/g, ' ').slice(0, 150)}`);
  };
}

async function main(): Promise<void> {
  if (process.argv[2] === '--summarise') {
    for (const line of summarise(JSON.parse(await readFile(process.argv[3], 'utf8')) as Profile, 40)) console.log(line);
    return;
  }
  const scenario = process.argv[2] ?? 'page';
  const seconds = Number(process.argv[3] ?? 20);
  const log = (line: string) => console.log(line);
  const cluster = await startBenchCluster(log);
  const profDir = await mkdtemp(path.join(os.tmpdir(), 'tutoring-profile-'));
  try {
    const db = await cluster.database('profile', 2);
    await db.pool.end();
    const server = await startLoadServer({
      databaseUrl: db.url, apiPassword: cluster.apiPassword, dataDir: path.join(cluster.tempDir, 'profile'),
      env: { ACCESS_TOKEN_TTL_SECONDS: '3600' }, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`], log: () => undefined,
    });
    try {
      const data = await seedLoadData(server, { programs: 300, neighbourPrograms: 50, log });
      await analyzeSeeded(db.url);
      const pool = new ProgramPool(data.programs);
      const admin = await Session.logIn(server.url, server.platformAdmin.email, server.platformAdmin.password);
      const token = () => data.user.token;
      const mix = (writeShare?: number) => new Mix({ ecosystemId: data.ecosystemId, token, pool, seed: 7, prefix: 'Profile', ...(writeShare === undefined ? {} : { writeShare }) });
      const sources: Record<string, () => RequestSource> = {
        page: () => programsPage(data.ecosystemId, token), auth: () => trivial(token), anon: () => trivial(() => null),
        ecosystems: () => page('ManageEcosystemsPageQuery', { searchTerm: null }, () => admin.token), mix: () => mix(), writes: () => mix(1),
      };
      const source = sources[scenario];
      if (!source) throw new Error(`unknown scenario ${scenario}: page, auth, anon, ecosystems, mix or writes`);
      const statements = process.env.PROFILE_STATEMENTS === '1' ? await statementStats(db.url) : null;
      const meter = cpuMeter(server.pid, cluster.clusterDir ? postmasterPid(cluster.clusterDir) : null);
      const before = meter.read();
      const run = await closedLoop({ url: server.url, connections: 16, seconds, source: source() });
      const cpu = cpuSince(before, meter.read());
      const n = run.tally.answered;
      const errors = n - run.tally.ok + run.tally.transport;
      if (statements) for (const line of await statements(n)) log(line);
      log(`${scenario}: ${n} requests in ${run.seconds.toFixed(1)} s (${(n / run.seconds).toFixed(0)}/s), errors ${errors}; CPU ms per request: server ${(cpu.serverMs / n).toFixed(3)}, PostgreSQL ${cpu.postgresMs === null ? '-' : (cpu.postgresMs / n).toFixed(3)}`);
    } finally {
      await server.stop();
      // PROFILE_KEEP=1 leaves the database for a closer look (only with DATABASE_URL: an embedded cluster goes).
      if (process.env.PROFILE_KEEP === '1') log(`kept the database ${db.name}`);
      else await db.drop();
    }
    // The main thread's profile: tsx's loader thread writes one too (its file ends .1.00N).
    const files = (await readdir(profDir)).filter((f) => /\.0\.\d+\.cpuprofile$/.test(f));
    for (const f of files) {
      log(`\n${path.join(profDir, f)}`);
      for (const line of summarise(JSON.parse(await readFile(path.join(profDir, f), 'utf8')) as Profile, 40)) log(line);
    }
  } finally {
    if (process.env.PROFILE_KEEP !== '1') await cluster.stop();
  }
}

await main();
