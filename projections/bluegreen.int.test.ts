import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { buildOf, eventually, itemsProjection, newEvent, rows, waitUntilServing } from './testing/fixtures';
import { ProjectionRunner } from './runner';
import type { Projection } from './types';

let db: TestDatabase;
let store: EventStore;
const runners: ProjectionRunner[] = [];
const cleanups: Array<() => void> = [];
const errors: string[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await store.close();
  await db.drop();
  expect(errors.splice(0)).toEqual([]);
});

function runner(projections: Projection[], batchSize = 2, eventStore = store): ProjectionRunner {
  const r = new ProjectionRunner(db.ownerPool, eventStore, projections, { batchSize, pollIntervalMs: 10, reconcileIntervalMs: 50, onError: (e, c) => errors.push(`${c}: ${e.message}`) });
  runners.push(r);
  return r;
}

async function set(id: string, value: number) {
  return (await store.append(`item-${id}`, [newEvent('ItemSet', { id, value })], { expectedRevision: 'any' })).position;
}

const readItems = () => rows(db.ownerPool, 'SELECT * FROM read.items ORDER BY id');
const schemaExists = async (schema: string) =>
  (await db.ownerPool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount === 1;

describe('blue/green rebuilds', () => {
  it('builds a raised version beside the serving one, which keeps serving (and updating) until the views switch', async () => {
    await set('a', 1);
    const oldCode = runner([itemsProjection()]);
    await oldCode.start();
    expect(await oldCode.waitFor(await set('b', 2), ['items'], 10_000)).toBe(true);

    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    cleanups.push(() => release());
    // Held before reading, not inside a batch: an open batch transaction would hold back the
    // visibility of every later event, the old build's included.
    const gated: EventStore = { ...store, readPage: async (options) => { await gate; return store.readPage(options); } };
    const newCode = runner([itemsProjection({ version: 2, extraColumn: true })], 2, gated);
    await newCode.start();
    expect(await buildOf(db.ownerPool, 'proj_items_v2')).toMatchObject({ status: 'building' });

    // While v2 is held mid-build, read.items is v1 and still follows the log through the old code.
    const during = await set('c', 3);
    expect(await oldCode.waitFor(during, ['items'], 10_000)).toBe(true);
    expect(await readItems()).toEqual([
      { id: 'a', ecosystem_id: expect.any(String), value: 1, updates: 1 },
      { id: 'b', ecosystem_id: expect.any(String), value: 2, updates: 1 },
      { id: 'c', ecosystem_id: expect.any(String), value: 3, updates: 1 },
    ]);
    expect(await newCode.waitFor(during, ['items'], 50)).toBe(true);

    release();
    await waitUntilServing(db.ownerPool, 'proj_items_v2');
    expect(await buildOf(db.ownerPool, 'proj_items_v1')).toMatchObject({ status: 'retired' });
    expect((await readItems()).map((r) => [r.id, r.value, r.label])).toEqual([['a', 1, 'v1'], ['b', 2, 'v2'], ['c', 3, 'v3']]);
    await eventually('the retired schema to be dropped', async () => !(await schemaExists('proj_items_v1')));

    // Both processes now wait on v2, which the new code applies.
    const after = await set('d', 4);
    expect(await newCode.waitFor(after, ['items'], 10_000)).toBe(true);
    expect(await oldCode.waitFor(after, ['items'], 10_000)).toBe(true);
    expect((await readItems()).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('rebuilds the serving version on request into a second schema and switches to it', async () => {
    for (let i = 0; i < 7; i++) await set(`r${i}`, i);
    const r = runner([itemsProjection()], 3);
    await r.start();
    expect(await r.waitFor(await set('r7', 7), ['items'], 10_000)).toBe(true);
    const before = await readItems();

    const [schema] = await r.rebuild(['items']);
    expect(schema).toBe('proj_items_v1_r2');
    await waitUntilServing(db.ownerPool, schema);
    expect(await readItems()).toEqual(before);
    expect(await buildOf(db.ownerPool, schema)).toMatchObject({ version: 1, generation: 2, eventsProcessed: 8 });
    await eventually('the first build to be dropped', async () => !(await schemaExists('proj_items_v1')));

    const view = await db.ownerPool.query<{ options: string[]; comment: string }>(
      `SELECT c.reloptions AS options, col_description(c.oid, a.attnum) AS comment
         FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'value'
        WHERE c.oid = 'read.items'::regclass`);
    expect(view.rows[0]).toEqual({ options: ['security_invoker=true'], comment: 'Current value.' });
  });

  it('leaves a newer version alone when older code starts, and waits on the build that serves', async () => {
    const newer = runner([itemsProjection({ version: 2, extraColumn: true })]);
    await newer.start();
    const pos = await set('x', 1);
    expect(await newer.waitFor(pos, ['items'], 10_000)).toBe(true);

    const older = runner([itemsProjection()]);
    await older.start();
    expect(await older.waitFor(pos, ['items'], 1_000)).toBe(true);
    await expect(older.rebuild(['items'])).rejects.toThrow(/database has version 2/);
    const builds = await db.ownerPool.query('SELECT schema_name, status FROM projections.checkpoints ORDER BY schema_name');
    expect(builds.rows).toEqual([{ schema_name: 'proj_items_v2', status: 'serving' }]);
  });
});
