/**
 * The one event-store port (DESIGN.md section 4). Adapters: PostgreSQL (postgres.ts, the default)
 * and EventStoreDB (eventstoredb.ts). Both pass tests/eventstore-contract.
 */
import type { NewEvent, Position, RecordedEvent } from '../../domain/shared/events';

/**
 * - 'any': no check.
 * - 'no_stream': the stream must not exist.
 * - 'stream_exists': the stream must have at least one event.
 * - a number: the revision of the stream's last event (0-based).
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Position of the last appended event. */
  position: Position;
  /**
   * The appended events as recorded (revisions, positions, time, data as validated), so that a
   * writer needs no read-back. When `duplicate`, the events recorded by the original append.
   */
  events: RecordedEvent[];
  /**
   * True when these event ids were already in the stream, at this place: nothing was written (a
   * retry, or a concurrent copy of the same command that lost the race).
   */
  duplicate: boolean;
}

export class WrongExpectedRevisionError extends Error {
  constructor(readonly stream: string, readonly expected: ExpectedRevision, readonly actual: number | 'no_stream') {
    super(`Wrong expected revision on ${stream}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. From the start when absent. */
  after?: Position | null;
  limit: number;
  /**
   * Only events of these types, every type when absent. Filtered by the server, from an index
   * (docs/decisions/0026-projections-read-only-their-event-types.md): an event of another type is
   * neither fetched nor scanned. An empty list wants nothing (the page is then only a `through`).
   */
  types?: readonly string[];
}

/** A page of the global log, and how far into the log it is complete. */
export interface LogPage {
  events: RecordedEvent[];
  /**
   * No event of the wanted types after `after` and up to this position is missing from `events`, and
   * none can appear there later: a reader continues from here, passing over the events of other
   * types without fetching them. The last event's position when the page is full; otherwise the
   * newest readable position the read saw (past the last event when what follows it is of other
   * types); `after` when nothing new was readable.
   */
  through: Position | null;
}

/**
 * `position`: the newest append announced, when known; null means "something may have changed".
 * `types`: the event types appended up to `position` since the previous call, when known, so that
 * readers of other types need not read at all; null (or absent) means any type may have been.
 */
export type AppendListener = (position: Position | null, types?: readonly string[] | null) => void;

export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface SubscribeToStreamOptions {
  /** Exclusive: events with a higher revision. From the stream's start when absent or null. */
  afterRevision?: number | null;
}

export interface EventStore {
  /**
   * Appends atomically. Appending events whose ids are already in the stream, at the same place,
   * is idempotent: nothing is written twice and the original result is returned.
   */
  append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /**
   * All events of one stream in revision order; [] when it does not exist. Throws
   * InvalidEventDataError when an event fails its schema: a stream is folded whole or not at all.
   */
  readStream(stream: string): Promise<RecordedEvent[]>;
  /**
   * A page of the global log in position order, only of committed, visible-for-good events. An
   * event that fails its schema is delivered as stored with `decodeError` set, never thrown, so
   * that it stops only the consumers of its type.
   */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** readAll with the position up to which the page is complete (LogPage.through). */
  readPage(options: ReadAllOptions): Promise<LogPage>;
  /**
   * Calls `listener` when events may have been appended: at once for appends through this store,
   * and (PostgreSQL) on other processes' notifications. A hint to read again, never a delivery: a
   * lost or repeated call costs latency only. Returns the function that stops the calls.
   */
  watchAppends(listener: AppendListener): () => void;
  /** Follows the global log from `after`, live, until closed. Each event exactly once, in order; undecodable ones marked as in readAll. */
  subscribeAll(options: { after?: Position | null; filter?: (event: RecordedEvent) => boolean }): Subscription;
  /**
   * Follows one stream, live, until closed: each event once, in revision order. Costs what reading
   * that stream costs, however busy the rest of the log is. The iteration throws
   * InvalidEventDataError on an event that fails its schema, as readStream does.
   */
  subscribeToStream(stream: string, options?: SubscribeToStreamOptions): Subscription;
  /** Position of the newest readable event, or null when the log is empty. */
  headPosition(): Promise<Position | null>;
  close(): Promise<void>;
}
