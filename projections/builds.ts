/**
 * The life of a projection build (docs/decisions/0004-projections-blue-green.md): create its schema
 * and tables, expose it through the `read` views, switch the views to a newer build in one
 * transaction, retire and drop the old one. Every step takes its locks in the one order of
 * ddl-locks.ts, so two processes starting together (or the CLI beside the app) never create or
 * switch the same build twice, and a switch never stalls readers or batches for long.
 */
import type { Pool, PoolClient } from 'pg';
import { comparePositions } from '../domain/shared/events';
import { withTransaction } from '../infra/db/pool';
import { listBuilds, lockBuild, lockBuildsOf, samePosition, type Build, type BuildStatus } from './checkpoints';
import { LocksBusyError, tryWithShortLocks, withBuildLocks, withBuildLocksRetrying } from './ddl-locks';
import { createTenantPolicy } from './policies';
import { buildSchemaName, qualified, quoteIdent, READ_SCHEMA, READER_ROLES } from './sql';
import type { Projection } from './types';

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

async function secureExposedTable(client: PoolClient, schema: string, table: string): Promise<void> {
  const cols = await client.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND column_name = 'ecosystem_id'`,
    [schema, table]);
  if (cols.rowCount === 0) throw new Error(`${schema}.${table} is exposed but has no ecosystem_id column (or does not exist)`);
  const t = qualified(schema, table);
  await client.query(`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`);
  // FORCE: a table owner that is not a superuser is filtered too, so only the runner (which
  // declares itself platform admin per batch) sees every tenant.
  await client.query(`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`);
  await createTenantPolicy(client, schema, table);
  // Analysts read across tenants by design (decision 0005): settings are no boundary for a role
  // that can run SET itself, so a per-tenant analyst scope would only pretend.
  await client.query(`CREATE POLICY analyst_reads_all ON ${t} FOR SELECT TO analyst USING (true)`);
  await client.query(`GRANT SELECT ON ${t} TO ${READER_ROLES.join(', ')}`);
}

async function createBuild(client: PoolClient, p: Projection, generation: number, status: BuildStatus): Promise<Build> {
  const schema = buildSchemaName(p.name, p.version, generation);
  await client.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
  await client.query(p.tables(schema));
  // A build that serves at once is read at once; a rebuild gets its indexes after its load (finishLoad).
  if (status === 'serving' && p.indexes) await client.query(p.indexes(schema));
  for (const table of p.exposedTables) await secureExposedTable(client, schema, table);
  await client.query(`GRANT USAGE ON SCHEMA ${quoteIdent(schema)} TO ${READER_ROLES.join(', ')}`);
  await client.query(
    `INSERT INTO projections.checkpoints (schema_name, name, version, generation, status, exposed_tables, serving_since)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $5 = 'serving' THEN now() END)`,
    [schema, p.name, p.version, generation, status, p.exposedTables]);
  const build: Build = {
    schema, name: p.name, version: p.version, generation, status, position: null, eventsProcessed: 0,
    exposedTables: [...p.exposedTables], lastError: null, failure: null, skipped: [], createdAt: new Date(), updatedAt: new Date(),
    servingSince: status === 'serving' ? new Date() : null,
  };
  if (status === 'serving') await pointViews(client, build, []);
  return build;
}

async function copyComments(client: PoolClient, build: Build, table: string): Promise<void> {
  const source = qualified(build.schema, table);
  const view = qualified(READ_SCHEMA, table);
  const own = await client.query<{ c: string | null }>(`SELECT obj_description($1::regclass, 'pg_class') AS c`, [source]);
  const fallback = `Read model of projection ${build.name} (version ${build.version}); see projections/README.md.`;
  await client.query(`COMMENT ON VIEW ${view} IS ${quoteLiteral(own.rows[0]?.c ?? fallback)}`);
  const cols = await client.query<{ attname: string; c: string }>(
    `SELECT attname, col_description(attrelid, attnum) AS c FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND col_description(attrelid, attnum) IS NOT NULL`,
    [source]);
  for (const col of cols.rows) await client.query(`COMMENT ON COLUMN ${view}.${quoteIdent(col.attname)} IS ${quoteLiteral(col.c)}`);
}

/** Points `read.<table>` at `build`'s tables; views the previous build exposed and this one does not are dropped. */
async function pointViews(client: PoolClient, build: Build, previouslyExposed: readonly string[]): Promise<void> {
  for (const table of previouslyExposed) {
    if (!build.exposedTables.includes(table)) await client.query(`DROP VIEW IF EXISTS ${qualified(READ_SCHEMA, table)}`);
  }
  for (const table of build.exposedTables) {
    const view = qualified(READ_SCHEMA, table);
    // Drop and create rather than CREATE OR REPLACE: a new version may change or remove columns.
    await client.query(`DROP VIEW IF EXISTS ${view}`);
    await client.query(`CREATE VIEW ${view} WITH (security_invoker = true) AS SELECT * FROM ${qualified(build.schema, table)}`);
    await client.query(`GRANT SELECT ON ${view} TO ${READER_ROLES.join(', ')}`);
    await copyComments(client, build, table);
  }
}

async function retire(client: PoolClient, schema: string): Promise<void> {
  await client.query(`UPDATE projections.checkpoints SET status = 'retired', retired_at = now(), updated_at = now() WHERE schema_name = $1`, [schema]);
}

export interface BuildPlan {
  /** Builds of this code's version that exist and should be applied. */
  run: Build[];
  /** A building build of an older version, abandoned for this one. */
  abandon: Build | null;
  /** Whether this code's version needs a new build. */
  create: boolean;
}

/**
 * What this code's version of `p` needs, given the builds the database has. Never builds a version
 * older than one the database already has: during a rolling deploy the old code keeps its serving
 * build fresh and starts nothing new.
 */
export function planBuilds(p: Projection, builds: readonly Build[]): BuildPlan {
  const mine = builds.filter((b) => b.name === p.name);
  const serving = mine.find((b) => b.status === 'serving');
  const found = mine.find((b) => b.status === 'building');
  const abandon = found && found.version < p.version ? found : null;
  const building = abandon ? undefined : found;
  const run = [serving, building].filter((b): b is Build => b !== undefined && b.version === p.version);
  const covered = Math.max(serving?.version ?? 0, building?.version ?? 0) >= p.version;
  const newest = Math.max(0, ...mine.map((b) => b.version));
  return { run, abandon, create: !covered && p.version >= newest };
}

function nextGeneration(p: Projection, builds: readonly Build[]): number {
  return 1 + Math.max(0, ...builds.filter((b) => b.name === p.name && b.version === p.version).map((b) => b.generation));
}

/**
 * Carries out planBuilds under the locks and returns the builds this process should apply. One
 * attempt: LocksBusyError when another change holds them (the runner reconciles again shortly).
 */
export async function ensureBuilds(pool: Pool, p: Projection): Promise<Build[]> {
  const views = await viewsToLock(pool, p);
  return withBuildLocks(pool, views ?? [], async (client) => {
    const all = await lockBuildsOf(client, p.name);
    const plan = planBuilds(p, all);
    if (plan.abandon) await retire(client, plan.abandon.schema);
    if (!plan.create) return plan.run;
    return [...plan.run, await createBuild(client, p, nextGeneration(p, all), newBuildStatus(all, views))];
  });
}

/**
 * A new build serves at once, and (re)creates the views, only when no build serves: only then are
 * the views locked (null: a build served, nothing to lock). Read without locks, so checked again
 * under them by newBuildStatus.
 */
async function viewsToLock(pool: Pool, p: Projection): Promise<string[] | null> {
  const builds = await listBuilds(pool, { names: [p.name] });
  return builds.some((b) => b.status === 'serving') ? null : p.exposedTables;
}

function newBuildStatus(all: readonly Build[], lockedViews: readonly string[] | null): BuildStatus {
  if (all.some((b) => b.status === 'serving')) return 'building';
  // The serving build went away between the look and the locks: its views were not locked.
  if (lockedViews === null) throw new LocksBusyError('The views of a projection that just stopped serving');
  return 'serving';
}

/**
 * Starts an operator rebuild of `p`'s current version into a fresh schema, or returns the build
 * already in progress for that version. Waits (retrying) for busy locks: an operator asked for it.
 */
export async function startRebuild(pool: Pool, p: Projection): Promise<Build> {
  const views = await viewsToLock(pool, p);
  return withBuildLocksRetrying(pool, views ?? [], async (client) => {
    const all = await lockBuildsOf(client, p.name);
    const serving = all.find((b) => b.status === 'serving');
    const building = all.find((b) => b.status === 'building');
    if (building?.version === p.version) return building;
    const newer = [serving, building].find((b) => b !== undefined && b.version > p.version);
    if (newer) throw new Error(`${p.name}: the database has version ${newer.version}, this code version ${p.version}; not rebuilding an older version`);
    if (building) await retire(client, building.schema);
    return createBuild(client, p, nextGeneration(p, all), newBuildStatus(all, views));
  });
}

/**
 * A rebuild's last step before it may serve (decision 0022): the secondary indexes its load went
 * without, built in one pass over the loaded rows rather than row by row. (No ANALYZE: CREATE INDEX
 * records the row and page counts the planner needs most, and autovacuum analyzes a table that
 * has just taken all its rows within its next round; an ANALYZE here cost 10% of a rebuild.)
 * Runs under the build's checkpoint row, as a batch does; false when the build moved or retired
 * meanwhile (the caller resynchronises).
 */
export async function finishLoad(pool: Pool, p: Projection, schema: string, expected: Build['position']): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    const me = await lockBuild(client, schema);
    if (!me || me.status !== 'building' || me.failure || !samePosition(me.position, expected)) return false;
    if (p.indexes) await client.query(p.indexes(schema));
    return true;
  });
}

export type SwitchOutcome =
  | { outcome: 'switched'; retired: string | null }
  /** The serving build is ahead of this one; switching now would show older data than before. */
  | { outcome: 'behind' }
  /** The row changed under us (another process applied or switched): resynchronise first. */
  | { outcome: 'stale'; build: Build | null }
  /** A view or checkpoint row was locked (a long reader, a batch): nothing changed; try again later, with jitter. */
  | { outcome: 'busy' };

/**
 * Switches the read views from the serving build to `schema`, in one transaction. The views to
 * lock are read first without locks; the checks are repeated under them.
 */
export async function switchToServing(pool: Pool, name: string, schema: string, expected: Build['position']): Promise<SwitchOutcome> {
  const builds = await listBuilds(pool, { names: [name] });
  const views = builds.filter((b) => b.schema === schema || b.status === 'serving').flatMap((b) => b.exposedTables);
  try {
    return await withBuildLocks(pool, views, async (client): Promise<SwitchOutcome> => {
      const all = await lockBuildsOf(client, name);
      const me = all.find((b) => b.schema === schema) ?? null;
      if (!me || me.status !== 'building' || me.failure || !samePosition(me.position, expected)) return { outcome: 'stale', build: me };
      const serving = all.find((b) => b.status === 'serving');
      // Views the serving build exposes now but did not when we looked were not locked: look again.
      if (serving && serving.exposedTables.some((t) => !views.includes(t))) return { outcome: 'busy' };
      if (serving?.position && (!me.position || comparePositions(me.position, serving.position) < 0)) return { outcome: 'behind' };
      await pointViews(client, me, serving?.exposedTables ?? []);
      if (serving) await retire(client, serving.schema);
      await client.query(`UPDATE projections.checkpoints SET status = 'serving', serving_since = now(), updated_at = now() WHERE schema_name = $1`, [schema]);
      return { outcome: 'switched', retired: serving?.schema ?? null };
    });
  } catch (err) {
    if (err instanceof LocksBusyError) return { outcome: 'busy' };
    throw err;
  }
}

/**
 * Drops the schemas of retired builds (decision 0004: retired builds are not kept). Runs apart from
 * the switch so that a reader still inside an old table delays only this; a drop whose tables are
 * busy waits no longer than the short lock timeout and is tried again on the next reconcile.
 */
export async function dropRetiredSchemas(pool: Pool): Promise<string[]> {
  const r = await pool.query<{ schema_name: string }>(
    `SELECT c.schema_name FROM projections.checkpoints c JOIN pg_namespace n ON n.nspname = c.schema_name WHERE c.status = 'retired'`);
  const dropped: string[] = [];
  for (const { schema_name } of r.rows) {
    const done = await tryWithShortLocks(pool, async (client) => {
      await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema_name)} CASCADE`);
    });
    if (done) dropped.push(schema_name);
  }
  return dropped;
}
