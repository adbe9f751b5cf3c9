/**
 * The reactor runner (docs/decisions/0069) on the real PostgreSQL, with a toy reactor: each ItemSet
 * makes it run Tally (one Tallied event in the stream `tally-items`). Effects happen once per event
 * even when events are delivered again; transient failures are retried and hold the checkpoint; an
 * event that fails its schema or a command the domain refuses stops only the reactor, FAILED at
 * that event, until an operator retries or skips; two processes act once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Aggregate, CommandHandler, DomainEvent } from '../../domain/shared/decider';
import { domainEventTypes } from '../../domain/registry';
import { IllegalStateError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';
import { CommandBus } from '../../infra/commandbus';
import { createPostgresEventStore, type EventTypes } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { formatPosition, reactorTable } from '../cli-output';
import { ProjectionRunner } from '../runner';
import { eventually, newEvent, TENANT_A } from '../testing/fixtures';
import type { Projection } from '../types';
import { getReactor } from './checkpoints';
import { retryReactor, skipReactorEvent } from './operations';
import { readReactorStatus } from './status';
import type { Reactor } from './types';

const talliedSchema = z.object({ key: z.string(), n: z.number().int() });
const schemas = { ...domainEventTypes().schemas, ItemSet: z.object({ id: z.string(), value: z.number().int() }), Noted: z.object({ text: z.string() }), Tallied: talliedSchema };
const types: EventTypes = { schemas, upcasters: domainEventTypes().upcasters };

type Tallied = DomainEvent<'Tallied', z.output<typeof talliedSchema>>;
const tallyAggregate: Aggregate<{ count: number }, Tallied> = {
  category: 'tally', initialState: { count: 0 }, evolve: (s) => ({ count: s.count + 1 }), eventSchemas: { Tallied: talliedSchema },
};
/** Refuses negative numbers while `refuse.negative` (a domain rule a later fix may change). */
const refuse = { negative: true };
const tally: CommandHandler<z.output<typeof talliedSchema>, { count: number }, Tallied> = {
  type: 'Tally', input: talliedSchema, aggregate: tallyAggregate, aggregateId: (i) => i.key, ecosystemId: () => TENANT_A,
  decide: (i) => {
    if (i.n < 0 && refuse.negative) throw new IllegalStateError(commonMessages.invalidInput, 'NEGATIVE');
    return [{ type: 'Tallied', data: i }];
  },
};

/** Throws like a lost database while `transient.failing`. */
const transient = { failing: false };
const talliesReactor: Reactor = {
  name: 'tallies',
  handlers: {
    async ItemSet(event, ctx) {
      if (transient.failing) throw new Error('connection terminated unexpectedly');
      await ctx.execute(tally, { key: 'items', n: (event.data as { value: number }).value }, 'tally');
    },
  },
};

/** Reads Noted only: it goes on whatever the reactor meets. */
const notesProjection: Projection = {
  name: 'notes', version: 1, exposedTables: ['notes'],
  tables: (schema) => `CREATE TABLE "${schema}".notes (id uuid PRIMARY KEY, ecosystem_id uuid, text text NOT NULL)`,
  handlers: {
    async Noted(event, ctx) {
      await ctx.client.query(`INSERT INTO ${ctx.table('notes')} VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [event.id, event.metadata.ecosystemId, (event.data as { text: string }).text]);
    },
  },
};

let db: TestDatabase;
let store: EventStore;
const runners: ProjectionRunner[] = [];
const errors: string[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool, types);
  refuse.negative = true;
  transient.failing = false;
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await store.close();
  await db.drop();
  errors.splice(0);
});

function runner(): ProjectionRunner {
  const r = new ProjectionRunner(db.ownerPool, store, [notesProjection], {
    batchSize: 50, pollIntervalMs: 10, reconcileIntervalMs: 50, maxBackoffMs: 200, onError: (e, c) => errors.push(`${c}: ${e.message}`),
    reactors: { bus: new CommandBus(store), reactors: [talliesReactor] },
  });
  runners.push(r);
  return r;
}

async function append(type: string, data: unknown) {
  return (await store.append(`thing-${crypto.randomUUID()}`, [newEvent(type, data)], { expectedRevision: 'no_stream' })).position;
}

async function tallied(): Promise<number[]> {
  return (await store.readStream('tally-items')).map((e) => (e.data as { n: number }).n);
}

/** A bad ItemSet as a hand-made row would leave it: `value` is not a number. */
async function insertBadItemSet(): Promise<string> {
  const e = newEvent('ItemSet', { id: 'bad', value: 'three' });
  const r = await db.ownerPool.query<{ commit: string; prepare: string }>(
    `INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES ('item-bad', 0, $1, $2, $3, $4)
     RETURNING transaction_id::text AS commit, global_position::text AS prepare`,
    [e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)]);
  return `${r.rows[0].commit}/${r.rows[0].prepare}`;
}

describe('a reactor', () => {
  it('acts on each event once, in log order, and a replay of the same events writes nothing twice', async () => {
    const first = runner();
    await first.start();
    for (const value of [1, 2, 3]) await append('ItemSet', { id: `i${value}`, value });
    const last = await append('Noted', { text: 'end' });
    expect(await first.waitFor(last, ['tallies', 'notes'], 10_000)).toBe(true);
    expect(await tallied()).toEqual([1, 2, 3]);
    await first.stop();
    // Delivered again from the start, as after a checkpoint lost before it was written.
    await db.ownerPool.query(`UPDATE projections.reactor_checkpoints SET commit = NULL, prepare = NULL WHERE name = 'tallies'`);
    const again = runner();
    await again.start();
    expect(await again.waitFor(last, ['tallies'], 10_000)).toBe(true);
    expect(await tallied()).toEqual([1, 2, 3]);
    expect((await getReactor(db.ownerPool, 'tallies'))?.eventsProcessed).toBe(6);
  });

  it('waitFor a reactor waits for the read models to reach what its commands appended', async () => {
    const r = runner();
    await r.start();
    const at = await append('ItemSet', { id: 'a', value: 7 });
    expect(await r.waitFor(at, ['tallies'], 10_000)).toBe(true);
    const row = await getReactor(db.ownerPool, 'tallies');
    const effect = (await store.readStream('tally-items'))[0].position;
    expect(row?.effects).toEqual(effect);
  });

  it('retries a transient failure with back-off, the checkpoint held before the event until it succeeds', async () => {
    const r = runner();
    await r.start();
    transient.failing = true;
    const at = await append('ItemSet', { id: 'a', value: 5 });
    const stuck = await eventually('the error recorded', async () => {
      const row = await getReactor(db.ownerPool, 'tallies');
      return row?.lastError ? row : null;
    });
    expect(stuck.lastError).toContain('connection terminated');
    expect(stuck.position === null || formatPosition(stuck.position) !== formatPosition(at)).toBe(true);
    expect(await tallied()).toEqual([]);
    transient.failing = false;
    expect(await r.waitFor(at, ['tallies'], 10_000)).toBe(true);
    expect(await tallied()).toEqual([5]);
    expect((await getReactor(db.ownerPool, 'tallies'))?.lastError).toBeNull();
  });

  it('stops only itself at an event that fails its schema, FAILED with its position, until an operator skips it', async () => {
    const r = runner();
    await r.start();
    await append('ItemSet', { id: 'a', value: 1 });
    const bad = await insertBadItemSet();
    await append('ItemSet', { id: 'b', value: 2 });
    const last = await append('Noted', { text: 'after' });
    // The projection goes on; the reactor does not get there.
    expect(await r.waitFor(last, ['notes'], 10_000)).toBe(true);
    const failed = await eventually('the reactor to fail', async () => (await getReactor(db.ownerPool, 'tallies'))?.failure);
    expect(formatPosition(failed.position)).toBe(bad);
    expect(failed).toMatchObject({ eventType: 'ItemSet', error: expect.stringMatching(/value/) });
    expect(await tallied()).toEqual([1]);
    expect(await r.waitFor(last, ['tallies'], 300)).toBe(false);
    const status = await readReactorStatus(db.ownerPool, store, ['tallies'], async () => null);
    expect(status).toMatchObject([{ name: 'tallies', status: 'FAILED' }]);
    expect(reactorTable(status)).toContain(`FAILED at ${bad}`);

    const [commit, prepare] = bad.split('/').map(BigInt);
    await skipReactorEvent({ db: db.ownerPool, store, bus: new CommandBus(store) }, 'tallies', { commit, prepare }, 'alice');
    expect(await r.waitFor(last, ['tallies'], 10_000)).toBe(true);
    expect(await tallied()).toEqual([1, 2]);
    expect((await getReactor(db.ownerPool, 'tallies'))?.skipped).toMatchObject([{ position: bad, operator: 'alice', eventType: 'ItemSet' }]);
    expect((await store.readStream('projection-tallies')).map((e) => e.type)).toEqual(['ProjectionEventSkipped']);
  });

  it('stops at a command the domain refuses, and acts on it again after a fix and a retry', async () => {
    const r = runner();
    await r.start();
    const at = await append('ItemSet', { id: 'a', value: -1 });
    const failed = await eventually('the reactor to fail', async () => (await getReactor(db.ownerPool, 'tallies'))?.failure);
    expect(failed.error).toBe(new IllegalStateError(commonMessages.invalidInput, 'NEGATIVE').message);
    expect(failed.eventType).toBe('ItemSet');
    expect(await tallied()).toEqual([]);
    refuse.negative = false;
    expect(await retryReactor(db.ownerPool, 'tallies')).toBe(true);
    expect(await r.waitFor(at, ['tallies'], 10_000)).toBe(true);
    expect(await tallied()).toEqual([-1]);
  });

  it('acts once when two processes run it (the lease), each waiting for the other', async () => {
    const [a, b] = [runner(), runner()];
    await a.start();
    await b.start();
    let last = await append('ItemSet', { id: 'x0', value: 0 });
    for (let i = 1; i < 6; i++) last = await append('ItemSet', { id: `x${i}`, value: i });
    expect(await a.waitFor(last, ['tallies'], 10_000)).toBe(true);
    expect(await b.waitFor(last, ['tallies'], 10_000)).toBe(true);
    expect(await tallied()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
