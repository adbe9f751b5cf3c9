/**
 * An in-memory stand-in for the few EventStoreDBClient calls the adapter makes, following the
 * server's documented behaviour: per-stream idempotency (no position in the reply), inclusive read
 * positions, system events in $all, subscriptions ($all, filtered by event type, and one stream)
 * that report the end of catch-up and keep their stream open after unsubscribe().
 * It lets the adapter's own logic (mapping, paging, filtering, closing) run here, where no server
 * can; the real server is covered by eventstoredb.esdb.test.ts when EVENTSTOREDB_URL is set.
 */
import { Readable } from 'node:stream';
import {
  ANY, BACKWARDS, END, NO_STREAM, START, STREAM_EXISTS, StreamNotFoundError, WrongExpectedVersionError,
  type AppendExpectedRevision, type EventStoreDBClient, type Filter, type Position, type ReadPosition,
} from '@eventstore/db-client';

interface Stored {
  streamId: string; id: string; revision: bigint; type: string; created: Date; isJson: true;
  data: unknown; metadata: unknown; position: Position;
}
interface Incoming { id: string; type: string; data: unknown; metadata?: unknown }

const cmp = (a: Position, b: Position) => (a.commit === b.commit ? 0 : a.commit < b.commit ? -1 : 1);

class FakeSubscription extends Readable {
  cancelled = false;
  constructor() { super({ objectMode: true, read: () => undefined }); }
  async unsubscribe() { this.cancelled = true; }
}

export function createFakeEsdb(): EventStoreDBClient {
  const log: Stored[] = [];
  const subscribers = new Set<{ sub: FakeSubscription; regex: RegExp | null; stream?: string }>();
  let next = 100n;

  const record = (streamId: string, e: Incoming, revision: bigint): Stored => {
    const stored: Stored = { streamId, id: e.id, revision, type: e.type, created: new Date(), isJson: true, data: e.data, metadata: e.metadata, position: { commit: next, prepare: next } };
    next += 7n;
    log.push(stored);
    for (const s of subscribers) deliver(s, stored);
    return stored;
  };
  const deliver = (s: { sub: FakeSubscription; regex: RegExp | null; stream?: string }, e: Stored) => {
    if (s.stream !== undefined && s.stream !== e.streamId) return;
    if (!s.sub.cancelled && (!s.regex || s.regex.test(e.type))) s.sub.push({ event: e });
  };
  const streamEvents = (stream: string) => log.filter((e) => e.streamId === stream);

  const fake = {
    async appendToStream(stream: string, events: Incoming[], options: { expectedRevision?: AppendExpectedRevision } = {}) {
      const expected = options.expectedRevision ?? ANY;
      const existing = streamEvents(stream);
      const current = existing.length ? BigInt(existing.length - 1) : NO_STREAM;
      const start = expected === NO_STREAM ? 0 : typeof expected === 'bigint' ? Number(expected) + 1 : existing.findIndex((e) => e.id === events[0].id);
      if (start >= 0 && events.every((e, i) => existing[start + i]?.id === e.id)) {
        return { success: true, nextExpectedRevision: BigInt(start + events.length - 1), position: undefined };
      }
      const fits = expected === ANY || (expected === NO_STREAM && current === NO_STREAM)
        || (expected === STREAM_EXISTS && current !== NO_STREAM) || expected === current;
      if (!fits) throw new WrongExpectedVersionError(undefined, { streamName: stream, expected, current });
      // The server's own bookkeeping lands in $all between user events.
      record('$stats-fake', { id: crypto.randomUUID(), type: '$statsCollected', data: {} }, BigInt(log.length));
      const written = events.map((e, i) => record(stream, e, BigInt(existing.length + i)));
      return { success: true, nextExpectedRevision: written[written.length - 1].revision, position: written[written.length - 1].position };
    },
    readStream(stream: string, options: { fromRevision?: bigint | typeof START; maxCount?: number } = {}) {
      const events = streamEvents(stream);
      const from = typeof options.fromRevision === 'bigint' ? Number(options.fromRevision) : 0;
      if (events.length === 0) return Readable.from((async function* () { throw new StreamNotFoundError(undefined, stream); })());
      return Readable.from(events.slice(from, from + (options.maxCount ?? events.length)).map((event) => ({ event })));
    },
    readAll(options: { fromPosition?: ReadPosition; direction?: string; maxCount?: number } = {}) {
      const backwards = options.direction === BACKWARDS;
      const ordered = backwards ? [...log].reverse() : log;
      const from = options.fromPosition ?? (backwards ? END : START);
      const startAt = typeof from === 'object' ? ordered.findIndex((e) => (backwards ? cmp(e.position, from) <= 0 : cmp(e.position, from) >= 0)) : 0;
      const page = startAt < 0 ? [] : ordered.slice(startAt, startAt + (options.maxCount ?? ordered.length));
      return Readable.from(page.map((event) => ({ event })));
    },
    subscribeToAll(options: { fromPosition?: ReadPosition; filter?: Filter } = {}) {
      const after = typeof options.fromPosition === 'object' ? options.fromPosition : null;
      const regex = options.filter && 'regex' in options.filter ? new RegExp(options.filter.regex) : null;
      const s = { sub: new FakeSubscription(), regex };
      for (const e of log) if (!after || cmp(e.position, after) > 0) deliver(s, e);
      subscribers.add(s);
      s.sub.on('close', () => subscribers.delete(s));
      // The server reports the end of catch-up (23.10+) after the backlog it sent.
      setImmediate(() => { if (!s.sub.cancelled && !s.sub.destroyed) s.sub.emit('caughtUp'); });
      return s.sub;
    },
    // Delivers from fromRevision inclusive: the adapter must not rely on the server skipping it.
    subscribeToStream(stream: string, options: { fromRevision?: bigint | typeof START } = {}) {
      const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : 0n;
      const s = { sub: new FakeSubscription(), regex: null, stream };
      for (const e of streamEvents(stream)) if (e.revision >= from) deliver(s, e);
      subscribers.add(s);
      s.sub.on('close', () => subscribers.delete(s));
      return s.sub;
    },
    async dispose() {
      for (const s of subscribers) s.sub.destroy();
    },
  };
  // Only the calls above are made by the adapter; the fake does not claim the rest of the client.
  return fake as unknown as EventStoreDBClient;
}
