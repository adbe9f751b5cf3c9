import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Position } from '../domain/shared/events';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { buildOf, eventually, itemsProjection, newEvent, rows } from './testing/fixtures';
import { ProjectionRunner, type ProjectionRunnerOptions } from './runner';
import type { Projection } from './types';

let db: TestDatabase;
let store: EventStore;
const runners: ProjectionRunner[] = [];
const cleanups: Array<() => void> = [];
/** Errors the runners reported; a test that provokes them sets `expectErrors`. */
const errors: string[] = [];
let expectErrors = false;

// A fresh database per test: the scripts below count events from an empty log.
beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await store.close();
  await db.drop();
  const reported = errors.splice(0);
  if (!expectErrors) expect(reported).toEqual([]);
  expectErrors = false;
});

function runner(projections: Projection[], options: ProjectionRunnerOptions = {}): ProjectionRunner {
  const r = new ProjectionRunner(db.ownerPool, store, projections, { pollIntervalMs: 10, reconcileIntervalMs: 50, onError: (e, c) => errors.push(`${c}: ${e.message}`), ...options });
  runners.push(r);
  return r;
}

/**
 * Ten events on two items: sets, increments and a delete, and one event of a type the items
 * projection does not consume ('Unrelated', the 4th): its workers never fetch it (decision 0026),
 * so they process 9. Returns the last position.
 */
async function appendScript(prefix: string): Promise<Position> {
  const a = `${prefix}a`;
  const b = `${prefix}b`;
  await store.append(`item-${a}`, [newEvent('ItemSet', { id: a, value: 1 }), newEvent('ItemIncremented', { id: a, by: 2 })], { expectedRevision: 'any' });
  await store.append(`item-${b}`, [newEvent('ItemSet', { id: b, value: 10 }), newEvent('Unrelated', {})], { expectedRevision: 'any' });
  await store.append(`item-${a}`, [newEvent('ItemIncremented', { id: a, by: 3 }), newEvent('ItemSet', { id: a, value: 7 })], { expectedRevision: 'any' });
  await store.append(`item-${b}`, [newEvent('ItemIncremented', { id: b, by: 5 }), newEvent('ItemDeleted', { id: b })], { expectedRevision: 'any' });
  const last = await store.append(`item-${b}`, [newEvent('ItemSet', { id: b, value: 4 }), newEvent('ItemIncremented', { id: a, by: 1 })], { expectedRevision: 'any' });
  return last.position;
}

const itemRows = (schema: string) => rows(db.ownerPool, `SELECT id, value, updates FROM "${schema}".items ORDER BY id`);

describe('ProjectionRunner', () => {
  it('applies events live, stores the checkpoint with the rows, and waitFor resolves once caught up', async () => {
    const r = runner([itemsProjection()], { batchSize: 3 });
    await r.start();
    const last = await appendScript('live-');
    expect(await r.waitFor(last, ['items'], 10_000)).toBe(true);
    expect(await itemRows('proj_items_v1')).toEqual([
      { id: 'live-a', value: 8, updates: 5 },
      { id: 'live-b', value: 4, updates: 1 },
    ]);
    const build = await buildOf(db.ownerPool, 'proj_items_v1');
    expect(build).toMatchObject({ status: 'serving', eventsProcessed: 9, position: last, lastError: null });
    expect(await rows(db.ownerPool, 'SELECT id, value FROM read.items ORDER BY id')).toEqual([
      { id: 'live-a', value: 8 }, { id: 'live-b', value: 4 },
    ]);
  });

  it('waitFor answers false when the timeout passes before the projection reaches the position', async () => {
    const r = runner([itemsProjection()]);
    await r.start();
    const head = await appendScript('wait-');
    expect(await r.waitFor(head, undefined, 5_000)).toBe(true);
    const beyond = { commit: head.commit + 1_000_000n, prepare: 0n };
    const started = Date.now();
    expect(await r.waitFor(beyond, ['items'], 150)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await expect(r.waitFor(head, ['nope'], 10)).rejects.toThrow(/unknown projection/);
  });

  it('never half-applies a batch whose handler throws, and a new runner resumes to the uninterrupted result', async () => {
    const last = await appendScript('crash-');
    // Reference: the same events applied without interruption, by a projection of another name.
    const reference = runner([itemsProjection({ name: 'reference' })], { batchSize: 4 });
    await reference.start();
    expect(await reference.waitFor(last, ['reference'], 10_000)).toBe(true);
    await reference.stop();

    // Batches of 4 events: the 7th handled event fails inside the second batch, after writes of that batch.
    expectErrors = true;
    let failures = 0;
    const crashing = itemsProjection({
      beforeEvent: async (_type, handled) => {
        if (handled >= 7) {
          failures += 1;
          throw new Error('handler crashed');
        }
      },
    });
    // Batches end at 4 events only: not earlier on a machine slow enough to reach maxBatchMs.
    const first = runner([crashing], { batchSize: 4, maxBackoffMs: 20, maxBatchMs: 60_000 });
    await first.start();
    await eventually('the failure to be recorded', async () => (await buildOf(db.ownerPool, 'proj_items_v1'))?.lastError);
    const stuck = await buildOf(db.ownerPool, 'proj_items_v1');
    // Only the first batch (4 events) is in: none of the second batch's writes before the failure.
    expect(stuck).toMatchObject({ eventsProcessed: 4, lastError: 'handler crashed' });
    expect(await itemRows('proj_items_v1')).toEqual([{ id: 'crash-a', value: 6, updates: 3 }, { id: 'crash-b', value: 10, updates: 1 }]);
    expect(failures).toBeGreaterThan(0);
    expect(errors).toContain('proj_items_v1: handler crashed');
    expect(await first.waitFor(last, ['items'], 100)).toBe(false);
    await first.stop();

    const second = runner([itemsProjection()], { batchSize: 4 });
    await second.start();
    expect(await second.waitFor(last, ['items'], 10_000)).toBe(true);
    expect(await itemRows('proj_items_v1')).toEqual(await itemRows('proj_reference_v1'));
    expect(await buildOf(db.ownerPool, 'proj_items_v1')).toMatchObject({ eventsProcessed: 9, lastError: null, position: last });
  });

  it('survives its connection being killed in the middle of a batch: nothing of the batch stays, the retry completes it', async () => {
    expectErrors = true;
    const last = await appendScript('kill-');
    let backendPid = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    cleanups.push(() => release());
    let reached: () => void = () => undefined;
    const atBatch = new Promise<void>((resolve) => { reached = resolve; });
    const killable = itemsProjection({
      beforeEvent: async (_type, handled, client) => {
        // The 6th handled event is mid-way through the second batch of 4, after two of its writes.
        if (handled !== 6) return;
        backendPid = Number((await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid);
        reached();
        await gate;
      },
    });
    const r = runner([killable], { batchSize: 4, maxBackoffMs: 20, maxBatchMs: 60_000 });
    await r.start();
    await atBatch;
    await db.ownerPool.query('SELECT pg_terminate_backend($1)', [backendPid]);
    // The transaction died with its connection: only the first batch is visible.
    expect(await buildOf(db.ownerPool, 'proj_items_v1')).toMatchObject({ eventsProcessed: 4 });
    expect(await itemRows('proj_items_v1')).toEqual([{ id: 'kill-a', value: 6, updates: 3 }, { id: 'kill-b', value: 10, updates: 1 }]);
    release();
    expect(await r.waitFor(last, ['items'], 10_000)).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
    expect(await itemRows('proj_items_v1')).toEqual([{ id: 'kill-a', value: 8, updates: 5 }, { id: 'kill-b', value: 4, updates: 1 }]);
    expect(await buildOf(db.ownerPool, 'proj_items_v1')).toMatchObject({ eventsProcessed: 9, lastError: null });
  });

  it('lets one of two runners lead a build, the other standing by until it stops, with no event applied twice', async () => {
    const one = runner([itemsProjection()], { batchSize: 2 });
    const two = runner([itemsProjection()], { batchSize: 2 });
    await one.start();
    await two.start();
    const last = await appendScript('pair-');
    expect(await two.waitFor(last, ['items'], 10_000)).toBe(true);
    const leases = await db.ownerPool.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = 727201 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
    expect(leases.rows[0].n).toBe(1);
    await one.stop();
    const more = await store.append('item-pair-c', [newEvent('ItemSet', { id: 'pair-c', value: 1 })], { expectedRevision: 'any' });
    expect(await two.waitFor(more.position, ['items'], 10_000)).toBe(true);
    // Counting updates shows that no event was applied twice.
    expect(await itemRows('proj_items_v1')).toEqual([
      { id: 'pair-a', value: 8, updates: 5 }, { id: 'pair-b', value: 4, updates: 1 }, { id: 'pair-c', value: 1, updates: 1 },
    ]);
  });

  it('commits a batch early once its handlers have run for maxBatchMs, so no transaction stays open long', async () => {
    const last = await appendScript('slow-');
    const slow = itemsProjection({ beforeEvent: () => new Promise((resolve) => setTimeout(resolve, 25)) });
    const r = runner([slow], { batchSize: 10, maxBatchMs: 40 });
    const steps: number[] = [];
    r.onProgress((p) => steps.push(p.eventsProcessed));
    await r.start();
    expect(await r.waitFor(last, ['items'], 10_000)).toBe(true);
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.at(-1)).toBe(9);
    expect(await itemRows('proj_items_v1')).toEqual([{ id: 'slow-a', value: 8, updates: 5 }, { id: 'slow-b', value: 4, updates: 1 }]);
  });

  it('reports position, lag and state per projection', async () => {
    const last = await appendScript('status-');
    const r = runner([itemsProjection()]);
    // Eventually: events become readable only once every older transaction in the cluster has ended.
    const before = await eventually('the log to be readable', async () => {
      const s = await r.status();
      return s[0]?.lag === 10 ? s : null;
    });
    expect(before).toEqual([expect.objectContaining({ name: 'items', status: 'not started', lag: 10, codeVersion: 1 })]);
    await r.start();
    expect(await r.waitFor(last, ['items'], 10_000)).toBe(true);
    expect(await r.status()).toEqual([expect.objectContaining({
      name: 'items', schema: 'proj_items_v1', version: 1, status: 'serving', position: last, eventsProcessed: 9, lag: 0,
    })]);
  });
});
