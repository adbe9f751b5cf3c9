/** The reading half of the event-store contract: readAll, headPosition, subscribeAll, close. */
import { describe, expect, it } from 'vitest';
import { comparePositions, type NewEvent, type Position, type RecordedEvent } from '../../domain/shared/events';
import type { EventStore } from '../../infra/eventstore/port';
import type { EventTypes } from '../../infra/eventstore/schemas';
import {
  asWritten, consume, expectStrictlyIncreasing, newEvent, newEvents, readAllPages, settlesWithin, uniqueStream, waitUntilReadable,
} from './helpers';

/** A fresh store over the adapter's server, knowing `types` (schemas and upcasters) when given. */
export type StoreFactory = (types?: EventTypes) => Promise<{ store: EventStore; cleanup(): Promise<void> }>;

/** Appends `count` single events alternating over `streams`, in this order; returns them in that order. */
async function appendInterleaved(store: EventStore, streams: string[], count: number) {
  const written: NewEvent[] = [];
  let last: Position | null = null;
  for (let i = 0; i < count; i++) {
    const event = newEvent('Interleaved', { i });
    ({ position: last } = await store.append(streams[i % streams.length], [event], { expectedRevision: 'any' }));
    written.push(event);
  }
  return { written, last: last as Position };
}

const inStreams = (streams: string[]) => (e: RecordedEvent) => streams.includes(e.streamId);

export function describeReadContract(getStore: () => EventStore, factory: StoreFactory): void {
  describe('readAll and headPosition', () => {
    it('pages through the log in position order, each event once, in the order appended', async () => {
      const store = getStore();
      const before = await store.headPosition();
      const streams = [uniqueStream(), uniqueStream(), uniqueStream()];
      const { written, last } = await appendInterleaved(store, streams, 9);
      await waitUntilReadable(store, last);
      const { kept, pages } = await readAllPages(store, before, 2, inStreams(streams));
      expect(kept.map(asWritten)).toEqual(written);
      expectStrictlyIncreasing(pages.flat().map((e) => e.position));
      expect(pages.slice(0, -1).every((p) => p.length === 2)).toBe(true);
    });

    it('reads strictly after the given position', async () => {
      const store = getStore();
      const stream = uniqueStream();
      const { last } = await appendInterleaved(store, [stream], 3);
      await waitUntilReadable(store, last);
      const ours = await store.readStream(stream);
      const [next] = await store.readAll({ after: ours[0].position, limit: 1 });
      expect(next.id).toBe(ours[1].id);
      expect(comparePositions(next.position, ours[0].position)).toBe(1);
    });

    it('reports a head at or after the last append, and nothing of ours after it', async () => {
      const store = getStore();
      const stream = uniqueStream();
      const { last } = await appendInterleaved(store, [stream], 2);
      const head = await waitUntilReadable(store, last);
      expect(comparePositions(head, last)).toBeGreaterThanOrEqual(0);
      const { kept } = await readAllPages(store, head, 50, inStreams([stream]));
      expect(kept).toEqual([]);
    });

    it('returns the same positions from readAll as from readStream', async () => {
      const store = getStore();
      const stream = uniqueStream();
      const before = await store.headPosition();
      await store.append(stream, newEvents(3), { expectedRevision: 'no_stream' });
      const ours = await store.readStream(stream);
      await waitUntilReadable(store, ours[2].position);
      const { kept } = await readAllPages(store, before, 100, inStreams([stream]));
      expect(kept).toEqual(ours);
    });
  });

  describe('subscribeAll', () => {
    it('catches up, then follows live appends, each event exactly once and in order', async () => {
      const store = getStore();
      const stream = uniqueStream();
      const before = await store.headPosition();
      await store.append(stream, newEvents(2), { expectedRevision: 'no_stream' });
      const subscription = store.subscribeAll({ after: before, filter: inStreams([stream]) });
      const consumer = consume(subscription);
      await consumer.waitFor(2);
      await store.append(stream, newEvents(2), { expectedRevision: 1 });
      await consumer.waitFor(4);
      // A sentinel after the live events: anything delivered twice would show up before it.
      await store.append(stream, [newEvent('Sentinel')], { expectedRevision: 3 });
      await consumer.waitFor(5);
      await subscription.close();
      await settlesWithin(consumer.done, 5000, 'the closed subscription');
      expect(consumer.events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      expect(consumer.events).toEqual(await store.readStream(stream));
    });

    it('delivers several streams in log order, matching readAll', async () => {
      const store = getStore();
      const streams = [uniqueStream(), uniqueStream()];
      const before = await store.headPosition();
      const consumer = consume(store.subscribeAll({ after: before, filter: inStreams(streams) }));
      const { written, last } = await appendInterleaved(store, streams, 8);
      const received = await consumer.waitFor(8);
      await waitUntilReadable(store, last);
      const { kept } = await readAllPages(store, before, 100, inStreams(streams));
      expect(received.map(asWritten)).toEqual(written);
      expect(received).toEqual(kept);
    });

    it('starts strictly after `after` and applies the filter', async () => {
      const store = getStore();
      const stream = uniqueStream();
      await store.append(stream, [newEvent('Kept'), newEvent('Dropped'), newEvent('Kept'), newEvent('Kept')], { expectedRevision: 'no_stream' });
      const ours = await store.readStream(stream);
      const subscription = store.subscribeAll({ after: ours[0].position, filter: (e) => e.streamId === stream && e.type === 'Kept' });
      const consumer = consume(subscription);
      await store.append(stream, [newEvent('Dropped'), newEvent('Kept')], { expectedRevision: 3 });
      const received = await consumer.waitFor(3);
      expect(received.map((e) => e.revision)).toEqual([2, 3, 5]);
      await subscription.close();
    });

    it('close() ends an iteration that is waiting for events, and may be called twice', async () => {
      const store = getStore();
      const subscription = store.subscribeAll({ after: await store.headPosition(), filter: () => false });
      const consumer = consume(subscription);
      await new Promise((r) => setTimeout(r, 100));
      await settlesWithin(subscription.close(), 5000, 'close()');
      await settlesWithin(consumer.done, 5000, 'the iteration');
      await subscription.close();
    });

    it('breaking out of the loop ends the subscription', async () => {
      const store = getStore();
      const stream = uniqueStream();
      const before = await store.headPosition();
      await store.append(stream, newEvents(3), { expectedRevision: 'no_stream' });
      const first = (await store.readStream(stream))[0];
      const subscription = store.subscribeAll({ after: before, filter: (e) => e.streamId === stream });
      const seen: RecordedEvent[] = [];
      for await (const event of subscription) {
        seen.push(event);
        if (seen.length === 2) break;
      }
      expect(seen.map((e) => e.id)).toEqual([first.id, (await store.readStream(stream))[1].id]);
      await settlesWithin(subscription.close(), 5000, 'close() after break');
    });

    it("the store's close() ends its subscriptions", async () => {
      const { store, cleanup } = await factory();
      try {
        const consumer = consume(store.subscribeAll({ after: await store.headPosition() }));
        await new Promise((r) => setTimeout(r, 100));
        await settlesWithin(store.close(), 5000, 'store.close()');
        await settlesWithin(consumer.done, 5000, 'the iteration');
      } finally {
        await cleanup();
      }
    });
  });
}
