/**
 * Operator commands (DESIGN.md section 5; decision 0016 for retry and skip):
 *   npm run projections -- status [--json]
 *   npm run projections -- rebuild NAME [NAME...] | --all
 *   npm run projections -- retry NAME
 *   npm run projections -- skip NAME POSITION [--operator LOGIN]
 * retry and skip take a reactor's name too (decision 0069); status lists the reactors after the projections.
 * Connects like the app: DATABASE_URL, else the embedded cluster in <DATA_DIR>/pg (reusing the
 * app's server when it is running, starting it otherwise).
 */
import { userInfo } from 'node:os';
import type { Pool } from 'pg';
import { loadConfig, type Config } from '../infra/config';
import { ownerConnection } from '../infra/db/owner-connection';
import { createPool } from '../infra/db/pool';
import { CommandBus } from '../infra/commandbus';
import { createEventStore } from '../infra/eventstore/factory';
import type { EventStore } from '../infra/eventstore/port';
import { listBuilds } from './checkpoints';
import { formatPosition, reactorTable, RebuildProgress, statusTable } from './cli-output';
import { retryReactor, skipReactorEvent } from './reactors/operations';
import { allReactors } from './reactors/registry';
import { readReactorStatus } from './reactors/status';
import { allProjections } from './registry';
import { ProjectionRunner } from './runner';
import { parsePosition, retryProjection, skipEvent } from './operations';
import { postgresEventCounter, readingEventCounter, readProjectionStatus, type EventCounter } from './status';

const USAGE = `usage: npm run projections -- status [--json]
       npm run projections -- rebuild NAME [NAME...] | --all
       npm run projections -- retry NAME
       npm run projections -- skip NAME POSITION [--operator LOGIN]`;

interface Connection {
  pool: Pool;
  store: EventStore;
  count: EventCounter;
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
  // The app's own store: schemas checked and old versions upcast, so rebuilds see what the app sees.
  const store = createEventStore(config, pool);
  return {
    pool, store,
    count: config.EVENTSTOREDB_URL ? readingEventCounter(store) : postgresEventCounter(pool),
    async close() {
      await store.close();
      await pool.end();
      await owner.close();
    },
  };
}

async function status(conn: Connection, json: boolean): Promise<void> {
  const rows = await readProjectionStatus(conn.pool, conn.store, { projections: allProjections(), countEventsAfter: conn.count });
  const reactors = await readReactorStatus(conn.pool, conn.store, allReactors().map((r) => r.name), conn.count);
  // JSON: the reactors follow the projections in the same list, told apart by `kind: 'reactor'`.
  if (json) console.log(JSON.stringify([...rows, ...reactors], (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2));
  else console.log(reactors.length ? `${statusTable(rows)}\n\n${reactorTable(reactors)}` : statusTable(rows));
}

async function rebuild(conn: Connection, names: string[]): Promise<boolean> {
  const projections = allProjections();
  const chosen = names.length ? names : projections.map((p) => p.name);
  for (const n of chosen) if (!projections.some((p) => p.name === n)) throw new Error(`unknown projection "${n}"\n${USAGE}`);
  const { count } = conn;
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
        const state = b.failure ? `FAILED at ${formatPosition(b.failure.position)}` : b.lastError ? `retrying: ${b.lastError}` : b.status;
        bars.update(b.schema, b.name, b.eventsProcessed, remaining, state);
        // A first build serves from the start; it is done once it has caught up. A FAILED one waits for an operator.
        done &&= b.status === 'retired' || b.failure !== null || (b.status === 'serving' && remaining === 0);
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
    if (b.failure) {
      const f = b.failure;
      console.log(`${b.name}: ${b.schema} is FAILED at ${formatPosition(f.position)} (${f.eventType ?? '?'} ${f.eventId ?? '?'}): ${f.error}`);
      console.log(`  fix the code and run: npm run projections -- retry ${b.name}   or give up the event: npm run projections -- skip ${b.name} ${formatPosition(f.position)}`);
    } else {
      console.log(b.status === 'serving' ? `${b.name}: now serving from ${b.schema} (${b.eventsProcessed} events)` : `${b.name}: ${b.schema} is ${b.status}`);
    }
  }
  return final.every((b) => b.status === 'serving' && !b.failure);
}

function knownProjection(name: string | undefined): string {
  if (!name || !allProjections().some((p) => p.name === name)) throw new Error(`unknown projection "${name ?? ''}"\n${USAGE}`);
  return name;
}

const isReactor = (name: string | undefined) => allReactors().some((r) => r.name === name);

async function retry(conn: Connection, name: string): Promise<boolean> {
  if (isReactor(name)) {
    console.log(await retryReactor(conn.pool, name) ? `${name}: the reactor will act on its event again` : `${name}: the reactor is not FAILED`);
    return true;
  }
  const schemas = await retryProjection(conn.pool, knownProjection(name));
  console.log(schemas.length ? `${name}: ${schemas.join(', ')} will try again` : `${name}: no build is FAILED`);
  return true;
}

async function skip(conn: Connection, name: string, at: string, operator: string): Promise<boolean> {
  const position = parsePosition(at);
  if (!position) throw new Error(`POSITION must be COMMIT/PREPARE as status shows it, got "${at}"\n${USAGE}`);
  if (isReactor(name)) {
    await skipReactorEvent({ db: conn.pool, store: conn.store, bus: new CommandBus(conn.store) }, name, position, operator);
    console.log(`${name}: the reactor skipped the event at ${at} (recorded as done by operator ${operator})`);
    return true;
  }
  const schemas = await skipEvent({ db: conn.pool, store: conn.store, bus: new CommandBus(conn.store) }, knownProjection(name), position, operator);
  console.log(`${name}: skipped the event at ${at} in ${schemas.join(', ')} (recorded as done by operator ${operator})`);
  return true;
}

/** Positional arguments, and the value of each `--name value` option. */
function parseArgs(rest: string[]): { names: string[]; flags: Set<string>; operator: string } {
  const names: string[] = [];
  const flags = new Set<string>();
  let operator = process.env.USER || userInfo().username;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--operator' && rest[i + 1]) operator = rest[++i];
    else if (rest[i].startsWith('--')) flags.add(rest[i]);
    else names.push(rest[i]);
  }
  return { names, flags, operator };
}

const ARITY: Record<string, (n: number, flags: Set<string>) => boolean> = {
  status: (n) => n === 0,
  rebuild: (n, flags) => flags.has('--all') !== n > 0,
  retry: (n) => n === 1,
  skip: (n) => n === 2,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { names, flags, operator } = parseArgs(rest);
  if (!command || !Object.hasOwn(ARITY, command) || !ARITY[command](names.length, flags)) {
    console.error(USAGE);
    return 2;
  }
  const conn = await connect(loadConfig());
  try {
    if (command === 'status') {
      await status(conn, flags.has('--json'));
      return 0;
    }
    if (command === 'retry') return (await retry(conn, names[0])) ? 0 : 1;
    if (command === 'skip') return (await skip(conn, names[0], names[1], operator)) ? 0 : 1;
    return (await rebuild(conn, flags.has('--all') ? [] : names)) ? 0 : 1;
  } finally {
    await conn.close();
  }
}

// process.exit rather than process.exitCode: the exit code is final even if some handle is left open.
main(process.argv.slice(2)).then((code) => process.exit(code), (err: Error) => {
  console.error(err.message);
  process.exit(1);
});
