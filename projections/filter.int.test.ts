/**
 * Projections fetch only the event types they consume, and waiting for them wakes on their
 * progress (docs/decisions/0026-projections-read-only-their-event-types.md): on a log mostly of
 * types a runner's projections do not read, their workers fetch none of those, their checkpoints
 * still pass the head, and waitFor answers for any position, with every polling interval set far
 * beyond the test's patience, so an answer that needed a poll would time out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comparePositions, type Position, type RecordedEvent } from '../domain/shared/events';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { buildOf, eventually, itemsProjection, newEvent, rows } from './testing/fixtures';
import { ProjectionRunner, type ProjectionRunnerOptions } from './runner';

/**
 * Polling intervals and waitFor's limit: beyond the test's timeout (TEST_MS), so a wait that ends
 * only by a poll or by its limit fails the test.
 */
const NEVER_MS = 600_000;
const PATIENCE_MS = NEVER_MS;
const TEST_MS = 30_000;

let db: TestDatabase;
const stores: EventStore[] = [];
const runners: ProjectionRunner[] = [];
const errors: string[] = [];

beforeEach(async () => { db = await createTestDatabase(); });
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await db.drop();
  expect(errors.splice(0)).toEqual([]);
});

/** A store in its own "process": its own wake-ups and LISTEN connection. */
function newStore(): EventStore {
  const store = createPostgresEventStore(db.ownerPool, { pollIntervalMs: NEVER_MS });
  stores.push(store);
  return store;
}

/** Counts, per event type, the events a store hands to its readers. */
function counting(store: EventStore): { store: EventStore; fetched: Map<string, number> } {
  const fetched = new Map<string, number>();
  const count = (events: RecordedEvent[]) => { for (const e of events) fetched.set(e.type, (fetched.get(e.type) ?? 0) + 1); };
  return {
    fetched,
    store: {
      ...store,
      readAll: async (o) => { const events = await store.readAll(o); count(events); return events; },
      readPage: async (o) => { const page = await store.readPage(o); count(page.events); return page; },
    },
  };
}

function runner(store: EventStore, options: ProjectionRunnerOptions = {}): ProjectionRunner {
  const r = new ProjectionRunner(db.ownerPool, store, [itemsProjection()], { onError: (e, c) => errors.push(`${c}: ${e.message}`), ...options });
  runners.push(r);
  return r;
}

async function appendNoise(store: EventStore, count: number): Promise<Position> {
  const { position } = await store.append(`noise-${crypto.randomUUID()}`, Array.from({ length: count }, (_, i) => newEvent('AuditOnlyNoise', { i })), { expectedRevision: 'no_stream' });
  return position;
}

const itemSet = async (store: EventStore, id: string, value: number) =>
  (await store.append(`item-${id}`, [newEvent('ItemSet', { id, value })], { expectedRevision: 'any' })).position;

describe('projections read only the types they consume', () => {
  it('fetch no event of another type, yet pass the head, and waitFor answers for those events too', async () => {
    const store = newStore();
    const { store: watched, fetched } = counting(store);
    const r = runner(watched, { batchSize: 7 });
    await r.start();
    await appendNoise(store, 300);
    const first = await itemSet(store, 'x', 1);
    await appendNoise(store, 300);
    await itemSet(store, 'y', 2);
    const last = await appendNoise(store, 300);

    expect(await r.waitFor(last, ['items'], PATIENCE_MS)).toBe(true);
    expect(Object.fromEntries(fetched)).toEqual({ ItemSet: 2 });
    const build = await buildOf(db.ownerPool, 'proj_items_v1');
    expect(build).toMatchObject({ eventsProcessed: 2 });
    // Not lagging: the checkpoint is at the head, past the noise it never read.
    expect(comparePositions(build?.position as Position, last)).toBe(0);
    expect((await r.status())[0]).toMatchObject({ lag: 0 });
    expect(await rows(db.ownerPool, 'SELECT id, value FROM read.items ORDER BY id')).toEqual([{ id: 'x', value: 1 }, { id: 'y', value: 2 }]);
    expect(await r.waitFor(first, ['items'], PATIENCE_MS)).toBe(true);
  });
});

describe('workers are woken only for the types they consume (docs/decisions/0078)', { timeout: TEST_MS }, () => {
  /** Counts the reads of a store, whatever they return. */
  function countingReads(store: EventStore): { store: EventStore; reads: () => number } {
    let reads = 0;
    return { reads: () => reads, store: { ...store, readPage: async (o) => { reads += 1; return store.readPage(o); } } };
  }

  it('an append of other types, here or in another process, starts no read; one of its types does, and waitFor still answers for both', async () => {
    const { store, reads } = countingReads(newStore());
    const r = runner(store, { pollIntervalMs: NEVER_MS, reconcileIntervalMs: NEVER_MS, coalesceMs: 0 });
    await r.start();
    expect(await r.waitFor(await itemSet(store, 'a', 1), ['items'], PATIENCE_MS)).toBe(true);
    const elsewhere = newStore();
    const before = reads();
    for (let i = 0; i < 10; i++) await appendNoise(i % 2 ? store : elsewhere, 1);
    // Long enough for the coalesced wake-ups and the other process's NOTIFY to have arrived.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads() - before).toBe(0);

    await itemSet(elsewhere, 'a', 2);
    await eventually('the worker to apply an append of its type from another process', async () =>
      (await rows(db.ownerPool, 'SELECT value FROM read.items'))[0]?.value === 2, TEST_MS);
    expect(reads() - before).toBeGreaterThan(0);
    expect(await r.waitFor(await appendNoise(elsewhere, 1), ['items'], PATIENCE_MS)).toBe(true);
  });
});

describe('waitFor wakes on progress, never on a timer', { timeout: TEST_MS }, () => {
  const slow = { pollIntervalMs: NEVER_MS, reconcileIntervalMs: NEVER_MS };

  it('for an append through the runner’s own store, of a type it reads or not', async () => {
    const store = newStore();
    const r = runner(store, slow);
    await r.start();
    expect(await r.waitFor(await itemSet(store, 'a', 1), ['items'], PATIENCE_MS)).toBe(true);
    expect(await r.waitFor(await appendNoise(store, 3), ['items'], PATIENCE_MS)).toBe(true);
    expect(await r.waitFor(await itemSet(store, 'a', 2), ['items'], PATIENCE_MS)).toBe(true);
    expect(await rows(db.ownerPool, 'SELECT value FROM read.items')).toEqual([{ value: 2 }]);
  });

  it('for an append by another process (its NOTIFY), which the workers follow even with no one waiting', async () => {
    const r = runner(newStore(), slow);
    await r.start();
    const elsewhere = newStore();
    expect(await r.waitFor(await itemSet(elsewhere, 'b', 1), ['items'], PATIENCE_MS)).toBe(true);
    expect(await r.waitFor(await appendNoise(elsewhere, 2), ['items'], PATIENCE_MS)).toBe(true);
    await itemSet(elsewhere, 'b', 2);
    await eventually('the worker to apply an append nobody waits for', async () =>
      (await rows(db.ownerPool, 'SELECT value FROM read.items'))[0]?.value === 2, TEST_MS);
  });

  it('for a build another process applies (its checkpoint NOTIFY)', async () => {
    const leader = runner(newStore(), slow);
    await leader.start();
    const writer = newStore();
    // The leader has taken the build's lease before the other runner starts, which then stands by.
    expect(await leader.waitFor(await itemSet(writer, 'c', 1), ['items'], PATIENCE_MS)).toBe(true);
    const follower = runner(newStore(), slow);
    await follower.start();
    expect(await follower.waitFor(await itemSet(writer, 'c', 2), ['items'], PATIENCE_MS)).toBe(true);
    expect(await follower.waitFor(await appendNoise(writer, 2), ['items'], PATIENCE_MS)).toBe(true);
    expect(await rows(db.ownerPool, 'SELECT value FROM read.items')).toEqual([{ value: 2 }]);
  });
});
