/**
 * The visibility rule of the PostgreSQL store (docs/decisions/0002-postgres-event-store.md): a
 * transaction held open while others commit is still delivered, exactly once and in its place, to a
 * subscriber that was reading all along; a rolled-back transaction is never delivered. Ordering by
 * global_position alone fails the first: the subscriber would pass the held transaction's position
 * before it commits and never look back. Reads of some types only (decision 0026) keep the same
 * guarantee: the position up to which such a page is complete never passes an open transaction.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, type NewEvent, type RecordedEvent } from '../../domain/shared/events';
import type { PoolClient } from '../../infra/db/pool';
import { appendInTransaction, createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../setup/db';
import { consume, expectStrictlyIncreasing, newEvent, newEvents, readAllPages, uniqueStream, waitUntilReadable, type Consumer } from './helpers';

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool, { pollIntervalMs: 50 });
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

interface Held { client: PoolClient; events: NewEvent[]; commit: bigint; open: boolean }

async function hold(stream: string, events: NewEvent[]): Promise<Held> {
  const client = await db.ownerPool.connect();
  await client.query('BEGIN');
  const { position } = await appendInTransaction(client, stream, events, { expectedRevision: 'no_stream' });
  return { client, events, commit: position.commit, open: true };
}

async function finish(held: Held, commit: boolean): Promise<void> {
  try {
    await held.client.query(commit ? 'COMMIT' : 'ROLLBACK');
  } finally {
    held.open = false;
    held.client.release();
  }
}

/** Safety at every moment: nothing delivered from a transaction at or after one still open. */
function expectNothingPastOpen(subscriber: Consumer, helds: Held[]): void {
  const open = helds.filter((h) => h.open).map((h) => h.commit);
  if (open.length === 0) return;
  const oldest = open.reduce((a, b) => (a < b ? a : b));
  expect(subscriber.events.filter((e) => e.position.commit >= oldest)).toEqual([]);
}

describe('PostgreSQL visibility rule', () => {
  it('delivers a transaction held open while others commit exactly once, before them', async () => {
    const prefix = uniqueStream('vis');
    const ours = (e: RecordedEvent) => e.streamId.startsWith(prefix);
    const before = await store.headPosition();
    const subscription = store.subscribeAll({ after: before, filter: ours });
    const subscriber = consume(subscription);
    try {
      const held = await hold(`${prefix}.held`, newEvents(2, 'Held'));
      const later = newEvents(3, 'Later');
      for (const e of later) await store.append(`${prefix}.later`, [e], { expectedRevision: 'any' });
      // Committed, and readable by stream, but withheld from the log while the older one is open.
      expect(await store.readStream(`${prefix}.later`)).toHaveLength(3);
      await new Promise((r) => setTimeout(r, 300));
      expect((await readAllPages(store, before, 100, ours)).kept).toEqual([]);
      expectNothingPastOpen(subscriber, [held]);
      expect(subscriber.events).toEqual([]);

      await finish(held, true);
      const delivered = await subscriber.waitFor(5);
      expect(delivered.map((e) => e.type)).toEqual(['Held', 'Held', 'Later', 'Later', 'Later']);
      await store.append(`${prefix}.later`, [newEvent('Sentinel')], { expectedRevision: 2 });
      await subscriber.waitFor(6);
      expect(subscriber.events.map((e) => e.type)).toEqual(['Held', 'Held', 'Later', 'Later', 'Later', 'Sentinel']);
    } finally {
      await subscription.close();
    }
  });

  it('a stream subscription is not held back by older open transactions, and never skips a revision', async () => {
    const prefix = uniqueStream('vis');
    const elsewhere = await hold(`${prefix}.elsewhere`, newEvents(1, 'Held'));
    const stream = `${prefix}.followed`;
    const subscription = store.subscribeToStream(stream);
    const subscriber = consume(subscription);
    try {
      await store.append(stream, [newEvent('First')], { expectedRevision: 'no_stream' });
      // The whole log is withheld behind the open transaction; the stream is not.
      expect((await subscriber.waitFor(1)).map((e) => e.type)).toEqual(['First']);
      // A revision held open in a transaction keeps later writers of the stream waiting, so the
      // subscriber can never see revision 2 before revision 1.
      const client = await db.ownerPool.connect();
      await client.query('BEGIN');
      const held: Held = { client, events: [], commit: 0n, open: true };
      await appendInTransaction(client, stream, [newEvent('Second')], { expectedRevision: 0 });
      const third = store.append(stream, [newEvent('Third')], { expectedRevision: 'any' });
      await new Promise((r) => setTimeout(r, 200));
      expect(subscriber.events.map((e) => e.type)).toEqual(['First']);
      await finish(held, true);
      await third;
      expect((await subscriber.waitFor(3)).map((e) => [e.revision, e.type])).toEqual([[0, 'First'], [1, 'Second'], [2, 'Third']]);
    } finally {
      await subscription.close();
      await finish(elsewhere, true);
    }
  });

  it('never delivers a rolled-back transaction', async () => {
    const prefix = uniqueStream('vis');
    const ours = (e: RecordedEvent) => e.streamId.startsWith(prefix);
    const subscription = store.subscribeAll({ after: await store.headPosition(), filter: ours });
    const subscriber = consume(subscription);
    try {
      const held = await hold(`${prefix}.doomed`, newEvents(2, 'Doomed'));
      await store.append(`${prefix}.kept`, [newEvent('Kept')], { expectedRevision: 'no_stream' });
      await finish(held, false);
      await store.append(`${prefix}.kept`, [newEvent('Sentinel')], { expectedRevision: 0 });
      await subscriber.waitFor(2);
      expect(subscriber.events.map((e) => e.type)).toEqual(['Kept', 'Sentinel']);
      expect(await store.readStream(`${prefix}.doomed`)).toEqual([]);
    } finally {
      await subscription.close();
    }
  });

  const scenarioArb = fc.record({
    held: fc.array(fc.record({ commit: fc.boolean(), events: fc.integer({ min: 1, max: 3 }), finishRank: fc.nat(100) }), { minLength: 1, maxLength: 4 }),
    // Autocommitted appends after each step (each begin, then each finish).
    between: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 8, maxLength: 8 }),
  });

  it('delivers exactly the committed events, in log order, whatever the interleaving (property)', async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, async ({ held: plan, between }) => {
      const prefix = uniqueStream('vis');
      const ours = (e: RecordedEvent) => e.streamId.startsWith(prefix);
      const before = await store.headPosition();
      const subscription = store.subscribeAll({ after: before, filter: ours });
      const subscriber = consume(subscription);
      const helds: Held[] = [];
      let step = 0;
      const autocommit = async () => {
        for (let i = 0; i < between[step % between.length]; i++) {
          await store.append(`${prefix}.auto`, [newEvent('Auto')], { expectedRevision: 'any' });
        }
        step++;
        expectNothingPastOpen(subscriber, helds);
      };
      try {
        for (const [i, h] of plan.entries()) {
          helds.push(await hold(`${prefix}.held${i}`, newEvents(h.events, 'Held')));
          await autocommit();
        }
        const order = plan.map((h, i) => ({ ...h, i })).sort((a, b) => a.finishRank - b.finishRank || a.i - b.i);
        for (const h of order) {
          await finish(helds[h.i], h.commit);
          await autocommit();
        }
        const { position } = await store.append(`${prefix}.auto`, [newEvent('Sentinel')], { expectedRevision: 'any' });
        await waitUntilReadable(store, position);
        const { kept } = await readAllPages(store, before, 50, ours);
        const rolledBack = new Set(plan.flatMap((h, i) => (h.commit ? [] : helds[i].events.map((e) => e.id))));
        const committedHeld = plan.flatMap((h, i) => (h.commit ? helds[i].events.map((e) => e.id) : []));
        expect(kept.filter((e) => rolledBack.has(e.id))).toEqual([]);
        expect(kept.filter((e) => e.type === 'Held').map((e) => e.id).sort()).toEqual([...committedHeld].sort());
        expectStrictlyIncreasing(kept.map((e) => e.position));
        const delivered = await subscriber.waitFor(kept.length);
        expect(delivered).toEqual(kept);
        expect(comparePositions(delivered[delivered.length - 1].position, position)).toBe(0);
      } finally {
        await subscription.close();
        // A failed assertion must not leave transactions open on the shared server.
        for (const h of helds) if (h.open) await finish(h, false);
      }
      expect(subscriber.events.filter((e) => e.type === 'Sentinel')).toHaveLength(1);
    }), { numRuns: 15 });
  });

  const typedArb = fc.record({
    held: fc.array(fc.record({ commit: fc.boolean(), wanted: fc.boolean(), finishRank: fc.nat(100) }), { minLength: 1, maxLength: 4 }),
    // Autocommitted appends after each step: for each, whether it is of the wanted type.
    between: fc.array(fc.array(fc.boolean(), { maxLength: 3 }), { minLength: 8, maxLength: 8 }),
    limit: fc.integer({ min: 1, max: 3 }),
  });

  it('a read of some types only never passes an open transaction, and finds what it held once committed (property)', async () => {
    await fc.assert(fc.asyncProperty(typedArb, async ({ held: plan, between, limit }) => {
      const prefix = uniqueStream('vist');
      const [wanted, other] = [`Wanted${prefix.slice(-8)}`, `Other${prefix.slice(-8)}`];
      const before = await store.headPosition();
      let cursor = before;
      const followed: RecordedEvent[] = [];
      const helds: Held[] = [];
      // A worker's reads: page after page from where the last one was complete, until one is empty.
      const follow = async () => {
        for (;;) {
          const page = await store.readPage({ after: cursor, limit, types: [wanted] });
          followed.push(...page.events);
          const open = helds.filter((h) => h.open).map((h) => h.commit);
          if (page.through && open.length > 0) expect(page.through.commit < open.reduce((a, b) => (a < b ? a : b))).toBe(true);
          cursor = page.through;
          if (page.events.length === 0) return;
        }
      };
      let step = 0;
      const autocommit = async () => {
        for (const w of between[step++ % between.length]) await store.append(`${prefix}.auto`, [newEvent(w ? wanted : other)], { expectedRevision: 'any' });
        await follow();
      };
      try {
        for (const [i, h] of plan.entries()) {
          helds.push(await hold(`${prefix}.held${i}`, [newEvent(h.wanted ? wanted : other)]));
          await autocommit();
        }
        const order = plan.map((h, i) => ({ ...h, i })).sort((a, b) => a.finishRank - b.finishRank || a.i - b.i);
        for (const h of order) {
          await finish(helds[h.i], h.commit);
          await autocommit();
        }
        const { position } = await store.append(`${prefix}.auto`, [newEvent(other)], { expectedRevision: 'any' });
        await waitUntilReadable(store, position);
        await follow();
        const { kept } = await readAllPages(store, before, 50, (e) => e.type === wanted);
        expect(followed).toEqual(kept);
        expect(cursor && comparePositions(cursor, position)).toBeGreaterThanOrEqual(0);
      } finally {
        for (const h of helds) if (h.open) await finish(h, false);
      }
    }), { numRuns: 15 });
  });
});
