/**
 * The contract against PostgreSQL, plus what only this adapter promises: event ids unique across
 * the whole log, schema validation, the derived category column and the app_api grants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DuplicateEventIdError, InvalidEventDataError, createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../setup/db';
import { describeEventStoreContract } from './contract';
import { newEvent, newEvents, uniqueStream } from './helpers';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db.drop(); });

describeEventStoreContract('PostgreSQL', async (types) => {
  const store = createPostgresEventStore(db.ownerPool, { pollIntervalMs: 200, ...types });
  return { store, cleanup: () => store.close() };
});

describe('PostgreSQL event store specifics', () => {
  let store: EventStore;
  beforeAll(() => { store = createPostgresEventStore(db.ownerPool); });
  afterAll(async () => { await store.close(); });

  it("recognises a retried 'any' append as the original", async () => {
    const stream = uniqueStream();
    await store.append(stream, [newEvent()], { expectedRevision: 'any' });
    const events = newEvents(2);
    const first = await store.append(stream, events, { expectedRevision: 'any' });
    expect(await store.append(stream, events, { expectedRevision: 'any' })).toEqual({ ...first, duplicate: true });
    expect(await store.readStream(stream)).toHaveLength(3);
  });

  it('refuses event ids that already exist in another stream or at another place', async () => {
    const [a, b] = [uniqueStream(), uniqueStream()];
    const events = newEvents(2);
    await store.append(a, events, { expectedRevision: 'no_stream' });
    await expect(store.append(b, events, { expectedRevision: 'any' })).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(store.append(a, [events[1], newEvent()], { expectedRevision: 'any' })).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(store.append(a, [events[1], events[0]], { expectedRevision: 'any' })).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(await store.readStream(b)).toEqual([]);
    expect(await store.readStream(a)).toHaveLength(2);
  });

  it('refuses an id repeated within one append and ids that are not UUIDs', async () => {
    const e = newEvent();
    await expect(store.append(uniqueStream(), [e, e], { expectedRevision: 'any' })).rejects.toThrow(/twice/);
    await expect(store.append(uniqueStream(), [{ ...e, id: 'nope' }], { expectedRevision: 'any' })).rejects.toThrow(/UUID/);
  });

  it('gives the events of one append one transaction id and rising global positions', async () => {
    const stream = uniqueStream();
    await store.append(stream, newEvents(5), { expectedRevision: 'no_stream' });
    const read = await store.readStream(stream);
    expect(new Set(read.map((e) => e.position.commit)).size).toBe(1);
    const prepares = read.map((e) => e.position.prepare);
    expect([...prepares].sort((x, y) => (x < y ? -1 : 1))).toEqual(prepares);
  });

  it('derives the category from the stream name', async () => {
    const stream = uniqueStream('session');
    await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
    const { rows } = await db.ownerPool.query('SELECT category FROM events WHERE stream_id = $1', [stream]);
    expect(rows).toEqual([{ category: 'session' }]);
  });

  it('keeps the log away from app_api, the role resolvers read as (it holds secrets such as password hashes)', async () => {
    const stream = uniqueStream();
    await store.append(stream, newEvents(1), { expectedRevision: 'no_stream' });
    await expect(db.apiPool.query('SELECT data FROM events WHERE stream_id = $1', [stream])).rejects.toThrow(/permission denied/);
    await expect(db.apiPool.query('UPDATE events SET data = $1 WHERE stream_id = $2', ['{}', stream])).rejects.toThrow(/permission denied/);
    await expect(db.apiPool.query('DELETE FROM events WHERE stream_id = $1', [stream])).rejects.toThrow(/permission denied/);
    await expect(createPostgresEventStore(db.apiPool).readStream(stream)).rejects.toThrow(/permission denied/);
  });

  describe('with schemas', () => {
    const schemas = { PriceSet: z.object({ cents: z.number().int().nonnegative() }) };
    let checked: EventStore;
    beforeAll(() => { checked = createPostgresEventStore(db.ownerPool, { schemas }); });
    afterAll(async () => { await checked.close(); });

    it('validates data on append and writes nothing when one event is invalid', async () => {
      const stream = uniqueStream();
      const bad = [newEvent('PriceSet', { cents: 5 }), newEvent('PriceSet', { cents: -1 })];
      const err = await checked.append(stream, bad, { expectedRevision: 'any' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidEventDataError);
      expect((err as InvalidEventDataError).message).toMatch(/cents/);
      expect(await checked.readStream(stream)).toEqual([]);
    });

    it('lets types without a schema through and strips unknown keys from known ones', async () => {
      const stream = uniqueStream();
      await checked.append(stream, [newEvent('Unlisted', { any: 'thing' }), newEvent('PriceSet', { cents: 3, extra: true })], { expectedRevision: 'no_stream' });
      expect((await checked.readStream(stream)).map((e) => e.data)).toEqual([{ any: 'thing' }, { cents: 3 }]);
    });

    it('validates data on read, so bad history is reported instead of folded', async () => {
      const stream = uniqueStream();
      const e = newEvent('PriceSet', { cents: 'ten' });
      await db.ownerPool.query(
        'INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, $4, $5)',
        [stream, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)]);
      await expect(checked.readStream(stream)).rejects.toBeInstanceOf(InvalidEventDataError);
      await expect(store.readStream(stream)).resolves.toHaveLength(1);
    });
  });
});
