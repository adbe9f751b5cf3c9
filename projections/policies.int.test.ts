import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { POLICY_MARK, refreshTenantPolicies, TENANT_POLICY } from './policies';
import { ProjectionRunner } from './runner';
import { withTenantScope } from './scope';
import { itemsProjection, newEvent, TENANT_A, TENANT_B } from './testing/fixtures';

/** The predicate builds had before decision 0033: the settings parsed again for every row. */
const OLD_PREDICATE = `coalesce(current_setting('app.platform_admin', true) = 'on', false)
  OR ecosystem_id = ANY (string_to_array(coalesce(current_setting('app.ecosystem_ids', true), ''), ',')::uuid[])`;

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  runner = new ProjectionRunner(db.ownerPool, store, [itemsProjection()], { pollIntervalMs: 10 });
  await runner.start();
  await store.append('item-a', [newEvent('ItemSet', { id: 'a', value: 1 }, { ecosystemId: TENANT_A })], { expectedRevision: 'any' });
  const last = await store.append('item-b', [newEvent('ItemSet', { id: 'b', value: 2 }, { ecosystemId: TENANT_B })], { expectedRevision: 'any' });
  expect(await runner.waitFor(last.position, undefined, 10_000)).toBe(true);
});
afterAll(async () => {
  await runner.stop();
  await store.close();
  await db.drop();
});

const policy = async () => (await db.ownerPool.query<{ qual: string; mark: string | null }>(
  `SELECT pg_get_expr(p.polqual, p.polrelid) AS qual, obj_description(p.oid, 'pg_policy') AS mark
     FROM pg_policy p WHERE p.polrelid = 'proj_items_v1.items'::regclass AND p.polname = $1`, [TENANT_POLICY])).rows[0];

const plan = async () => withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds: [TENANT_A] }, async (c) =>
  (await c.query<{ 'QUERY PLAN': string }>('EXPLAIN SELECT id FROM read.items')).rows.map((r) => r['QUERY PLAN']).join('\n'));

const visible = async () => withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds: [TENANT_A] }, async (c) =>
  (await c.query<{ id: string }>('SELECT id FROM read.items ORDER BY id')).rows.map((r) => r.id));

describe('tenant policies of existing builds', () => {
  it('creates new builds with the predicate that reads its settings once per statement', async () => {
    expect((await policy()).mark).toBe(POLICY_MARK);
    expect(await plan()).toMatch(/InitPlan/);
    expect(await visible()).toEqual(['a']);
  });

  it('moves a build made with the old predicate to the new one, and leaves it alone after', async () => {
    await db.ownerPool.query(`ALTER POLICY ${TENANT_POLICY} ON proj_items_v1.items USING (${OLD_PREDICATE})`);
    await db.ownerPool.query(`COMMENT ON POLICY ${TENANT_POLICY} ON proj_items_v1.items IS NULL`);
    expect(await plan()).not.toMatch(/InitPlan/);
    expect(await refreshTenantPolicies(db.ownerPool)).toEqual([]);
    expect((await policy()).mark).toBe(POLICY_MARK);
    expect(await plan()).toMatch(/InitPlan/);
    expect(await visible()).toEqual(['a']);
    const before = (await policy()).qual;
    await refreshTenantPolicies(db.ownerPool);
    expect((await policy()).qual).toBe(before);
  });

  it('gives up on a table a long reader holds, and reports it for the next reconcile', async () => {
    await db.ownerPool.query(`COMMENT ON POLICY ${TENANT_POLICY} ON proj_items_v1.items IS NULL`);
    const reader = await db.ownerPool.connect();
    try {
      await reader.query('BEGIN');
      await reader.query('LOCK TABLE proj_items_v1.items IN ACCESS SHARE MODE');
      expect(await refreshTenantPolicies(db.ownerPool)).toEqual(['proj_items_v1.items']);
    } finally {
      await reader.query('ROLLBACK');
      reader.release();
    }
    expect(await refreshTenantPolicies(db.ownerPool)).toEqual([]);
    expect((await policy()).mark).toBe(POLICY_MARK);
  });
});
