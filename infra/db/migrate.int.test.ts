import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db.drop(); });

describe('migrations', () => {
  it('create the app_api role as neither superuser nor owner of any table', async () => {
    const role = await db.ownerPool.query(`SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = 'app_api'`);
    expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
    const owned = await db.ownerPool.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tableowner = 'app_api'`);
    expect(owned.rows[0].n).toBe(0);
  });

  it('let app_api connect with the configured password', async () => {
    const r = await db.apiPool.query('SELECT current_user AS u');
    expect(r.rows[0].u).toBe('app_api');
  });
});
