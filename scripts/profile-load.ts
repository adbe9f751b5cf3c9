/**
 * A CPU profile of the production server under one load scenario of the load benchmark
 * (tests/bench/load.ts): the same server, seed and requests, with the server started under
 * `node --cpu-prof`, and a summary of where its CPU went.
 *
 *   tsx scripts/profile-load.ts [page|auth|anon|ecosystems|ecosystems24|mix|writes] [seconds]
 *
 * ecosystems24 is the manage-ecosystems page over benchmark 6a's data (24 ecosystems made through
 * the API, each with a finished demo-data job); ecosystems lists the load seed's two.
 *   tsx scripts/profile-load.ts --summarise FILE.cpuprofile
 *
 * Prints the self time by function and by package, and the inclusive time of the functions that
 * take most, and leaves the raw `.cpuprofile` (for Chrome's DevTools) in the printed folder.
 * Also prints the server's and PostgreSQL's CPU milliseconds per request, read from /proc.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { mainThreadProfiles, readProfile, summarise } from '../tests/bench/cpu-profile';
import { startBenchCluster } from '../tests/bench/db';
import { closedLoop } from '../tests/bench/load-autocannon';
import { Mix } from '../tests/bench/load-mix';
import { ProgramPool } from '../tests/bench/load-programs';
import { Session } from '../tests/bench/load-client';
import { page, programsPage, trivial, type RequestSource } from '../tests/bench/load-requests';
import { analyzeSeeded, seedLoadData } from '../tests/bench/load-seed';
import { startLoadServer } from '../tests/bench/load-server';
import { createTenantsData } from '../tests/bench/tenants-data';
import { cpuMeter, cpuSince, postmasterPid } from '../tests/bench/proc';

/**
 * With PROFILE_STATEMENTS=1 (the embedded cluster, or a DATABASE_URL server that preloads
 * pg_stat_statements with track_planning on): the statements of the run with their planning and
 * execution time per request.
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
    for (const line of summarise(await readProfile(process.argv[3]), 40)) console.log(line);
    return;
  }
  const scenario = process.argv[2] ?? 'page';
  const seconds = Number(process.argv[3] ?? 20);
  const log = (line: string) => console.log(line);
  // PROFILE_STATEMENTS=1 without DATABASE_URL: the embedded cluster preloads pg_stat_statements itself.
  const cluster = await startBenchCluster(log, process.env.PROFILE_STATEMENTS === '1'
    ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' } : {});
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
      // The manage-ecosystems page as benchmark 6a asks for it: its 24 ecosystems, a demo-data job each.
      if (scenario === 'ecosystems24') await createTenantsData(server.url, log, admin.token);
      sources.ecosystems24 = sources.ecosystems;
      const source = sources[scenario];
      if (!source) throw new Error(`unknown scenario ${scenario}: page, auth, anon, ecosystems, ecosystems24, mix or writes`);
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
    for (const file of await mainThreadProfiles(profDir)) {
      log(`\n${file}`);
      for (const line of summarise(await readProfile(file), 40)) log(line);
    }
  } finally {
    if (process.env.PROFILE_KEEP !== '1') await cluster.stop();
  }
}

await main();
