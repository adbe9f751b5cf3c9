/**
 * Many writers at once on the PostgreSQL store (issue 2, section 2): across several pools, some to
 * the same stream with expected revisions, nothing is lost or doubled, every conflict is reported,
 * and readers (readAll and a live subscriber) see exactly the committed events in one order.
 * The visibility rule under held-open and rolled-back transactions is in postgres.visibility.int.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, type NewEvent, type Position, type RecordedEvent } from '../../domain/shared/events';
import { createPool, type Pool } from '../../infra/db/pool';
import { appendInTransaction, createPostgresEventStore } from '../../infra/eventstore/postgres';
import { WrongExpectedRevisionError, type AppendResult, type EventStore, type ExpectedRevision } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../setup/db';
import { asWritten, consume, expectStrictlyIncreasing, newEvent, newEvents, readAllPages, settlesWithin, uniqueStream, waitUntilReadable } from './helpers';

let db: TestDatabase;
let secondPool: Pool;
let thirdPool: Pool;
let stores: EventStore[];
beforeAll(async () => {
  db = await createTestDatabase();
  secondPool = createPool(db.url, 8, 'test-second');
  thirdPool = createPool(db.url, 8, 'test-third');
  // Three pools: writers that share no connection and no client-side state.
  stores = [db.ownerPool, secondPool, thirdPool].map((pool) => createPostgresEventStore(pool, { pollIntervalMs: 100 }));
});
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await Promise.all([secondPool.end(), thirdPool.end()]);
  await db.drop();
});

type Expectation = 'any' | 'no_stream' | 'stream_exists' | 'observed' | 'zero';
interface PlannedAppend { stream: number; count: number; expectation: Expectation; store: number }

const planArb = fc.record({
  streams: fc.integer({ min: 1, max: 4 }),
  appends: fc.array(fc.record({
    stream: fc.nat(),
    count: fc.integer({ min: 1, max: 3 }),
    // 'observed' reads the stream just before appending, the way the command bus does, so it races.
    expectation: fc.constantFrom<Expectation>('any', 'no_stream', 'stream_exists', 'observed', 'observed', 'zero'),
    store: fc.nat(),
  }), { minLength: 20, maxLength: 50 }),
});

interface Outcome { plan: PlannedAppend; stream: string; events: NewEvent[]; expected: ExpectedRevision; result?: AppendResult; conflict?: WrongExpectedRevisionError }

async function runOne(plan: PlannedAppend, stream: string): Promise<Outcome> {
  const store = stores[plan.store % stores.length];
  const events = newEvents(plan.count, 'Raced');
  let expected: ExpectedRevision;
  if (plan.expectation === 'observed') {
    const current = await store.readStream(stream);
    expected = current.length ? current.length - 1 : 'no_stream';
  } else {
    expected = plan.expectation === 'zero' ? 0 : plan.expectation;
  }
  try {
    return { plan, stream, events, expected, result: await store.append(stream, events, { expectedRevision: expected }) };
  } catch (err) {
    if (err instanceof WrongExpectedRevisionError) return { plan, stream, events, expected, conflict: err };
    throw err;
  }
}

function checkConflict(o: Outcome): void {
  const { expected, conflict } = o;
  expect(conflict?.stream).toBe(o.stream);
  if (expected === 'no_stream') expect(conflict?.actual).not.toBe('no_stream');
  else if (expected === 'stream_exists') expect(conflict?.actual).toBe('no_stream');
  else expect(conflict?.actual).not.toBe(expected);
}

function checkStream(stream: string, read: RecordedEvent[], outcomes: Outcome[]): void {
  const won = outcomes.filter((o) => o.stream === stream && o.result);
  expect(read.map((e) => e.revision)).toEqual([...read.keys()]);
  expect(read.length).toBe(won.reduce((n, o) => n + o.events.length, 0));
  for (const o of won) {
    const result = o.result as AppendResult;
    const first = result.nextRevision - o.events.length + 1;
    expect(read.slice(first, result.nextRevision + 1).map(asWritten)).toEqual(o.events);
    expect(read[result.nextRevision].position).toEqual(result.position);
    if (typeof o.expected === 'number') expect(first).toBe(o.expected + 1);
    if (o.expected === 'no_stream') expect(first).toBe(0);
    if (o.expected === 'stream_exists') expect(first).toBeGreaterThan(0);
  }
}

describe('PostgreSQL event store under concurrent writers', () => {
  it('loses nothing, doubles nothing and reports every conflict (property)', async () => {
    await fc.assert(fc.asyncProperty(planArb, async ({ streams: streamCount, appends }) => {
      const streams = Array.from({ length: streamCount }, () => uniqueStream('race'));
      const ours = (e: RecordedEvent) => streams.includes(e.streamId);
      const before = await stores[0].headPosition();
      const subscription = stores[1].subscribeAll({ after: before, filter: ours });
      const subscriber = consume(subscription);
      try {
        const settled = await Promise.allSettled(appends.map((plan) => runOne(plan, streams[plan.stream % streamCount])));
        const outcomes = settled.map((s) => {
          if (s.status === 'rejected') throw s.reason;
          return s.value;
        });
        const successes = outcomes.filter((o) => o.result).length;
        const conflicts = outcomes.filter((o) => o.conflict);
        expect(successes + conflicts.length).toBe(appends.length);
        conflicts.forEach(checkConflict);

        const committed: RecordedEvent[] = [];
        for (const stream of streams) {
          const read = await stores[2].readStream(stream);
          checkStream(stream, read, outcomes);
          expect(outcomes.filter((o) => o.stream === stream && o.expected === 'no_stream' && o.result).length).toBeLessThanOrEqual(1);
          committed.push(...read);
        }
        const newest = committed.map((e) => e.position).reduce<Position | null>((a, b) => (a && comparePositions(a, b) >= 0 ? a : b), null);
        if (newest) await waitUntilReadable(stores[0], newest);
        const { kept } = await readAllPages(stores[0], before, 7, ours);
        expectStrictlyIncreasing(kept.map((e) => e.position));
        expect(new Set(kept.map((e) => e.id))).toEqual(new Set(committed.map((e) => e.id)));
        expect(kept).toHaveLength(committed.length);
        const delivered = await subscriber.waitFor(committed.length);
        expect(delivered).toEqual(kept);
      } finally {
        await subscription.close();
      }
      // A subscriber that delivered too much would show it here, after the wait above.
      expect(subscriber.events.length).toBe(new Set(subscriber.events.map((e) => e.id)).size);
    }), { numRuns: 12 });
  });

  it('lets writers to other streams proceed while one transaction holds a stream', async () => {
    const [held, other] = [uniqueStream('lock'), uniqueStream('lock')];
    const client = await db.ownerPool.connect();
    try {
      await client.query('BEGIN');
      await appendInTransaction(client, held, [newEvent()], { expectedRevision: 'no_stream' });
      // No global lock: another stream's append completes while the transaction is still open...
      await settlesWithin(stores[1].append(other, [newEvent()], { expectedRevision: 'no_stream' }), 5000, 'an append to another stream');
      // ...while a writer to the same stream waits for it, then lands behind it.
      let landed = false;
      const sameStream = stores[2].append(held, [newEvent()], { expectedRevision: 'any' }).then((r) => { landed = true; return r; });
      await new Promise((r) => setTimeout(r, 200));
      expect(landed).toBe(false);
      await client.query('COMMIT');
      expect((await settlesWithin(sameStream, 5000, 'the waiting writer')).nextRevision).toBe(1);
    } finally {
      client.release();
    }
  });

  it('reports a conflict to a writer that waited for a transaction taking the same revision', async () => {
    const stream = uniqueStream('lock');
    const client = await db.ownerPool.connect();
    try {
      await client.query('BEGIN');
      await appendInTransaction(client, stream, [newEvent()], { expectedRevision: 'no_stream' });
      const waiting = stores[1].append(stream, [newEvent()], { expectedRevision: 'no_stream' }).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 100));
      await client.query('COMMIT');
      expect(await settlesWithin(waiting, 5000, 'the waiting writer')).toMatchObject({ expected: 'no_stream', actual: 0 });
      expect(await stores[0].readStream(stream)).toHaveLength(1);
    } finally {
      client.release();
    }
  });
});
