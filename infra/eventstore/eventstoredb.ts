/**
 * The EventStore port over EventStoreDB / KurrentDB (@eventstore/db-client 6), for deployments
 * that outgrow one PostgreSQL (DESIGN.md section 4). Passes tests/eventstore-contract when
 * EVENTSTOREDB_URL is set. Needs a server of version 22.6 or later (stream reads then carry $all
 * positions) and read access to $all.
 *
 * Differences the port allows: event ids are unique per stream only (EventStoreDB's idempotency
 * check), not across the whole log as in PostgreSQL; 'any' appends are idempotent on a
 * best-effort basis, as the server documents; and watchAppends hears of this store's own appends
 * only (other processes' are found by the projection runner's polling).
 * Reads of some event types only go through a server-filtered subscription
 * (eventstoredb-typed.ts), which needs 23.10 or later.
 */
import {
  ANY, BACKWARDS, END, EventStoreDBClient, FORWARDS, NO_STREAM, START, STREAM_EXISTS, StreamNotFoundError,
  WrongExpectedVersionError, excludeSystemEvents, jsonEvent,
  type AppendExpectedRevision, type JSONType, type Position as EsdbPosition, type ReadPosition,
} from '@eventstore/db-client';
import { comparePositions, type EventMetadata, type NewEvent, type Position, type RecordedEvent } from '../../domain/shared/events';
import { readTypedPage } from './eventstoredb-typed';
import { checkReadOptions, pageThrough } from './pages';
import { WrongExpectedRevisionError, type AppendListener, type EventStore, type ExpectedRevision, type LogPage, type ReadAllOptions, type Subscription } from './port';
import { EventCodec, type EventTypes } from './schemas';

/** Event schemas and upcasters, applied as the PostgreSQL adapter applies them (schemas.ts). */
export type EventStoreDbOptions = EventTypes;

/** What a stream read or an $all read hands back, narrowed to the fields this adapter uses. */
interface EsdbRecorded {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  position?: EsdbPosition;
}

/** Stream reads on servers before 22.6 report this instead of a position. */
const NO_POSITION = 2n ** 64n - 1n;
const PAGE_SIZE = 500;

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function toJsonData(event: NewEvent): JSONType {
  const { data } = event;
  if (typeof data === 'string' || Array.isArray(data)) return data;
  if (typeof data === 'object' && data !== null) return data as Record<string, unknown>;
  throw new TypeError(`Event ${event.id} (${event.type}): data must be a JSON object, array or string`);
}

function isEventMetadata(value: unknown): value is EventMetadata {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array)
    && typeof (value as { commandId?: unknown }).commandId === 'string';
}

/** The stored event in the port's shape, before upcasting and validation. */
function toRecorded(event: EsdbRecorded): RecordedEvent {
  const where = `${event.streamId}@${event.revision}`;
  if (!event.isJson) throw new Error(`Event ${where} is not JSON; this adapter reads only what it writes`);
  if (!isEventMetadata(event.metadata)) throw new Error(`Event ${where} carries no event metadata (DESIGN.md section 3)`);
  if (!event.position || event.position.commit === NO_POSITION) {
    throw new Error(`Event ${where} has no $all position: EventStoreDB 22.6 or later is required`);
  }
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    position: { commit: event.position.commit, prepare: event.position.prepare },
    recordedAt: event.created.toISOString(),
  };
}

const isSystemType = (type: string) => type.startsWith('$');

/** What a subscription hands back, narrowed: an $all or a stream subscription. */
interface EsdbSource extends AsyncIterable<{ event?: EsdbRecorded }> {
  unsubscribe(): Promise<void>;
  destroy(): void;
}

class EsdbSubscription implements Subscription {
  private closed = false;
  private readonly iterator: AsyncGenerator<RecordedEvent, void, undefined>;

  /** `accept` maps a delivered event to what the consumer gets, or null to pass over it. */
  constructor(
    private readonly source: EsdbSource,
    private readonly accept: (event: EsdbRecorded) => RecordedEvent | null,
    private readonly onClose: () => void,
  ) {
    this.iterator = this.run();
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    return this.iterator;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
    await this.source.unsubscribe();
    // Cancelling the call does not end the client's stream, so end it here to release the loop.
    this.source.destroy();
  }

  private async *run(): AsyncGenerator<RecordedEvent, void, undefined> {
    try {
      for await (const resolved of this.source) {
        if (this.closed) return;
        if (!resolved.event) continue;
        const event = this.accept(resolved.event);
        if (event) yield event;
      }
    } catch (err) {
      // Destroying the stream on close() ends the loop with a premature-close error: that is the end we asked for.
      if (!this.closed) throw err;
    } finally {
      await this.close();
    }
  }
}

export function createEventStoreDbStore(connection: string | EventStoreDBClient, options: EventStoreDbOptions = {}): EventStore {
  const owned = typeof connection === 'string';
  const client = typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
  const codec = new EventCodec(options);
  const subscriptions = new Set<EsdbSubscription>();
  const appendListeners = new Set<AppendListener>();

  /** The events an append wrote (or, for an idempotent retry, had written): `count` ending at `last`. */
  async function appended(stream: string, last: bigint, count: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    const fromRevision = last - BigInt(count) + 1n;
    for await (const resolved of client.readStream(stream, { fromRevision, maxCount: count, direction: FORWARDS })) {
      if (resolved.event) events.push(codec.decode(toRecorded(resolved.event)));
    }
    if (events.length !== count) throw new Error(`Events ${stream}@${fromRevision}..${last} were just appended but cannot be read`);
    return events;
  }

  /** Reads one page of $all in `direction` from `from`, without the events at or beyond `cursor`. */
  async function readPage(from: ReadPosition, direction: typeof FORWARDS | typeof BACKWARDS, cursor: Position | null, maxCount: number) {
    const page: EsdbRecorded[] = [];
    let count = 0;
    for await (const resolved of client.readAll({ fromPosition: from, direction, maxCount })) {
      count++;
      const event = resolved.event;
      if (!event) continue;
      const order = cursor ? comparePositions(event.position, cursor) : direction === FORWARDS ? 1 : -1;
      // fromPosition is inclusive on reads, so the event at the cursor may come back.
      if ((direction === FORWARDS && order <= 0) || (direction === BACKWARDS && order >= 0)) continue;
      page.push(event);
    }
    return { page, exhausted: count < maxCount };
  }

  /** Every event type: pages of $all, system events skipped here (this client's readAll takes no filter). */
  async function readEvery(after: Position | null, limit: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let cursor = after;
    // System events are skipped, so a page may need refills.
    for (;;) {
      const want = Math.min(limit - events.length + 1, PAGE_SIZE);
      const { page, exhausted } = await readPage(cursor ?? START, FORWARDS, cursor, want);
      for (const e of page) if (!isSystemType(e.type) && events.length < limit) events.push(codec.decodeOrMark(toRecorded(e)));
      if (events.length >= limit || exhausted || page.length === 0) return events;
      const last = page[page.length - 1].position;
      if (!last) return events;
      cursor = last;
    }
  }

  async function headPosition(): Promise<Position | null> {
    let cursor: Position | null = null;
    for (;;) {
      const { page, exhausted } = await readPage(cursor ?? END, BACKWARDS, cursor, PAGE_SIZE);
      const newest = page.find((e) => !isSystemType(e.type));
      if (newest?.position) return { commit: newest.position.commit, prepare: newest.position.prepare };
      const oldest = page[page.length - 1]?.position;
      if (exhausted || !oldest) return null;
      cursor = oldest;
    }
  }

  async function readLogPage(options: ReadAllOptions): Promise<LogPage> {
    const types = checkReadOptions(options);
    const after = options.after ?? null;
    if (types) return readTypedPage({ client, head: headPosition, toEvent: (e) => codec.decodeOrMark(toRecorded(e as EsdbRecorded)) }, after, options.limit, types);
    const events = await readEvery(after, options.limit);
    return { events, through: pageThrough(after, events, options.limit, null) };
  }

  return {
    async append(stream, events, { expectedRevision }) {
      if (events.length === 0) throw new TypeError(`Nothing to append to ${stream}: an append needs at least one event`);
      const valid = codec.encode(stream, events);
      try {
        const result = await client.appendToStream(
          stream,
          valid.map((e) => jsonEvent({ id: e.id, type: e.type, data: toJsonData(e), metadata: e.metadata })),
          { expectedRevision: toExpected(expectedRevision) },
        );
        // The reply carries the position of the write only, and none for an idempotent retry
        // (nothing was written): read the events back for their own positions and time.
        const recorded = await appended(stream, result.nextExpectedRevision, valid.length);
        const last = recorded[recorded.length - 1];
        if (result.position) for (const listener of [...appendListeners]) listener(last.position);
        return { nextRevision: last.revision, position: last.position, events: recorded, duplicate: !result.position };
      } catch (err) {
        if (err instanceof WrongExpectedVersionError) {
          const actual = err.actualVersion === NO_STREAM ? 'no_stream' : Number(err.actualVersion);
          throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
        }
        throw err;
      }
    },

    async readStream(stream) {
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(stream, { fromRevision: START, direction: FORWARDS })) {
          if (resolved.event) events.push(codec.decode(toRecorded(resolved.event)));
        }
      } catch (err) {
        if (err instanceof StreamNotFoundError) return [];
        throw err;
      }
      return events;
    },

    async readAll(options) {
      return (await readLogPage(options)).events;
    },

    readPage: readLogPage,

    watchAppends(listener) {
      appendListeners.add(listener);
      return () => { appendListeners.delete(listener); };
    },

    subscribeAll({ after, filter }) {
      const source = client.subscribeToAll({
        fromPosition: after ? { commit: after.commit, prepare: after.prepare } : START,
        filter: excludeSystemEvents(),
      });
      const accept = (stored: EsdbRecorded): RecordedEvent | null => {
        // The start position may or may not be delivered again; the port promises strictly after it.
        if (after && stored.position && comparePositions(stored.position, after) <= 0) return null;
        const event = codec.decodeOrMark(toRecorded(stored));
        return !filter || filter(event) ? event : null;
      };
      const subscription = new EsdbSubscription(source as unknown as EsdbSource, accept, () => subscriptions.delete(subscription));
      subscriptions.add(subscription);
      return subscription;
    },

    subscribeToStream(stream, { afterRevision } = {}) {
      const after = afterRevision ?? null;
      // The server's own subscription to one stream: it reads that stream only, however busy $all is.
      const source = client.subscribeToStream(stream, { fromRevision: after === null ? START : BigInt(after) });
      const accept = (stored: EsdbRecorded): RecordedEvent | null =>
        // Whether fromRevision itself comes back differs between reads and subscriptions: skip it either way.
        after !== null && Number(stored.revision) <= after ? null : codec.decode(toRecorded(stored));
      const subscription = new EsdbSubscription(source as unknown as EsdbSource, accept, () => subscriptions.delete(subscription));
      subscriptions.add(subscription);
      return subscription;
    },

    headPosition,

    async close() {
      appendListeners.clear();
      await Promise.all([...subscriptions].map((s) => s.close()));
      if (owned) await client.dispose();
    },
  };
}
