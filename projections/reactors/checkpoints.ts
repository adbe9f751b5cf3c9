/** Rows of projections.reactor_checkpoints (infra/db/migrations/0367_reactor_checkpoints.sql). */
import type { Position, RecordedEvent } from '../../domain/shared/events';
import type { Queryable } from '../../infra/db/pool';
import { CLEAR_FAILURE, skipFailureSet, type BuildFailure, type SkippedEvent } from '../checkpoints';

export interface ReactorCheckpoint {
  name: string;
  /** The last event acted on (or passed over); null before the first. */
  position: Position | null;
  /** The furthest position the reactor's commands appended; null before the first effect. */
  effects: Position | null;
  eventsProcessed: number;
  lastError: string | null;
  failure: BuildFailure | null;
  skipped: SkippedEvent[];
  updatedAt: Date;
}

interface Row {
  name: string;
  commit: string | null; prepare: string | null;
  effects_commit: string | null; effects_prepare: string | null;
  events_processed: string; last_error: string | null;
  failed_commit: string | null; failed_prepare: string | null; failed_event_id: string | null; failed_event_type: string | null;
  failed_error: string | null; failed_at: Date | null; skipped: SkippedEvent[]; updated_at: Date;
}

const pos = (commit: string | null, prepare: string | null): Position | null =>
  commit === null || prepare === null ? null : { commit: BigInt(commit), prepare: BigInt(prepare) };

function toCheckpoint(r: Row): ReactorCheckpoint {
  const failedAt = pos(r.failed_commit, r.failed_prepare);
  return {
    name: r.name, position: pos(r.commit, r.prepare), effects: pos(r.effects_commit, r.effects_prepare),
    eventsProcessed: Number(r.events_processed), lastError: r.last_error, skipped: r.skipped, updatedAt: r.updated_at,
    failure: failedAt && r.failed_error !== null
      ? { position: failedAt, eventId: r.failed_event_id, eventType: r.failed_event_type, error: r.failed_error, at: r.failed_at ?? r.updated_at }
      : null,
  };
}

/**
 * The reactor's row, created at the head of the log when missing (`start`): a new reactor acts on
 * what happens from now on, not on the whole history (replaying years of enrolments would
 * re-book seats long since dropped by other means).
 */
export async function ensureReactor(db: Queryable, name: string, start: Position | null): Promise<ReactorCheckpoint> {
  await db.query(`INSERT INTO projections.reactor_checkpoints (name, commit, prepare) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`,
    [name, start?.commit.toString() ?? null, start?.prepare.toString() ?? null]);
  const found = await getReactor(db, name);
  if (!found) throw new Error(`reactor checkpoint ${name} vanished`);
  return found;
}

export async function getReactor(db: Queryable, name: string): Promise<ReactorCheckpoint | null> {
  const r = await db.query<Row>('SELECT * FROM projections.reactor_checkpoints WHERE name = $1', [name]);
  return r.rows.length === 0 ? null : toCheckpoint(r.rows[0]);
}

export async function listReactors(db: Queryable, names?: readonly string[]): Promise<ReactorCheckpoint[]> {
  const r = await db.query<Row>('SELECT * FROM projections.reactor_checkpoints WHERE $1::text[] IS NULL OR name = ANY ($1) ORDER BY name', [names ?? null]);
  return r.rows.map(toCheckpoint);
}

/**
 * Moves the checkpoint from `from` to `to` (and the effects to at least `effects`); false when the
 * row is not at `from` any more or is FAILED (another process moved it, an operator acted).
 */
export async function advanceReactor(db: Queryable, name: string, from: Position | null, to: Position, events: number, effects: Position | null): Promise<boolean> {
  const r = await db.query(
    `UPDATE projections.reactor_checkpoints
        SET commit = $4, prepare = $5, events_processed = events_processed + $6, last_error = NULL, updated_at = now(),
            effects_commit = CASE WHEN $7::bigint IS NOT NULL AND (effects_commit IS NULL OR ($7::bigint, $8::bigint) > (effects_commit, effects_prepare)) THEN $7 ELSE effects_commit END,
            effects_prepare = CASE WHEN $7::bigint IS NOT NULL AND (effects_commit IS NULL OR ($7::bigint, $8::bigint) > (effects_commit, effects_prepare)) THEN $8 ELSE effects_prepare END
      WHERE name = $1 AND failed_commit IS NULL AND commit IS NOT DISTINCT FROM $2 AND prepare IS NOT DISTINCT FROM $3`,
    [name, from?.commit.toString() ?? null, from?.prepare.toString() ?? null, to.commit.toString(), to.prepare.toString(), events,
      effects?.commit.toString() ?? null, effects?.prepare.toString() ?? null]);
  return r.rowCount === 1;
}

export async function recordReactorError(db: Queryable, name: string, message: string): Promise<void> {
  await db.query('UPDATE projections.reactor_checkpoints SET last_error = $2, updated_at = now() WHERE name = $1', [name, message]);
}

/** Stops the reactor at `event` until `projections retry` or `skip`; only when still right before it. */
export async function recordReactorFailure(db: Queryable, name: string, from: Position | null, event: RecordedEvent, error: string): Promise<boolean> {
  const r = await db.query(
    `UPDATE projections.reactor_checkpoints
        SET failed_commit = $4, failed_prepare = $5, failed_event_id = $6, failed_event_type = $7, failed_error = $8, failed_at = now(), updated_at = now()
      WHERE name = $1 AND commit IS NOT DISTINCT FROM $2 AND prepare IS NOT DISTINCT FROM $3`,
    [name, from?.commit.toString() ?? null, from?.prepare.toString() ?? null, event.position.commit.toString(), event.position.prepare.toString(),
      event.id, event.type, error]);
  return r.rowCount === 1;
}


/** `projections retry NAME` for a reactor: it tries its event again. */
export async function clearReactorFailure(db: Queryable, name: string): Promise<boolean> {
  const r = await db.query(`UPDATE projections.reactor_checkpoints SET ${CLEAR_FAILURE} WHERE name = $1 AND failed_commit IS NOT NULL`, [name]);
  return r.rowCount === 1;
}

/** `projections skip NAME POSITION` for a reactor: past the event it is FAILED at, recorded in `skipped`. */
export async function skipReactorFailure(db: Queryable, name: string, position: Position, operator: string, ecosystemId: string | null): Promise<boolean> {
  const r = await db.query(
    `UPDATE projections.reactor_checkpoints
        SET ${skipFailureSet('$5', '$4')}
      WHERE name = $1 AND failed_commit = $2 AND failed_prepare = $3`,
    [name, position.commit.toString(), position.prepare.toString(), ecosystemId, operator]);
  return r.rowCount === 1;
}
