/**
 * A view switch beside a long reader (docs/decisions/0004, "Locks of a switch"): an analyst's
 * transaction holds read.items open while a new version of `items` has caught up and wants to
 * switch. The switch must never hold a checkpoint row while it waits for the view, readers must
 * not queue behind it, batches of every build (the same projection's serving one included) must
 * keep committing, and the switch must happen once the reader ends.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PoolClient } from 'pg';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { ProjectionRunner } from './runner';
import { buildOf, eventually, itemsProjection, newEvent, waitUntilServing } from './testing/fixtures';
import type { Projection } from './types';

/** `tallies`: another projection over the same events, to show that other builds keep moving. */
const talliesProjection: Projection = {
  name: 'tallies', version: 1, exposedTables: ['tallies'],
  tables: (schema) => `CREATE TABLE "${schema}".tallies (id text PRIMARY KEY, ecosystem_id uuid, sets integer NOT NULL)`,
  handlers: {
    async ItemSet(event, ctx) {
      await ctx.client.query(
        `INSERT INTO ${ctx.table('tallies')} VALUES ($1, $2, 1) ON CONFLICT (id) DO UPDATE SET sets = tallies.sets + 1`,
        [(event.data as { id: string }).id, event.metadata.ecosystemId]);
    },
  },
};

let db: TestDatabase;
let store: EventStore;
const runners: ProjectionRunner[] = [];
const errors: string[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await store.close();
  await db.drop();
  expect(errors.splice(0)).toEqual([]);
});

function runner(projections: Projection[]): ProjectionRunner {
  const r = new ProjectionRunner(db.ownerPool, store, projections, {
    batchSize: 5, pollIntervalMs: 10, reconcileIntervalMs: 50, onError: (e, c) => errors.push(`${c}: ${e.message}`),
  });
  runners.push(r);
  return r;
}

const set = async (id: string, value: number) =>
  (await store.append(`item-${id}`, [newEvent('ItemSet', { id, value })], { expectedRevision: 'any' })).position;

/** A reader as the API reads: app_api, one transaction, tenant settings, a lock timeout it would hit if held up. */
async function readAsApi<T>(fn: (client: PoolClient) => Promise<T>, lockTimeout = '1500ms'): Promise<T> {
  const client = await db.apiPool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL lock_timeout = '${lockTimeout}'`);
    await client.query(`SELECT set_config('app.platform_admin', 'on', true)`);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } finally {
    client.release();
  }
}

/**
 * Sessions that hold a lock on projections.checkpoints (a row lock's table lock) while waiting for
 * a lock on a read view: exactly what a switch must never do.
 */
async function rowHoldersWaitingForViews(): Promise<number> {
  const r = await db.ownerPool.query<{ n: number }>(`
    SELECT count(*)::int AS n FROM pg_locks waiting
     WHERE NOT waiting.granted AND waiting.relation IN (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'read')
       AND EXISTS (SELECT 1 FROM pg_locks held WHERE held.pid = waiting.pid AND held.granted
                     AND held.relation = 'projections.checkpoints'::regclass)`);
  return r.rows[0].n;
}

describe('a view switch beside a long reader', () => {
  it('holds nobody up, and switches once the reader ends', async () => {
    for (let i = 0; i < 6; i++) await set(`i${i}`, i);
    const oldCode = runner([itemsProjection(), talliesProjection]);
    await oldCode.start();
    expect(await oldCode.waitFor(await set('i6', 6), ['items', 'tallies'], 10_000)).toBe(true);

    const analyst = await db.apiPool.connect();
    let sampling = true;
    let violations = 0;
    const sampler = (async () => {
      while (sampling) {
        violations += await rowHoldersWaitingForViews();
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    try {
      await analyst.query('BEGIN READ ONLY');
      await analyst.query(`SELECT set_config('app.platform_admin', 'on', true)`);
      expect((await analyst.query('SELECT count(*)::int AS n FROM read.items')).rows[0].n).toBe(7);

      const newCode = runner([itemsProjection({ version: 2, extraColumn: true }), talliesProjection]);
      await newCode.start();
      // v2 catches up and tries to switch, again and again, while the analyst reads.
      await eventually('v2 to catch up', async () => (await buildOf(db.ownerPool, 'proj_items_v2'))?.eventsProcessed === 7);

      for (let round = 0; round < 10; round++) {
        const position = await set(`j${round}`, round);
        // Other readers of the same view are not queued behind the switch (their lock timeout would fire).
        const seen = await readAsApi(async (c) => (await c.query('SELECT count(*)::int AS n FROM read.items')).rows[0].n as number);
        expect(seen).toBeGreaterThanOrEqual(7 + round);
        // Batches go on: the serving v1 of the same projection (old code), and the other projection.
        expect(await oldCode.waitFor(position, ['items', 'tallies'], 10_000)).toBe(true);
        expect(await newCode.waitFor(position, ['tallies'], 10_000)).toBe(true);
      }
      // The new build keeps following the log too; it only cannot switch yet.
      await eventually('v2 to follow', async () => (await buildOf(db.ownerPool, 'proj_items_v2'))?.eventsProcessed === 17);
      expect(await buildOf(db.ownerPool, 'proj_items_v2')).toMatchObject({ status: 'building' });
      expect(await buildOf(db.ownerPool, 'proj_items_v1')).toMatchObject({ status: 'serving' });
      await analyst.query('COMMIT');
    } finally {
      analyst.release();
      sampling = false;
      await sampler;
    }
    expect(violations).toBe(0);

    await waitUntilServing(db.ownerPool, 'proj_items_v2');
    const after = await readAsApi(async (c) => (await c.query('SELECT id, label FROM read.items ORDER BY id')).rows);
    expect(after).toHaveLength(17);
    expect(after[0]).toEqual({ id: 'i0', label: 'v0' });
  });
});
