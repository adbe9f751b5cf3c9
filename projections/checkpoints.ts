/** Reading and writing rows of projections.checkpoints (infra/db/migrations/0200_projections.sql). */
import type { Position } from '../domain/shared/events';
import type { Queryable } from '../infra/db/pool';

export type BuildStatus = 'building' | 'serving' | 'retired';

/** One build of a projection: a schema of tables and how far into the log it has applied. */
export interface Build {
  schema: string;
  name: string;
  version: number;
  generation: number;
  status: BuildStatus;
  /** Position of the last applied event; null before the first. */
  position: Position | null;
  eventsProcessed: number;
  exposedTables: string[];
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  servingSince: Date | null;
}

interface BuildRow {
  schema_name: string;
  name: string;
  version: number;
  generation: number;
  status: BuildStatus;
  commit: string | null;
  prepare: string | null;
  events_processed: string;
  exposed_tables: string[];
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  serving_since: Date | null;
}

export const BUILD_COLUMNS = `schema_name, name, version, generation, status, commit, prepare, events_processed,
  exposed_tables, last_error, created_at, updated_at, serving_since`;

export function toBuild(r: BuildRow): Build {
  return {
    schema: r.schema_name,
    name: r.name,
    version: r.version,
    generation: r.generation,
    status: r.status,
    position: r.commit === null || r.prepare === null ? null : { commit: BigInt(r.commit), prepare: BigInt(r.prepare) },
    eventsProcessed: Number(r.events_processed),
    exposedTables: r.exposed_tables,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    servingSince: r.serving_since,
  };
}

/** Builds of the given projections (all when `names` is absent), oldest first. */
export async function listBuilds(db: Queryable, options: { names?: readonly string[]; includeRetired?: boolean } = {}): Promise<Build[]> {
  const r = await db.query<BuildRow>(
    `SELECT ${BUILD_COLUMNS} FROM projections.checkpoints
      WHERE ($1::text[] IS NULL OR name = ANY ($1)) AND ($2 OR status <> 'retired')
      ORDER BY name, version, generation`,
    [options.names ?? null, options.includeRetired ?? false],
  );
  return r.rows.map(toBuild);
}

export async function getBuild(db: Queryable, schema: string): Promise<Build | null> {
  const r = await db.query<BuildRow>(`SELECT ${BUILD_COLUMNS} FROM projections.checkpoints WHERE schema_name = $1`, [schema]);
  return r.rows.length === 0 ? null : toBuild(r.rows[0]);
}

/** Locks one build's row for the rest of the transaction; null when it does not exist. */
export async function lockBuild(db: Queryable, schema: string): Promise<Build | null> {
  const r = await db.query<BuildRow>(`SELECT ${BUILD_COLUMNS} FROM projections.checkpoints WHERE schema_name = $1 FOR UPDATE`, [schema]);
  return r.rows.length === 0 ? null : toBuild(r.rows[0]);
}

export async function lockBuildsOf(db: Queryable, name: string): Promise<Build[]> {
  const r = await db.query<BuildRow>(
    `SELECT ${BUILD_COLUMNS} FROM projections.checkpoints WHERE name = $1 ORDER BY version, generation FOR UPDATE`, [name]);
  return r.rows.map(toBuild);
}

export async function advanceCheckpoint(db: Queryable, schema: string, position: Position, events: number): Promise<void> {
  await db.query(
    `UPDATE projections.checkpoints
        SET commit = $2, prepare = $3, events_processed = events_processed + $4, last_error = NULL, updated_at = now()
      WHERE schema_name = $1`,
    [schema, position.commit.toString(), position.prepare.toString(), events],
  );
}

export async function recordError(db: Queryable, schema: string, message: string): Promise<void> {
  await db.query(`UPDATE projections.checkpoints SET last_error = $2, updated_at = now() WHERE schema_name = $1`, [schema, message]);
}

export function samePosition(a: Position | null, b: Position | null): boolean {
  if (a === null || b === null) return a === b;
  return a.commit === b.commit && a.prepare === b.prepare;
}
