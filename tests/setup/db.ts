/**
 * Per-file test database cloned from the migrated template (see global.ts). `ownerPool` is the
 * owner/superuser connection (event store, projections); `apiPool` connects as app_api, the
 * API's non-owner role that row-level security applies to.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool, withCredentials } from '../../infra/db/pool';

export interface TestDatabase {
  name: string;
  url: string;
  apiUrl: string;
  ownerPool: pg.Pool;
  apiPool: pg.Pool;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const apiUrl = withCredentials(url, 'app_api', inject('apiDbPassword'));
  const ownerPool = createPool(url, 20, 'test-owner');
  const apiPool = createPool(apiUrl, 10, 'test-api');
  return {
    name, url, apiUrl, ownerPool, apiPool,
    async drop() {
      await Promise.allSettled([ownerPool.end(), apiPool.end()]);
      const c = new pg.Client(adminUrl);
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
