/**
 * The SQL of the PostgreSQL event store and the mapping of its rows. Kept apart from the adapter so
 * that the append statement reads as one piece: it is the whole concurrency story.
 */
import type { EventMetadata, Position, RecordedEvent } from '../../domain/shared/events';
import type { ExpectedRevision } from './port';

/**
 * The happy path of an append with an exact expected revision (a number, or no_stream as -1), as
 * the command bus appends: a plain INSERT at the revisions that follow the expected one (docs/
 * decisions/0022-appends-and-rebuilds-close-to-plain-sql.md). The unique keys decide the rest:
 * UNIQUE (stream_id, revision) refuses the insert when the stream has moved past the expected
 * revision (or a concurrent writer got there first), UNIQUE (event_id) when an id is taken (a
 * retry of this very append, or a clash). Either way the adapter then runs APPEND_SQL, which
 * tells which it was. The EXISTS guard keeps a stream gapless: nothing is inserted (zero rows)
 * when the expected revision does not exist yet, and APPEND_SQL reports the real revision.
 * One event: $1 stream, $2 expected revision (-1 for no_stream), $3 id, $4 type, $5 data, $6 metadata.
 */
export const INSERT_ONE_SQL = `
INSERT INTO public.events (stream_id, revision, event_id, type, data, metadata)
SELECT $1::text, $2::int + 1, $3::uuid, $4::text, $5::jsonb, $6::jsonb
WHERE $2::int = -1 OR EXISTS (SELECT 1 FROM public.events WHERE stream_id = $1::text AND revision = $2::int)
RETURNING revision, global_position AS prepare, transaction_id::text AS commit, recorded_at`;

/** INSERT_ONE_SQL for several events: $3 is the events as a JSON array, inserted in order. */
export const INSERT_MANY_SQL = `
INSERT INTO public.events (stream_id, revision, event_id, type, data, metadata)
SELECT $1::text, $2::int + e.ord, (e.value->>'id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata'
FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(value, ord)
WHERE $2::int = -1 OR EXISTS (SELECT 1 FROM public.events WHERE stream_id = $1::text AND revision = $2::int)
-- Sequence values are drawn in this order, so positions follow revisions inside one append.
ORDER BY e.ord
RETURNING revision, global_position AS prepare, transaction_id::text AS commit, recorded_at`;

export interface InsertedRow {
  revision: number;
  prepare: string;
  commit: string;
  recorded_at: Date;
}

/**
 * The general append, for the expectations `any` and `stream_exists` and for judging an exact
 * one after INSERT_ONE_SQL/INSERT_MANY_SQL met a unique key or found the stream elsewhere. One
 * statement, so an append outside a transaction is one round trip and atomic. It reads the
 * stream's current revision and any rows that already carry the new event ids, and inserts only
 * when no id is taken and the expected revision holds. A writer racing for the same revision of
 * the same stream meets this one on UNIQUE(stream_id, revision); nothing else is locked.
 * $1 stream, $2 events as a JSON array, $3 expectation kind, $4 expected revision when numeric.
 */
export const APPEND_SQL = `
WITH input AS (
  SELECT (e.value->>'id')::uuid AS id, e.value->>'type' AS type, e.value->'data' AS data,
         e.value->'metadata' AS metadata, e.ord
  FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(value, ord)
), current_revision AS (
  SELECT coalesce(max(revision), -1) AS revision FROM public.events WHERE stream_id = $1
), existing AS (
  SELECT ev.stream_id, ev.revision, ev.event_id, ev.transaction_id, ev.global_position, i.ord
  FROM public.events ev JOIN input i ON ev.event_id = i.id
  -- Spelled out as an array lookup so that even the cached generic plan of this prepared statement
  -- (made while the log was small or unanalyzed) probes the unique index instead of scanning the log.
  WHERE ev.event_id = ANY (ARRAY(SELECT id FROM input))
), inserted AS (
  INSERT INTO public.events (stream_id, revision, event_id, type, data, metadata)
  SELECT $1, c.revision + i.ord, i.id, i.type, i.data, i.metadata
  FROM input i CROSS JOIN current_revision c
  WHERE NOT EXISTS (SELECT 1 FROM existing)
    AND CASE $3::text
          WHEN 'any' THEN true
          WHEN 'no_stream' THEN c.revision = -1
          WHEN 'stream_exists' THEN c.revision >= 0
          ELSE c.revision = $4::int
        END
  -- Sequence values are drawn in this order, so positions follow revisions inside one append.
  ORDER BY i.ord
  RETURNING revision, global_position
), written AS (
  SELECT max(revision) AS last_revision, array_agg(global_position::text ORDER BY revision) AS prepares FROM inserted
)
SELECT c.revision AS current_revision,
       w.last_revision, w.prepares,
       -- What the inserted rows got from their column defaults: this transaction's id and start time.
       CASE WHEN w.last_revision IS NOT NULL THEN pg_current_xact_id()::text END AS commit,
       now() AS recorded_at,
       (SELECT jsonb_agg(jsonb_build_object(
                 'streamId', x.stream_id, 'revision', x.revision, 'ord', x.ord,
                 'commit', x.transaction_id::text, 'prepare', x.global_position::text) ORDER BY x.ord)
          FROM existing x) AS existing
FROM current_revision c CROSS JOIN written w`;

export interface AppendRow {
  current_revision: number;
  /** Null when nothing was inserted. */
  last_revision: number | null;
  commit: string | null;
  /** Global positions of the inserted rows, in revision order. */
  prepares: string[] | null;
  recorded_at: Date | null;
  existing: ExistingEvent[] | null;
}

export interface ExistingEvent {
  streamId: string;
  revision: number;
  /** 1-based index of the matching new event. */
  ord: number;
  commit: string;
  prepare: string;
}

export function expectationParams(expected: ExpectedRevision): [string, number | null] {
  return typeof expected === 'number' ? ['exact', expected] : [expected, null];
}

const COLUMNS = `stream_id, revision, event_id, type, data, metadata, recorded_at,
  transaction_id::text AS commit, global_position AS prepare`;

export const READ_STREAM_SQL = `SELECT ${COLUMNS} FROM public.events WHERE stream_id = $1 ORDER BY revision`;

/**
 * A page of one stream after a revision ($2, exclusive; $3 rows). Not bounded by the visibility
 * rule, and it need not be: a writer of revision r + 1 waits on UNIQUE (stream_id, revision) until
 * the writer of r has finished, so a stream's committed revisions are always 0..n without gaps.
 */
export const READ_STREAM_AFTER_SQL = `
SELECT ${COLUMNS} FROM public.events WHERE stream_id = $1 AND revision > $2 ORDER BY revision LIMIT $3`;

/** Rows $2..$3 of stream $1: what an append that turned out to be a retry had written. */
export const READ_STREAM_RANGE_SQL = `
SELECT ${COLUMNS} FROM public.events WHERE stream_id = $1 AND revision BETWEEN $2 AND $3 ORDER BY revision`;

/**
 * The visibility rule, the one copy of it (decision 0002): only rows of transactions older than
 * every transaction still in progress. Those are final (committed or gone), so a reader that has
 * passed a position never sees a new row appear before it. Every query that reads the log in
 * position order (here, projection lag in projections/status.ts, benchmarks) includes it.
 */
export const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/** $1/$2 exclusive checkpoint, $3 page size. */
export const READ_ALL_SQL = `
SELECT ${COLUMNS} FROM public.events
WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
  AND ${VISIBLE}
ORDER BY transaction_id, global_position
LIMIT $3`;

/**
 * A page of the events of the types in $4 (a text[] of distinct types) after the checkpoint $1/$2,
 * at most $3, with the head of the log as this statement's snapshot sees it: on every row, or on
 * one row of nulls but the head when no event qualifies (no row when nothing is readable). The
 * head bounds what the page covers (LogPage.through): the visibility rule makes everything up to it
 * final, and one statement sees one snapshot, so no event of the types can appear before it.
 *
 * Per type, an ordered range of events_type_position_idx after the checkpoint, positions only, so
 * read from the index alone; the first $3 of all of them in checkpoint order; then those rows by
 * primary key. It reads at most $3 index entries per wanted type, never an entry of another type
 * nor one before the checkpoint (decision 0026). How the range is written matters, each found by
 * EXPLAIN (ANALYZE, BUFFERS):
 * - `(type, transaction_id, global_position) > (t.type, checkpoint)` with `type <= t.type` is that
 *   type's entries after the checkpoint, and the B-tree starts the scan there. Written as
 *   `type = t.type AND (...) > (...)`, the equality positions the scan instead, at the type's first
 *   entry, and it walks every earlier entry of the type: a caught-up read then grows with the log.
 * - Only that index can serve a comparison that starts with `type`: given `(transaction_id,
 *   global_position) > checkpoint`, PostgreSQL takes events_transaction_position_idx and filters by
 *   type whenever it believes few events follow the checkpoint, and then walks every skipped event.
 * - `ORDER BY type, ...` is the index's order, so a page stops after $3 entries; for one type it is
 *   checkpoint order.
 * - One subquery for all types (not a UNION ALL of one per type, which plans as a tidy merge but is
 *   planned afresh on every caught-up read and costs about twice this one) keeps the statement one
 *   cached generic plan.
 */
export const READ_TYPES_SQL = `
WITH picked AS (
  SELECT p.transaction_id, p.global_position
  FROM unnest($4::text[]) AS t(type)
  CROSS JOIN LATERAL (
    SELECT e.transaction_id, e.global_position FROM public.events e
    WHERE (e.type, e.transaction_id, e.global_position) > (t.type, $1::xid8, $2::bigint) AND e.type <= t.type AND e.${VISIBLE}
    ORDER BY e.type, e.transaction_id, e.global_position LIMIT $3
  ) p
  ORDER BY p.transaction_id, p.global_position LIMIT $3
)
SELECT h.head_commit, h.head_prepare, ${COLUMNS}
FROM (
  SELECT transaction_id::text AS head_commit, global_position::text AS head_prepare FROM public.events
  WHERE ${VISIBLE} ORDER BY transaction_id DESC, global_position DESC LIMIT 1
) h
LEFT JOIN LATERAL (
  SELECT ev.* FROM picked p
  -- One row by primary key per position, never a join the planner may turn into a scan of the
  -- log (its generic plan guesses a page of a tenth of the table): LIMIT keeps it a lookup.
  CROSS JOIN LATERAL (SELECT * FROM public.events x WHERE x.global_position = p.global_position LIMIT 1) ev
) e ON true
ORDER BY e.transaction_id, e.global_position`;

/** A row of READ_TYPES_SQL: an event, or only the head (event columns null). */
export type TypedRow = { head_commit: string; head_prepare: string } & ({ stream_id: null } | EventRow);

export const HEAD_SQL = `
SELECT transaction_id::text AS commit, global_position AS prepare FROM public.events
WHERE ${VISIBLE}
ORDER BY transaction_id DESC, global_position DESC
LIMIT 1`;

export const NOTIFY_CHANNEL = 'eventstore_appended';

export interface EventRow {
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
  commit: string;
  prepare: string;
}

export function toPosition(commit: string, prepare: string): Position {
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: toPosition(row.commit, row.prepare),
    recordedAt: row.recorded_at.toISOString(),
  };
}
