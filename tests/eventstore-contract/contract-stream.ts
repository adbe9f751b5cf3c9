/** The stream-subscription half of the event-store contract: subscribeToStream. */
import { describe, expect, it } from 'vitest';
import type { EventStore } from '../../infra/eventstore/port';
import { consume, newEvent, newEvents, settlesWithin, uniqueStream } from './helpers';

export function describeStreamContract(getStore: () => EventStore): void {
  describe('subscribeToStream', () => {
    it('catches up, then follows live appends to that stream only, each event once and in revision order', async () => {
      const store = getStore();
      const [stream, other] = [uniqueStream(), uniqueStream()];
      await store.append(stream, newEvents(2), { expectedRevision: 'no_stream' });
      const subscription = store.subscribeToStream(stream);
      const consumer = consume(subscription);
      await consumer.waitFor(2);
      await store.append(other, newEvents(3), { expectedRevision: 'any' });
      await store.append(stream, newEvents(2), { expectedRevision: 1 });
      await consumer.waitFor(4);
      // A sentinel after the live events: anything delivered twice would show up before it.
      await store.append(stream, [newEvent('Sentinel')], { expectedRevision: 3 });
      await consumer.waitFor(5);
      await subscription.close();
      await settlesWithin(consumer.done, 5000, 'the closed subscription');
      expect(consumer.events).toEqual(await store.readStream(stream));
    });

    it('starts strictly after `afterRevision`', async () => {
      const store = getStore();
      const stream = uniqueStream();
      await store.append(stream, newEvents(3), { expectedRevision: 'no_stream' });
      const subscription = store.subscribeToStream(stream, { afterRevision: 1 });
      const consumer = consume(subscription);
      await store.append(stream, [newEvent()], { expectedRevision: 2 });
      expect((await consumer.waitFor(2)).map((e) => e.revision)).toEqual([2, 3]);
      await subscription.close();
    });

    it('waits for a stream that does not exist yet', async () => {
      const store = getStore();
      const stream = uniqueStream();
      const subscription = store.subscribeToStream(stream, { afterRevision: null });
      const consumer = consume(subscription);
      await new Promise((r) => setTimeout(r, 50));
      const events = newEvents(2);
      await store.append(stream, events, { expectedRevision: 'no_stream' });
      expect((await consumer.waitFor(2)).map((e) => e.id)).toEqual(events.map((e) => e.id));
      await settlesWithin(subscription.close(), 5000, 'close()');
      await settlesWithin(consumer.done, 5000, 'the iteration');
      await subscription.close();
    });
  });
}
