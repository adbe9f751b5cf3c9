/**
 * Schema versions, upcasting and undecodable events (docs/decisions/0016): the same rules in every
 * adapter, because both apply infra/eventstore/schemas.ts. An old-shaped or bad event is written
 * through a store that knows no types (as old code or a hand-made row would leave it) and read
 * through one that does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Upcaster } from '../../domain/shared/events';
import type { EventStore } from '../../infra/eventstore/port';
import { InvalidEventDataError } from '../../infra/eventstore/schemas';
import type { StoreFactory } from './contract-read';
import { consume, newEvent, readAllPages, settlesWithin, uniqueStream, waitUntilReadable } from './helpers';

/** Version 1 was `{ name }`; version 2 splits it; version 3 adds a default nickname. */
const schemas = { PersonNamed: z.object({ first: z.string(), last: z.string(), nickname: z.string() }) };
const upcasters: Upcaster[] = [
  { type: 'PersonNamed', fromVersion: 2, upcast: (data) => ({ ...(data as object), nickname: '' }) },
  {
    type: 'PersonNamed', fromVersion: 1,
    upcast: (data) => {
      const [first, ...rest] = String((data as { name: string }).name).split(' ');
      return { first, last: rest.join(' ') };
    },
  },
];

const named = (data: Record<string, unknown>, schemaVersion: number) => {
  const e = newEvent('PersonNamed', data);
  return { ...e, metadata: { ...e.metadata, schemaVersion } };
};

export function describeCodecContract(factory: StoreFactory): void {
  describe('schema versions and upcasting', () => {
    let raw: EventStore;
    let typed: EventStore;
    const cleanups: Array<() => Promise<void>> = [];
    beforeAll(async () => {
      const a = await factory();
      const b = await factory({ schemas, upcasters });
      [raw, typed] = [a.store, b.store];
      cleanups.push(a.cleanup, b.cleanup);
    });
    afterAll(async () => { for (const c of cleanups) await c(); });

    it('stamps new events with their type\'s current version, and reads them unchanged', async () => {
      const stream = uniqueStream();
      const result = await typed.append(stream, [named({ first: 'Ada', last: 'Lovelace', nickname: 'A' }, 1)], { expectedRevision: 'no_stream' });
      expect(result.events[0].metadata.schemaVersion).toBe(3);
      const [read] = await typed.readStream(stream);
      expect(read).toEqual(result.events[0]);
    });

    it('upcasts old versions step by step on every read path, before validating', async () => {
      const stream = uniqueStream();
      const before = await typed.headPosition();
      const old = [named({ name: 'Grace Brewster Hopper' }, 1), named({ first: 'Alan', last: 'Turing' }, 2)];
      const { position } = await raw.append(stream, old, { expectedRevision: 'no_stream' });
      const expected = [{ first: 'Grace', last: 'Brewster Hopper', nickname: '' }, { first: 'Alan', last: 'Turing', nickname: '' }];

      const fromStream = await typed.readStream(stream);
      expect(fromStream.map((e) => e.data)).toEqual(expected);
      expect(fromStream.map((e) => e.metadata.schemaVersion)).toEqual([3, 3]);
      await waitUntilReadable(typed, position);
      const { kept } = await readAllPages(typed, before, 100, (e) => e.streamId === stream);
      expect(kept).toEqual(fromStream);
      const live = consume(typed.subscribeAll({ after: before, filter: (e) => e.streamId === stream }));
      const followed = consume(typed.subscribeToStream(stream));
      expect(await live.waitFor(2)).toEqual(fromStream);
      expect(await followed.waitFor(2)).toEqual(fromStream);
      // History itself is never rewritten.
      expect((await raw.readStream(stream)).map((e) => e.data)).toEqual(old.map((e) => e.data));
    });

    it('marks an undecodable event in readAll and subscribeAll, and throws it from readStream and stream subscriptions', async () => {
      const stream = uniqueStream();
      const before = await typed.headPosition();
      const bad = named({ first: 'No', last: 42, nickname: '' }, 3);
      const { position } = await raw.append(stream, [named({ name: 'Good One' }, 1), bad, newEvent('Unlisted')], { expectedRevision: 'no_stream' });

      await expect(typed.readStream(stream)).rejects.toBeInstanceOf(InvalidEventDataError);
      await waitUntilReadable(typed, position);
      const { kept } = await readAllPages(typed, before, 100, (e) => e.streamId === stream);
      expect(kept.map((e) => e.decodeError)).toEqual([undefined, expect.stringMatching(/PersonNamed.*last/), undefined]);
      expect(kept[1].data).toEqual(bad.data);
      expect(kept[0].data).toEqual({ first: 'Good', last: 'One', nickname: '' });
      const live = consume(typed.subscribeAll({ after: before, filter: (e) => e.streamId === stream }));
      expect((await live.waitFor(3)).map((e) => e.decodeError === undefined)).toEqual([true, false, true]);

      const followed = consume(typed.subscribeToStream(stream));
      await expect(settlesWithin(followed.done, 5000, 'the failing stream subscription')).rejects.toBeInstanceOf(InvalidEventDataError);
      expect(followed.events).toHaveLength(1);
    });

    it('refuses, as undecodable, a version newer than the code knows', async () => {
      const stream = uniqueStream();
      const before = await typed.headPosition();
      const { position } = await raw.append(stream, [named({ first: 'A', last: 'B', nickname: 'C' }, 4)], { expectedRevision: 'no_stream' });
      await expect(typed.readStream(stream)).rejects.toThrow(/version 4 is newer than this code knows \(3\)/);
      await waitUntilReadable(typed, position);
      const { kept } = await readAllPages(typed, before, 100, (e) => e.streamId === stream);
      expect(kept[0].decodeError).toMatch(/newer/);
    });
  });
}
