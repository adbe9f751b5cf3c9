/** Reading and writing rows of projections.checkpoints (infra/db/migrations/0200_projections.sql). */
import { escapeLiteral } from 'pg';
import type { Position, RecordedEvent } from '../domain/shared/events';
import type { Queryable } from '../infra/db/pool';

export type BuildStatus = 'building' | 'serving' | 'retired';

/** Why a build is FAILED: the event it cannot read (decision 0016). */
export interface BuildFailure {
  position: Position;
  eventId: string | null;
  eventType: string | null;
  error: string;
  at: Date;
}

/** An event an operator skipped in a build (`projections skip`). */
export interface SkippedEvent {
  /** `commit/prepare`. */
  position: string;
  eventId: string | null;
  eventType: string | null;
  error: string;
  /** The skipped event's tenant, when its metadata named one. */
  ecosystemId: string | null;
  operator: string;
  at: string;
}

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
  /** Set while the build is stopped at an event it cannot read; only retry or skip clear it. */
  failure: BuildFailure | null;
  skipped: SkippedEvent[];
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
  failed_commit: string | null;
  failed_prepare: string | null;
  failed_event_id: string | null;
  failed_event_type: string | null;
  failed_error: string | null;
  failed_at: Date | null;
  skipped: SkippedEvent[];
  created_at: Date;
  updated_at: Date;
  serving_since: Date | null;
}

export const BUILD_COLUMNS = `schema_name, name, version, generation, status, commit, prepare, events_processed,
  exposed_tables, last_error, failed_commit, failed_prepare, failed_event_id, failed_event_type, failed_error, failed_at,
  skipped, created_at, updated_at, serving_since`;

function failureOf(r: BuildRow): BuildFailure | null {
  if (r.failed_commit === null || r.failed_prepare === null || r.failed_error === null) return null;
  return {
    position: { commit: BigInt(r.failed_commit), prepare: BigInt(r.failed_prepare) },
    eventId: r.failed_event_id, eventType: r.failed_event_type, error: r.failed_error, at: r.failed_at ?? r.updated_at,
  };
}

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
    failure: failureOf(r),
    skipped: r.skipped,
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
  return lockedBuild(await db.query(lockBuildStatement(schema)));
}

/**
 * lockBuild as one statement of a simple-protocol message (sent with BEGIN, withTransaction's
 * withBegin): the schema name is a quoted literal. Read its answer with lockedBuild.
 */
export function lockBuildStatement(schema: string): string {
  return `SELECT ${BUILD_COLUMNS} FROM projections.checkpoints WHERE schema_name = ${escapeLiteral(schema)} FOR UPDATE`;
}

export function lockedBuild(result: { rows: unknown[] } | undefined): Build | null {
  const row = result?.rows[0] as BuildRow | undefined;
  return row ? toBuild(row) : null;
}

export async function lockBuildsOf(db: Queryable, name: string): Promise<Build[]> {
  const r = await db.query<BuildRow>(
    `SELECT ${BUILD_COLUMNS} FROM projections.checkpoints WHERE name = $1 ORDER BY version, generation FOR UPDATE`, [name]);
  return r.rows.map(toBuild);
}

export async function advanceCheckpoint(db: Queryable, schema: string, position: Position, events: number): Promise<void> {
  await db.query(advanceCheckpointStatement(schema, position, events));
}

/** advanceCheckpoint as one statement of a simple-protocol message (sent with COMMIT): every value a literal. */
export function advanceCheckpointStatement(schema: string, position: Position, events: number): string {
  if (!Number.isSafeInteger(events) || events < 0) throw new TypeError(`advanceCheckpointStatement: bad event count ${events}`);
  return `UPDATE projections.checkpoints
        SET commit = ${escapeLiteral(position.commit.toString())}, prepare = ${escapeLiteral(position.prepare.toString())},
            events_processed = events_processed + ${events}, last_error = NULL, updated_at = now()
      WHERE schema_name = ${escapeLiteral(schema)}`;
}

/**
 * Moves a build's checkpoint from `from` to `to` past events it does not consume, in one statement
 * (no batch transaction: nothing else changes). False when the row is not at `from` any more, or is
 * retired or FAILED: the caller resynchronises.
 */
export async function passCheckpoint(db: Queryable, schema: string, from: Position | null, to: Position): Promise<boolean> {
  const r = await db.query(
    `UPDATE projections.checkpoints SET commit = $4, prepare = $5, last_error = NULL, updated_at = now()
      WHERE schema_name = $1 AND status <> 'retired' AND failed_commit IS NULL
        AND commit IS NOT DISTINCT FROM $2 AND prepare IS NOT DISTINCT FROM $3`,
    [schema, from?.commit.toString() ?? null, from?.prepare.toString() ?? null, to.commit.toString(), to.prepare.toString()]);
  return r.rowCount === 1;
}

export async function recordError(db: Queryable, schema: string, message: string): Promise<void> {
  await db.query(`UPDATE projections.checkpoints SET last_error = $2, updated_at = now() WHERE schema_name = $1`, [schema, message]);
}

/** Stops the build at `event`, which it cannot read, until retry or skip. */
export async function recordFailure(db: Queryable, schema: string, event: RecordedEvent, error: string): Promise<void> {
  await db.query(
    `UPDATE projections.checkpoints
        SET failed_commit = $2, failed_prepare = $3, failed_event_id = $4, failed_event_type = $5, failed_error = $6,
            failed_at = now(), updated_at = now()
      WHERE schema_name = $1`,
    [schema, event.position.commit.toString(), event.position.prepare.toString(), event.id, event.type, error]);
}

/** The SET clause that forgets a recorded failure; projection builds and reactors share the columns. */
export const CLEAR_FAILURE = `failed_commit = NULL, failed_prepare = NULL, failed_event_id = NULL, failed_event_type = NULL,
  failed_error = NULL, failed_at = NULL, updated_at = now()`;

/**
 * The SET clause of an operator's skip, for a builds' or a reactors' checkpoint row: past the event
 * it is FAILED at, recorded in `skipped`, the failure cleared. `operator` and `ecosystemId` name the
 * statement's parameters holding them.
 */
export function skipFailureSet(operator: string, ecosystemId: string): string {
  return `commit = failed_commit, prepare = failed_prepare,
            skipped = skipped || jsonb_build_array(jsonb_build_object(
              'position', failed_commit || '/' || failed_prepare, 'eventId', failed_event_id, 'eventType', failed_event_type,
              'error', failed_error, 'ecosystemId', ${ecosystemId}::text, 'operator', ${operator}::text, 'at', now())),
            ${CLEAR_FAILURE}`;
}

/** `projections retry NAME`: the FAILED builds of `name` try their event again. Returns their schemas. */
export async function clearFailures(db: Queryable, name: string): Promise<string[]> {
  const r = await db.query<{ schema_name: string }>(
    `UPDATE projections.checkpoints SET ${CLEAR_FAILURE}
      WHERE name = $1 AND status <> 'retired' AND failed_commit IS NOT NULL RETURNING schema_name`, [name]);
  return r.rows.map((row) => row.schema_name);
}

/**
 * `projections skip`: moves a build FAILED at `position` past that event, recording the skip. Only
 * a build stopped exactly there moves (the worker applied everything before it); returns whether it did.
 */
export async function skipFailed(
  db: Queryable, schema: string, position: Position, skip: { operator: string; ecosystemId: string | null },
): Promise<boolean> {
  const r = await db.query(
    `UPDATE projections.checkpoints
        SET ${skipFailureSet('$4', '$5')}
      WHERE schema_name = $1 AND status <> 'retired' AND failed_commit = $2 AND failed_prepare = $3`,
    [schema, position.commit.toString(), position.prepare.toString(), skip.operator, skip.ecosystemId]);
  return r.rowCount === 1;
}

export function samePosition(a: Position | null, b: Position | null): boolean {
  if (a === null || b === null) return a === b;
  return a.commit === b.commit && a.prepare === b.prepare;
}
