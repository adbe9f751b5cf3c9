/**
 * The EventStore port over EventStoreDB / KurrentDB (@eventstore/db-client 6), for deployments
 * that outgrow one PostgreSQL (DESIGN.md section 4). Passes tests/eventstore-contract when
 * EVENTSTOREDB_URL is set. Needs a server of version 22.6 or later (stream reads then carry $all
 * positions) and read access to $all.
 *
 * Differences the port allows: event ids are unique per stream only (EventStoreDB's idempotency
 * check), not across the whole log as in PostgreSQL; and 'any' appends are idempotent on a
 * best-effort basis, as the server documents.
 */
import {
  ANY, BACKWARDS, END, EventStoreDBClient, FORWARDS, NO_STREAM, START, STREAM_EXISTS, StreamNotFoundError,
  WrongExpectedVersionError, excludeSystemEvents, jsonEvent,
  type AllStreamSubscription, type AppendExpectedRevision, type JSONType, type Position as EsdbPosition, type ReadPosition,
} from '@eventstore/db-client';
import { comparePositions, type EventMetadata, type NewEvent, type Position, type RecordedEvent } from '../../domain/shared/events';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type Subscription } from './port';
import { validateNewEvents, validateRecorded, type EventSchemas } from './schemas';

export interface EventStoreDbOptions {
  /** zod schema per event type, checked on append and on read; types without one pass unchecked. */
  schemas?: EventSchemas;
}

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

function toRecorded(event: EsdbRecorded, schemas: EventSchemas | undefined): RecordedEvent {
  const where = `${event.streamId}@${event.revision}`;
  if (!event.isJson) throw new Error(`Event ${where} is not JSON; this adapter reads only what it writes`);
  if (!isEventMetadata(event.metadata)) throw new Error(`Event ${where} carries no event metadata (DESIGN.md section 3)`);
  if (!event.position || event.position.commit === NO_POSITION) {
    throw new Error(`Event ${where} has no $all position: EventStoreDB 22.6 or later is required`);
  }
  return validateRecorded(schemas, {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    position: { commit: event.position.commit, prepare: event.position.prepare },
    recordedAt: event.created.toISOString(),
  });
}

const isSystemType = (type: string) => type.startsWith('$');

class EsdbSubscription implements Subscription {
  private closed = false;
  private readonly iterator: AsyncGenerator<RecordedEvent, void, undefined>;

  constructor(
    private readonly source: AllStreamSubscription,
    private readonly after: Position | null,
    private readonly filter: ((event: RecordedEvent) => boolean) | undefined,
    private readonly schemas: EventSchemas | undefined,
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
        // The start position may or may not be delivered again; the port promises strictly after it.
        if (this.after && comparePositions(resolved.event.position, this.after) <= 0) continue;
        const event = toRecorded(resolved.event, this.schemas);
        if (!this.filter || this.filter(event)) yield event;
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
  const { schemas } = options;
  const subscriptions = new Set<EsdbSubscription>();

  async function positionOf(stream: string, revision: bigint): Promise<Position> {
    for await (const resolved of client.readStream(stream, { fromRevision: revision, maxCount: 1, direction: FORWARDS })) {
      if (resolved.event) return toRecorded(resolved.event, undefined).position;
    }
    throw new Error(`Event ${stream}@${revision} was just appended but cannot be read`);
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

  return {
    async append(stream, events, { expectedRevision }) {
      if (events.length === 0) throw new TypeError(`Nothing to append to ${stream}: an append needs at least one event`);
      const valid = validateNewEvents(schemas, stream, events);
      try {
        const result = await client.appendToStream(
          stream,
          valid.map((e) => jsonEvent({ id: e.id, type: e.type, data: toJsonData(e), metadata: e.metadata })),
          { expectedRevision: toExpected(expectedRevision) },
        );
        // The reply's position is that of the write, and is absent for an idempotent retry: for
        // anything but one fresh event, ask for the last event's own position.
        const position = result.position && valid.length === 1
          ? { commit: result.position.commit, prepare: result.position.prepare }
          : await positionOf(stream, result.nextExpectedRevision);
        return { nextRevision: Number(result.nextExpectedRevision), position };
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
          if (resolved.event) events.push(toRecorded(resolved.event, schemas));
        }
      } catch (err) {
        if (err instanceof StreamNotFoundError) return [];
        throw err;
      }
      return events;
    },

    async readAll({ after, limit }) {
      if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`readAll limit must be a positive integer, got ${limit}`);
      const events: RecordedEvent[] = [];
      let cursor = after ?? null;
      // System events are skipped here (readAll takes no server-side filter), so a page may need refills.
      for (;;) {
        const want = Math.min(limit - events.length + 1, PAGE_SIZE);
        const { page, exhausted } = await readPage(cursor ?? START, FORWARDS, cursor, want);
        for (const e of page) if (!isSystemType(e.type) && events.length < limit) events.push(toRecorded(e, schemas));
        if (events.length >= limit || exhausted || page.length === 0) return events;
        const last = page[page.length - 1].position;
        if (!last) return events;
        cursor = last;
      }
    },

    subscribeAll({ after, filter }) {
      const source = client.subscribeToAll({
        fromPosition: after ? { commit: after.commit, prepare: after.prepare } : START,
        filter: excludeSystemEvents(),
      });
      const subscription = new EsdbSubscription(source, after ?? null, filter, schemas, () => subscriptions.delete(subscription));
      subscriptions.add(subscription);
      return subscription;
    },

    async headPosition() {
      let cursor: Position | null = null;
      for (;;) {
        const { page, exhausted } = await readPage(cursor ?? END, BACKWARDS, cursor, PAGE_SIZE);
        const newest = page.find((e) => !isSystemType(e.type));
        if (newest?.position) return { commit: newest.position.commit, prepare: newest.position.prepare };
        const oldest = page[page.length - 1]?.position;
        if (exhausted || !oldest) return null;
        cursor = oldest;
      }
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      if (owned) await client.dispose();
    },
  };
}
