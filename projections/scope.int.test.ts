import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { auditProjection } from './audit';
import { itemsProjection, newEvent, TENANT_A, TENANT_B } from './testing/fixtures';
import { ProjectionRunner } from './runner';
import { withTenantScope } from './scope';

const AUDIT = `proj_audit_v${auditProjection.version}`;

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  runner = new ProjectionRunner(db.ownerPool, store, [itemsProjection(), auditProjection], { pollIntervalMs: 10 });
  await runner.start();
  await store.append('item-a', [newEvent('ItemSet', { id: 'a', value: 1 }, { ecosystemId: TENANT_A })], { expectedRevision: 'any' });
  await store.append('item-b', [newEvent('ItemSet', { id: 'b', value: 2 }, { ecosystemId: TENANT_B })], { expectedRevision: 'any' });
  const last = await store.append('item-p', [newEvent('ItemSet', { id: 'p', value: 3 }, { ecosystemId: null })], { expectedRevision: 'any' });
  expect(await runner.waitFor(last.position, undefined, 10_000)).toBe(true);
});
afterAll(async () => {
  await runner.stop();
  await store.close();
  await db.drop();
});

const itemIds = (platformAdmin: boolean, ecosystemIds: string[], from = 'read.items') =>
  withTenantScope(db.apiPool, { platformAdmin, ecosystemIds }, async (c) =>
    (await c.query<{ id: string }>(`SELECT id FROM ${from} ORDER BY id`)).rows.map((r) => r.id));

describe('tenant isolation', () => {
  it('shows app_api only the rows of its tenants, all rows to a platform admin, none without a scope', async () => {
    expect(await itemIds(false, [TENANT_A])).toEqual(['a']);
    expect(await itemIds(false, [TENANT_B])).toEqual(['b']);
    expect(await itemIds(false, [TENANT_A, TENANT_B])).toEqual(['a', 'b']);
    expect(await itemIds(true, [])).toEqual(['a', 'b', 'p']);
    expect(await itemIds(false, [])).toEqual([]);
    // The policy sits on the table, not only the view.
    expect(await itemIds(false, [TENANT_B], 'proj_items_v1.items')).toEqual(['b']);
    expect((await db.apiPool.query('SELECT id FROM read.items')).rows).toEqual([]);
  });

  it('applies the same isolation to the audit trail', async () => {
    const tenants = await withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds: [TENANT_A] }, async (c) =>
      (await c.query<{ ecosystem_id: string }>('SELECT DISTINCT ecosystem_id FROM read.breadcrumbs')).rows.map((r) => r.ecosystem_id));
    expect(tenants).toEqual([TENANT_A]);
  });

  it('keeps the scope to its transaction: the next user of the connection sees nothing', async () => {
    const single = new pg.Pool({ connectionString: db.apiUrl, max: 1 });
    try {
            await withTenantScope(single, { platformAdmin: true, ecosystemIds: [TENANT_A] }, async (c) => {
        expect((await c.query('SELECT id FROM read.items')).rows).toHaveLength(3);
      });
      expect((await single.query('SELECT id FROM read.items')).rows).toEqual([]);
      const settings = await single.query(`SELECT current_setting('app.platform_admin', true) AS admin, current_setting('app.ecosystem_ids', true) AS ids`);
      expect(settings.rows[0]).toEqual({ admin: '', ids: '' });
    } finally {
      await single.end();
    }
  });

  it('lets app_api write nothing: no INSERT, UPDATE or DELETE on read views or projection tables', async () => {
    for (const [target, column] of [['read.items', 'id'], ['proj_items_v1.items', 'id'], ['read.breadcrumbs', 'summary']]) {
      await expect(db.apiPool.query(`INSERT INTO ${target} (${column}) VALUES ('x')`)).rejects.toMatchObject({ code: '42501' });
      await expect(db.apiPool.query(`DELETE FROM ${target}`)).rejects.toMatchObject({ code: '42501' });
    }
    await expect(db.apiPool.query(`UPDATE read.items SET value = 0`)).rejects.toMatchObject({ code: '42501' });
    await expect(db.apiPool.query(`UPDATE projections.checkpoints SET commit = 0`)).rejects.toMatchObject({ code: '42501' });
    await expect(withTenantScope(db.apiPool, { platformAdmin: true, ecosystemIds: [] }, (c) => c.query(`CREATE TEMP TABLE t (x int)`)))
      .rejects.toMatchObject({ code: '25006' });
  });

  it('lets the analyst role read every tenant and write nothing', async () => {
    const client = await db.ownerPool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE analyst');
      expect((await client.query('SELECT id FROM read.items ORDER BY id')).rows.map((r) => r.id)).toEqual(['a', 'b', 'p']);
      expect((await client.query(`SELECT count(*)::int AS n FROM projections.checkpoints`)).rows[0].n).toBe(2);
      await client.query('SAVEPOINT s');
      await expect(client.query(`INSERT INTO read.items (id, value, updates) VALUES ('x', 0, 0)`)).rejects.toMatchObject({ code: '42501' });
      await client.query('ROLLBACK TO SAVEPOINT s');
      await expect(client.query(`DELETE FROM proj_items_v1.items`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('enables and forces row-level security on every exposed table', async () => {
    const r = await db.ownerPool.query(
      `SELECT n.nspname || '.' || c.relname AS t, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname LIKE 'proj\\_%' AND c.relkind = 'r' ORDER BY 1`);
    expect(r.rows).toEqual([
      // The audit's own directory of people is not exposed: no read view, no grant to anyone.
      { t: `${AUDIT}.audit_people`, enabled: false, forced: false },
      { t: `${AUDIT}.breadcrumb_facets`, enabled: true, forced: true },
      { t: `${AUDIT}.breadcrumb_runs`, enabled: true, forced: true },
      { t: `${AUDIT}.breadcrumbs`, enabled: true, forced: true },
      { t: 'proj_items_v1.items', enabled: true, forced: true },
    ]);
    const grants = await db.ownerPool.query(`SELECT has_table_privilege('app_api', '${AUDIT}.audit_people', 'SELECT') AS api,
      has_table_privilege('analyst', '${AUDIT}.audit_people', 'SELECT') AS analyst`);
    expect(grants.rows[0]).toEqual({ api: false, analyst: false });
  });

  it('refuses a pool whose role bypasses row-level security, and ids that are not UUIDs', async () => {
    await expect(withTenantScope(db.ownerPool, { platformAdmin: false, ecosystemIds: [] }, async () => 1)).rejects.toThrow(/bypasses row-level security/);
    await expect(withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds: ["x') OR true --"] }, async () => 1)).rejects.toThrow(/UUIDs/);
  });
});
