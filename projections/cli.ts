/**
 * Operator commands (DESIGN.md section 5):
 *   npm run projections -- status [--json]
 *   npm run projections -- rebuild NAME [NAME...] | --all
 * Connects like the app: DATABASE_URL, else the embedded cluster in <DATA_DIR>/pg (reusing the
 * app's server when it is running, starting it otherwise).
 */
import type { Pool } from 'pg';
import { loadConfig, type Config } from '../infra/config';
import { ownerConnection } from '../infra/db/owner-connection';
import { createPool } from '../infra/db/pool';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { listBuilds } from './checkpoints';
import { RebuildProgress, statusTable } from './cli-output';
import { allProjections } from './registry';
import { ProjectionRunner } from './runner';
import { postgresEventCounter, readProjectionStatus } from './status';

const USAGE = `usage: npm run projections -- status [--json]
       npm run projections -- rebuild NAME [NAME...] | --all`;

interface Connection {
  pool: Pool;
  store: EventStore;
  close(): Promise<void>;
}

async function connect(config: Config): Promise<Connection> {
  const owner = await ownerConnection(config);
  const pool = createPool(owner.url, 10, 'projections-cli');
  const migrated = await pool.query(`SELECT to_regclass('projections.checkpoints') IS NOT NULL AS ok`);
  if (!migrated.rows[0].ok) {
    await pool.end();
    await owner.close();
    throw new Error('The database is not migrated yet: start the app once (npm start) first.');
  }
  const store = createPostgresEventStore(pool);
  return {
    pool, store,
    async close() {
      await store.close();
      await pool.end();
      await owner.close();
    },
  };
}

async function status(conn: Connection, json: boolean): Promise<void> {
  const rows = await readProjectionStatus(conn.pool, conn.store, { projections: allProjections(), countEventsAfter: postgresEventCounter(conn.pool) });
  if (json) console.log(JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2));
  else console.log(statusTable(rows));
}

async function rebuild(conn: Connection, names: string[]): Promise<boolean> {
  const projections = allProjections();
  const chosen = names.length ? names : projections.map((p) => p.name);
  for (const n of chosen) if (!projections.some((p) => p.name === n)) throw new Error(`unknown projection "${n}"\n${USAGE}`);
  const count = postgresEventCounter(conn.pool);
  const runner = new ProjectionRunner(conn.pool, conn.store, projections.filter((p) => chosen.includes(p.name)), {
    countEventsAfter: count,
    onError: (err, context) => process.stderr.write(`\n[projections] ${context}: ${err.message}\n`),
  });
  // Builds first: started afterwards, the runner applies them together with the serving builds.
  const schemas = await runner.rebuild(chosen);
  await runner.start();
  const bars = new RebuildProgress();
  let interrupted = false;
  const onSignal = () => { interrupted = true; };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // Progress comes from the checkpoints, so it is right whichever process applies the build.
    for (;;) {
      const builds = (await listBuilds(conn.pool, { includeRetired: true })).filter((b) => schemas.includes(b.schema));
      const head = await conn.store.headPosition();
      let done = true;
      for (const b of builds) {
        const remaining = head ? await count(b.position, head) : 0;
        bars.update(b.schema, b.name, b.eventsProcessed, remaining, b.lastError ? `retrying: ${b.lastError}` : b.status);
        // A first build serves from the start; it is done once it has caught up.
        done &&= b.status === 'retired' || (b.status === 'serving' && remaining === 0);
      }
      if (done || interrupted) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    bars.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await runner.stop();
  }
  const final = (await listBuilds(conn.pool, { includeRetired: true })).filter((b) => schemas.includes(b.schema));
  if (interrupted) console.log('Interrupted: the old tables keep serving; the app (or the next rebuild) resumes the build where it stopped.');
  for (const b of final) {
    console.log(b.status === 'serving' ? `${b.name}: now serving from ${b.schema} (${b.eventsProcessed} events)`
      : `${b.name}: ${b.schema} is ${b.status}`);
  }
  return final.every((b) => b.status === 'serving');
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'status' && command !== 'rebuild') {
    console.error(USAGE);
    return 2;
  }
  const all = rest.includes('--all');
  const names = rest.filter((a) => !a.startsWith('--'));
  if (command === 'rebuild' && (all === (names.length > 0))) {
    console.error(USAGE);
    return 2;
  }
  const conn = await connect(loadConfig());
  try {
    if (command === 'status') {
      await status(conn, rest.includes('--json'));
      return 0;
    }
    return (await rebuild(conn, all ? [] : names)) ? 0 : 1;
  } finally {
    await conn.close();
  }
}

// process.exit rather than process.exitCode: the exit code is final even if some handle is left open.
main(process.argv.slice(2)).then((code) => process.exit(code), (err: Error) => {
  console.error(err.message);
  process.exit(1);
});
