/**
 * The event-store contract (DESIGN.md section 4): what every adapter of the EventStore port must
 * do, run against PostgreSQL always (postgres.int.test.ts) and against EventStoreDB when
 * EVENTSTOREDB_URL is set (eventstoredb.esdb.test.ts). Every test writes to streams of its own,
 * so the suite also runs against a server that holds other data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from '../../infra/eventstore/port';
import { describeCodecContract } from './contract-codec';
import { describeReadContract, type StoreFactory } from './contract-read';
import { describeStreamContract } from './contract-stream';
import { describeTypesContract } from './contract-types';
import { asWritten, expectStrictlyIncreasing, newEvent, newEvents, uniqueStream } from './helpers';

export type { StoreFactory } from './contract-read';

async function expectConflict(promise: Promise<unknown>, expected: ExpectedRevision, actual: number | 'no_stream') {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(WrongExpectedRevisionError);
  expect(err).toMatchObject({ expected, actual });
}

export function describeEventStoreContract(name: string, factory: StoreFactory): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => { ({ store, cleanup } = await factory()); });
    afterAll(async () => { await cleanup(); });

    describe('append and readStream', () => {
      it('reads back exactly what was appended, with 0-based revisions', async () => {
        const stream = uniqueStream();
        const events = newEvents(3);
        const result = await store.append(stream, events, { expectedRevision: 'no_stream' });
        const read = await store.readStream(stream);
        expect(read.map(asWritten)).toEqual(events);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(read.every((e) => e.streamId === stream)).toBe(true);
        expect(read.every((e) => !Number.isNaN(Date.parse(e.recordedAt)))).toBe(true);
        // The answer carries the events as recorded: a writer never needs to read them back.
        expect(result).toEqual({ nextRevision: 2, position: read[2].position, events: read, duplicate: false });
      });

      it('reads a stream that does not exist as empty', async () => {
        expect(await store.readStream(uniqueStream())).toEqual([]);
      });

      it('gives later events of a stream later positions, across appends', async () => {
        const stream = uniqueStream();
        await store.append(stream, newEvents(2), { expectedRevision: 'no_stream' });
        await store.append(stream, newEvents(3), { expectedRevision: 1 });
        const read = await store.readStream(stream);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expectStrictlyIncreasing(read.map((e) => e.position));
      });

      it('keeps streams apart', async () => {
        const [a, b] = [uniqueStream(), uniqueStream()];
        const [ea, eb] = [newEvents(2), newEvents(1)];
        await store.append(a, ea, { expectedRevision: 'no_stream' });
        await store.append(b, eb, { expectedRevision: 'no_stream' });
        expect((await store.readStream(a)).map(asWritten)).toEqual(ea);
        expect((await store.readStream(b)).map(asWritten)).toEqual(eb);
      });

      it('refuses an empty append', async () => {
        await expect(store.append(uniqueStream(), [], { expectedRevision: 'any' })).rejects.toThrow();
      });
    });

    describe('expected revision', () => {
      it("'no_stream' creates a stream and refuses an existing one, writing nothing", async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
        await expectConflict(store.append(stream, [newEvent()], { expectedRevision: 'no_stream' }), 'no_stream', 0);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('a number must be the revision of the last event', async () => {
        const stream = uniqueStream();
        await store.append(stream, newEvents(2), { expectedRevision: 'no_stream' });
        expect((await store.append(stream, [newEvent()], { expectedRevision: 1 })).nextRevision).toBe(2);
        await expectConflict(store.append(stream, [newEvent()], { expectedRevision: 1 }), 1, 2);
        await expectConflict(store.append(stream, [newEvent()], { expectedRevision: 7 }), 7, 2);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it('a number on a stream that does not exist is a conflict', async () => {
        const stream = uniqueStream();
        await expectConflict(store.append(stream, [newEvent()], { expectedRevision: 0 }), 0, 'no_stream');
        expect(await store.readStream(stream)).toEqual([]);
      });

      it("'stream_exists' needs at least one event", async () => {
        const stream = uniqueStream();
        await expectConflict(store.append(stream, [newEvent()], { expectedRevision: 'stream_exists' }), 'stream_exists', 'no_stream');
        await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
        expect((await store.append(stream, newEvents(2), { expectedRevision: 'stream_exists' })).nextRevision).toBe(2);
      });

      it("'any' creates and extends without a check", async () => {
        const stream = uniqueStream();
        expect((await store.append(stream, [newEvent()], { expectedRevision: 'any' })).nextRevision).toBe(0);
        expect((await store.append(stream, newEvents(2), { expectedRevision: 'any' })).nextRevision).toBe(2);
      });

      it('of writers racing with the same expectation exactly one wins; the others get a conflict', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
        const attempts = Array.from({ length: 8 }, () => newEvents(2));
        const outcomes = await Promise.allSettled(attempts.map((events) => store.append(stream, events, { expectedRevision: 0 })));
        const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
        expect(won).toHaveLength(1);
        for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        const read = await store.readStream(stream);
        expect(read.slice(1).map(asWritten)).toEqual(attempts[won[0]]);
      });

      it("writers racing with 'any' all land, none lost or doubled", async () => {
        const stream = uniqueStream();
        const attempts = Array.from({ length: 8 }, () => newEvents(2));
        await Promise.all(attempts.map((events) => store.append(stream, events, { expectedRevision: 'any' })));
        const read = await store.readStream(stream);
        expect(read.map((e) => e.revision)).toEqual([...Array(16).keys()]);
        expect(new Set(read.map((e) => e.id))).toEqual(new Set(attempts.flat().map((e) => e.id)));
      });
    });

    describe('idempotent event ids', () => {
      it('appending the same events again at the same place writes nothing and answers the original result', async () => {
        const stream = uniqueStream();
        const events = newEvents(2);
        const first = await store.append(stream, events, { expectedRevision: 'no_stream' });
        const again = await store.append(stream, events, { expectedRevision: 'no_stream' });
        expect(again).toEqual({ ...first, duplicate: true });
        expect((await store.readStream(stream)).map(asWritten)).toEqual(events);
      });

      it('a retried append after a numeric expectation is recognised too, and the stream goes on', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
        const events = newEvents(3);
        const first = await store.append(stream, events, { expectedRevision: 0 });
        expect(await store.append(stream, events, { expectedRevision: 0 })).toEqual({ ...first, duplicate: true });
        expect((await store.append(stream, [newEvent()], { expectedRevision: first.nextRevision })).nextRevision).toBe(4);
        expect(await store.readStream(stream)).toHaveLength(5);
      });

      it('a copy racing the original with the same ids lands once; the loser is answered with what the winner recorded', async () => {
        const stream = uniqueStream();
        const events = newEvents(2);
        // Same ids, different details (as two copies of one command deciding at different times).
        const copy = events.map((e) => ({ ...e, metadata: { ...e.metadata, occurredAt: '2026-05-06T07:08:09.000Z' } }));
        const [a, b] = await Promise.all([
          store.append(stream, events, { expectedRevision: 'no_stream' }),
          store.append(stream, copy, { expectedRevision: 'no_stream' }),
        ]);
        const read = await store.readStream(stream);
        expect(read).toHaveLength(2);
        expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
        expect(a.events).toEqual(read);
        expect(b.events).toEqual(read);
      });
    });

    describeReadContract(() => store, factory);
    describeTypesContract(() => store);
    describeStreamContract(() => store);
    describeCodecContract(factory);
  });
}
