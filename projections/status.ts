/**
 * Where each projection stands: the data behind `npm run projections -- status` and the rebuild
 * progress bar. Readable without running any projection.
 */
import type { Position } from '../domain/shared/events';
import type { Queryable } from '../infra/db/pool';
import type { EventStore } from '../infra/eventstore/port';
import { VISIBLE } from '../infra/eventstore/postgres-sql';
import { listBuilds, type BuildFailure, type BuildStatus, type SkippedEvent } from './checkpoints';
import type { Projection } from './types';

/** Number of readable events after `after` up to and including `head`; null when unknown. */
export type EventCounter = (after: Position | null, head: Position) => Promise<number | null>;

/**
 * Exact and index-backed, for the PostgreSQL event store (infra/db/migrations/0100_events.sql):
 * the same visibility rule as its readers, so lag never counts events a reader could not see yet.
 */
export function postgresEventCounter(db: Queryable): EventCounter {
  return async (after, head) => {
    const r = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM public.events
        WHERE ${VISIBLE}
          AND ($1::xid8 IS NULL OR (transaction_id, global_position) > ($1::xid8, $2::bigint))
          AND (transaction_id, global_position) <= ($3::xid8, $4::bigint)`,
      [after?.commit.toString() ?? null, after?.prepare.toString() ?? null, head.commit.toString(), head.prepare.toString()]);
    return Number(r.rows[0].n);
  };
}

/** For any event store: reads up to `cap` events to count them; null (unknown) beyond that. */
export function readingEventCounter(store: EventStore, cap = 10_000): EventCounter {
  return async (after) => {
    const events = await store.readAll({ after, limit: cap + 1 });
    return events.length > cap ? null : events.length;
  };
}

export interface ProjectionStatus {
  name: string;
  /** The build's schema, e.g. proj_audit_v1; null when this code's projection has no build yet. */
  schema: string | null;
  version: number;
  generation: number;
  status: BuildStatus | 'not started';
  /** The version in this code, when it knows the projection. A serving version below it means a rebuild is pending. */
  codeVersion: number | null;
  position: Position | null;
  eventsProcessed: number;
  /** Events in the log after `position`; null when the counter cannot tell. */
  lag: number | null;
  lastError: string | null;
  /** Set when the build is FAILED at an event it cannot read (decision 0016). */
  failure: BuildFailure | null;
  skipped: SkippedEvent[];
  updatedAt: Date | null;
}

export async function readProjectionStatus(db: Queryable, store: EventStore, options: {
  projections?: readonly Projection[];
  countEventsAfter?: EventCounter;
} = {}): Promise<ProjectionStatus[]> {
  const count = options.countEventsAfter ?? readingEventCounter(store);
  const code = new Map((options.projections ?? []).map((p) => [p.name, p.version]));
  const [builds, head] = await Promise.all([listBuilds(db), store.headPosition()]);
  const out: ProjectionStatus[] = [];
  for (const b of builds) {
    out.push({
      name: b.name, schema: b.schema, version: b.version, generation: b.generation, status: b.status,
      codeVersion: code.get(b.name) ?? null, position: b.position, eventsProcessed: b.eventsProcessed,
      lag: head ? await count(b.position, head) : 0, lastError: b.lastError, failure: b.failure, skipped: b.skipped, updatedAt: b.updatedAt,
    });
  }
  for (const [name, version] of code) {
    if (builds.some((b) => b.name === name)) continue;
    out.push({
      name, schema: null, version, generation: 0, status: 'not started', codeVersion: version, position: null,
      eventsProcessed: 0, lag: head ? await count(null, head) : 0, lastError: null, failure: null, skipped: [], updatedAt: null,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.version - b.version || a.generation - b.generation);
}
