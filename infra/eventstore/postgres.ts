/**
 * The PostgreSQL event store (DESIGN.md section 4, docs/decisions/0002-postgres-event-store.md):
 * one `events` table, no global lock, readers bounded by the oldest running transaction.
 */
import type pg from 'pg';
import { isUuid } from '../../domain/shared/ids';
import type { NewEvent, Position, RecordedEvent } from '../../domain/shared/events';
import type { Queryable } from '../db/pool';
import { checkReadOptions, pageThrough } from './pages';
import { WrongExpectedRevisionError, type AppendResult, type EventStore, type ExpectedRevision, type LogPage, type ReadAllOptions, type Subscription } from './port';
import {
  APPEND_SQL, HEAD_SQL, INSERT_MANY_SQL, INSERT_ONE_SQL, READ_ALL_SQL, READ_STREAM_AFTER_SQL, READ_STREAM_RANGE_SQL, READ_STREAM_SQL,
  expectationParams, READ_TYPES_SQL, toPosition, toRecordedEvent, type AppendRow, type EventRow, type ExistingEvent, type InsertedRow, type TypedRow,
} from './postgres-sql';
import { PgStreamSubscription, PgSubscription } from './postgres-subscription';
import { Wakeups } from './postgres-wakeups';
import { EventCodec, type EventTypes } from './schemas';

export { InvalidEventDataError, type EventSchemas, type EventTypes } from './schemas';

export interface PostgresEventStoreOptions extends EventTypes {
  /** How often a live subscription looks for new events when no notification arrives. Default 1000. */
  pollIntervalMs?: number;
}

/** The event ids are already in the log, but not as this exact append at this place. */
export class DuplicateEventIdError extends Error {
  constructor(readonly stream: string, readonly eventIds: string[]) {
    super(`Event id(s) ${eventIds.join(', ')} already exist elsewhere than as this append to ${stream}`);
    this.name = 'DuplicateEventIdError';
  }
}

const UNIQUE_VIOLATION = '23505';
/** Each retry follows a writer that succeeded, so this bounds pathological contention only. */
const MAX_STATEMENT_RETRIES = 50;
const PAGE_SIZE = 500;

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === UNIQUE_VIOLATION;
}

function checkEvents(stream: string, events: readonly NewEvent[]): void {
  if (!stream) throw new TypeError('A stream name is required');
  if (events.length === 0) throw new TypeError(`Nothing to append to ${stream}: an append needs at least one event`);
  const ids = new Set<string>();
  for (const e of events) {
    if (!isUuid(e.id)) throw new TypeError(`Event id ${e.id} is not a UUID`);
    if (ids.has(e.id.toLowerCase())) throw new TypeError(`Event id ${e.id} appears twice in one append to ${stream}`);
    ids.add(e.id.toLowerCase());
  }
}

function fits(expected: ExpectedRevision, current: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === -1;
  if (expected === 'stream_exists') return current >= 0;
  return current === expected;
}

/**
 * The ids are all present, in this stream, consecutive and in order, where this append would have
 * put them: then this is a retry of an append that succeeded. Returns the revisions it wrote.
 */
function originalRevisions(stream: string, expected: ExpectedRevision, count: number, existing: ExistingEvent[]): [number, number] | null {
  if (existing.length !== count) return null;
  const first = existing[0].revision;
  const consecutive = existing.every((x, i) => x.streamId === stream && x.ord === i + 1 && x.revision === first + i);
  const samePlace = typeof expected === 'number' ? first === expected + 1 : expected === 'no_stream' ? first === 0 : true;
  return consecutive && samePlace ? [first, first + count - 1] : null;
}

function result(events: RecordedEvent[], duplicate: boolean): AppendResult {
  const last = events[events.length - 1];
  return { nextRevision: last.revision, position: last.position, events, duplicate };
}

/** The events as this append recorded them, from the statement's answer: no read-back needed. */
function recorded(stream: string, events: NewEvent[], row: AppendRow & { last_revision: number }): RecordedEvent[] {
  const first = row.last_revision - events.length + 1;
  const recordedAt = (row.recorded_at as Date).toISOString();
  return events.map((e, i) => ({
    id: e.id, streamId: stream, revision: first + i, type: e.type, data: e.data, metadata: e.metadata,
    position: toPosition(row.commit as string, (row.prepares as string[])[i]), recordedAt,
  }));
}

const payloadOf = (events: readonly NewEvent[]) => JSON.stringify(events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })));

/** The expected revision as INSERT_ONE_SQL/INSERT_MANY_SQL take it; null when only APPEND_SQL can judge it. */
function exactRevision(expected: ExpectedRevision): number | null {
  return typeof expected === 'number' ? expected : expected === 'no_stream' ? -1 : null;
}

/**
 * The happy path: a plain INSERT at the revisions after `revision`. Null when the stream is not at
 * that revision yet (nothing inserted); a unique violation when it is past it or an id is taken.
 */
async function insertAt(db: Queryable, stream: string, events: NewEvent[], revision: number): Promise<AppendResult | null> {
  const one = events.length === 1 ? events[0] : null;
  const { rows } = one
    ? await db.query<InsertedRow>({
      name: 'eventstore_insert_one', text: INSERT_ONE_SQL,
      values: [stream, revision, one.id, one.type, JSON.stringify(one.data), JSON.stringify(one.metadata)],
    })
    : await db.query<InsertedRow>({ name: 'eventstore_insert_many', text: INSERT_MANY_SQL, values: [stream, revision, payloadOf(events)] });
  if (rows.length === 0) return null;
  if (rows.length > 1) rows.sort((a, b) => a.revision - b.revision);
  const recordedAt = rows[0].recorded_at.toISOString();
  return result(events.map((e, i) => ({
    id: e.id, streamId: stream, revision: rows[i].revision, type: e.type, data: e.data, metadata: e.metadata,
    position: toPosition(rows[i].commit, rows[i].prepare), recordedAt,
  })), false);
}

/**
 * One attempt. The first attempt of an exact expectation tries the plain INSERT; every other
 * attempt (after a unique violation) and every other expectation runs APPEND_SQL, which judges
 * the outcome: appended, a retry of an append that succeeded, a wrong expected revision, or an id
 * taken elsewhere.
 */
async function appendOnce(db: Queryable, codec: EventCodec, stream: string, events: NewEvent[], expected: ExpectedRevision, attempt: number): Promise<AppendResult> {
  const revision = exactRevision(expected);
  if (attempt === 0 && revision !== null) {
    const inserted = await insertAt(db, stream, events, revision);
    if (inserted) return inserted;
  }
  const { rows } = await db.query<AppendRow>({ name: 'eventstore_append', text: APPEND_SQL, values: [stream, payloadOf(events), ...expectationParams(expected)] });
  const row = rows[0];
  if (row.last_revision !== null) return result(recorded(stream, events, { ...row, last_revision: row.last_revision }), false);
  const existing = row.existing ?? [];
  const original = existing.length > 0 ? originalRevisions(stream, expected, events.length, existing) : null;
  if (original) {
    // A retry (or a concurrent copy that lost): answer with what the original wrote, as a reader sees it.
    const read = await db.query<EventRow>({ name: 'eventstore_read_range', text: READ_STREAM_RANGE_SQL, values: [stream, ...original] });
    return result(read.rows.map((r) => codec.decode(toRecordedEvent(r))), true);
  }
  if (!fits(expected, row.current_revision)) {
    throw new WrongExpectedRevisionError(stream, expected, row.current_revision === -1 ? 'no_stream' : row.current_revision);
  }
  throw new DuplicateEventIdError(stream, existing.map((x) => events[x.ord - 1].id));
}

/**
 * Appends inside a transaction the caller owns (and commits or rolls back). For tests of the
 * visibility rule and for writers that must put events and other rows in one transaction. A race
 * lost on a unique key is retried behind a savepoint, so the caller's transaction survives it.
 * Subscribers in other processes learn of these events by polling (no notification is sent).
 */
export async function appendInTransaction(
  client: pg.PoolClient | pg.Client, stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }, types: EventTypes = {},
): Promise<AppendResult> {
  checkEvents(stream, events);
  const codec = new EventCodec(types);
  const valid = codec.encode(stream, events);
  for (let attempt = 0; ; attempt++) {
    await client.query('SAVEPOINT eventstore_append');
    try {
      const result = await appendOnce(client, codec, stream, valid, options.expectedRevision, attempt);
      await client.query('RELEASE SAVEPOINT eventstore_append');
      return result;
    } catch (err) {
      await client.query('ROLLBACK TO SAVEPOINT eventstore_append');
      if (!isUniqueViolation(err) || attempt >= MAX_STATEMENT_RETRIES) throw err;
    }
  }
}

export function createPostgresEventStore(pool: pg.Pool, options: PostgresEventStoreOptions = {}): EventStore {
  const codec = new EventCodec(options);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const wakeups = new Wakeups(pool);
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const readPage = async (after: Position | null, limit: number): Promise<RecordedEvent[]> => {
    const from = after ?? { commit: 0n, prepare: 0n };
    const { rows } = await pool.query<EventRow>({
      name: 'eventstore_read_all', text: READ_ALL_SQL, values: [from.commit.toString(), from.prepare.toString(), limit],
    });
    return rows.map((r) => codec.decodeOrMark(toRecordedEvent(r)));
  };

  /** A page of some types only, bounded by the head this statement saw (READ_TYPES_SQL). */
  const readTypes = async (after: Position | null, limit: number, types: string[]): Promise<LogPage> => {
    const from = after ?? { commit: 0n, prepare: 0n };
    if (types.length === 0) return { events: [], through: pageThrough(after, [], limit, await head()) };
    const { rows } = await pool.query<TypedRow>({
      name: 'eventstore_read_types', text: READ_TYPES_SQL, values: [from.commit.toString(), from.prepare.toString(), limit, types],
    });
    const events = rows.flatMap((r) => (r.stream_id === null ? [] : [codec.decodeOrMark(toRecordedEvent(r))]));
    const seen = rows.length > 0 ? toPosition(rows[0].head_commit, rows[0].head_prepare) : null;
    return { events, through: pageThrough(after, events, limit, seen) };
  };

  const head = async (): Promise<Position | null> => {
    const { rows } = await pool.query<{ commit: string; prepare: string }>({ name: 'eventstore_head', text: HEAD_SQL });
    return rows.length ? toPosition(rows[0].commit, rows[0].prepare) : null;
  };

  const readLogPage = async (options: ReadAllOptions): Promise<LogPage> => {
    assertOpen();
    const types = checkReadOptions(options);
    const after = options.after ?? null;
    if (types) return readTypes(after, options.limit, types);
    // Every event is wanted, so a short page holds everything readable: its last event is the head.
    const events = await readPage(after, options.limit);
    return { events, through: pageThrough(after, events, options.limit, null) };
  };

  const readAfter = async (stream: string, afterRevision: number, limit: number): Promise<RecordedEvent[]> => {
    const { rows } = await pool.query<EventRow>({ name: 'eventstore_read_stream_after', text: READ_STREAM_AFTER_SQL, values: [stream, afterRevision, limit] });
    return rows.map(toRecordedEvent);
  };

  const assertOpen = () => {
    if (closed) throw new Error('The event store is closed');
  };

  return {
    async append(stream, events, { expectedRevision }) {
      assertOpen();
      checkEvents(stream, events);
      const valid = codec.encode(stream, events);
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await appendOnce(pool, codec, stream, valid, expectedRevision, attempt);
          wakeups.announce(result.position, stream, valid.map((e) => e.type));
          return result;
        } catch (err) {
          // A unique key met (the plain INSERT of an exact expectation, or a race lost to a concurrent
          // writer): run APPEND_SQL and judge against what is committed (a conflict for an exact
          // expectation, a retry of our own append, or simply the next revision).
          if (!isUniqueViolation(err) || attempt >= MAX_STATEMENT_RETRIES) throw err;
        }
      }
    },

    async readStream(stream) {
      assertOpen();
      const { rows } = await pool.query<EventRow>({ name: 'eventstore_read_stream', text: READ_STREAM_SQL, values: [stream] });
      return rows.map((r) => codec.decode(toRecordedEvent(r)));
    },

    async readAll(options) {
      return (await readLogPage(options)).events;
    },

    readPage: readLogPage,

    watchAppends(listener) {
      assertOpen();
      const stop = wakeups.add((position, _key, types) => listener(position, types));
      void wakeups.ensureListening();
      return stop;
    },

    subscribeAll({ after, filter }): Subscription {
      assertOpen();
      const subscription = new PgSubscription({
        readPage, wakeups, pollIntervalMs, pageSize: PAGE_SIZE, after: after ?? null, filter,
        onClose: () => subscriptions.delete(subscription),
      });
      subscriptions.add(subscription);
      return subscription;
    },

    subscribeToStream(stream, { afterRevision } = {}): Subscription {
      assertOpen();
      const subscription = new PgStreamSubscription({
        readAfter, decode: (e) => codec.decode(e), wakeups, pollIntervalMs, pageSize: PAGE_SIZE, stream, afterRevision: afterRevision ?? -1,
        onClose: () => subscriptions.delete(subscription),
      });
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      assertOpen();
      return head();
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await wakeups.close();
    },
  };
}

