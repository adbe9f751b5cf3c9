/**
 * One PostgreSQL per test run: embedded (throwaway cluster, with a throwaway owner password) unless
 * DATABASE_URL is set. Migrations are applied once to a template database; each integration test
 * file clones it (tests/setup/db.ts), so files never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../../infra/db/embedded';
import { migrate } from '../../infra/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    apiDbPassword: string;
  }
}

export default async function setup(project: TestProject) {
  let cluster: EmbeddedCluster | undefined;
  const dir = path.resolve(import.meta.dirname, '../../.test-data', `pg-${process.pid}`);
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    cluster = await startEmbeddedPostgres({ dir, password: randomBytes(18).toString('base64url'), throwaway: true });
    adminUrl = cluster.url('postgres');
  }
  const template = `tpl_${randomBytes(4).toString('hex')}`;
  const apiDbPassword = `test-${randomBytes(12).toString('hex')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const tplUrl = new URL(adminUrl);
  tplUrl.pathname = `/${template}`;
  const tplPool = new pg.Pool({ connectionString: tplUrl.toString(), max: 1 });
  await migrate(tplPool, { apiPassword: apiDbPassword });
  await tplPool.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('apiDbPassword', apiDbPassword);

  return async () => {
    const dbs = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [template, `${template}_%`]);
    for (const { datname } of dbs.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    if (cluster) {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    }
  };
}
