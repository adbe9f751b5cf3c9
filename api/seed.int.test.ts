/**
 * The accounts a start creates (decision 0011). `npm start` itself (api/main.ts in its own process)
 * on a new database prints random log-ins once and never again; they work, and no table holds them
 * in plain text. An account still having a published demo password is moved off it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configSchema } from '../infra/config';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { startPlatform, type Platform } from './platform';
import { DEMO_ECOSYSTEM_ADMIN_EMAIL, PUBLISHED_PASSWORDS, type DemoLogin } from './seed';

const ADMIN_EMAIL = 'platform.admin@demo.example.org';

interface Started {
  url: string;
  output: string;
  stop(): Promise<void>;
}

/** Runs `npm start`'s entry point against the test database and waits until it is ready. */
function npmStart(db: TestDatabase): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'main.ts')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env, NODE_ENV: 'production', PERSISTED_QUERIES: 'allow-raw', DATABASE_URL: db.url,
      API_DATABASE_PASSWORD: inject('apiDbPassword'), JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true', PORT: '0', HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready on (http:\/\/\S+) /.exec(output);
      // The log-ins, if any, are printed in the same tick right after the ready line.
      if (ready) setTimeout(() => resolve({ url: ready[1], output, stop: async () => { child.kill('SIGTERM'); await exited; } }), 200);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    void exited.then(() => reject(new Error(`npm start ended early:\n${output}`)));
  });
}

function printedLogins(output: string): DemoLogin[] {
  return [...output.matchAll(/^ {2}(.+?) {2,}(\S+@\S+) {2}password: (\S+)$/gm)].map((m) => ({ label: m[1].trim(), email: m[2], password: m[3] }));
}

async function logsIn(url: string, email: string, password: string): Promise<boolean> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation L($e: String!, $p: String!) { loginPaas(email: $e, password: $p) { token } }', variables: { e: email, p: password } }),
  });
  const body = (await res.json()) as { data?: { loginPaas?: { token: string } | null } | null };
  return Boolean(body.data?.loginPaas?.token);
}

/** Every row of every table the platform owns, searched as text for the value. */
async function tablesHolding(db: TestDatabase, value: string): Promise<string[]> {
  const tables = await db.ownerPool.query<{ t: string }>(`SELECT format('%I.%I', schemaname, tablename) AS t FROM pg_tables
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`);
  const found: string[] = [];
  for (const { t } of tables.rows) {
    const hit = await db.ownerPool.query(`SELECT 1 FROM ${t} AS r WHERE r::text LIKE '%' || $1 || '%' LIMIT 1`, [value]);
    if (hit.rowCount) found.push(t);
  }
  return found;
}

describe('npm start on a new database', () => {
  let db: TestDatabase;
  beforeAll(async () => { db = await createTestDatabase(); });
  afterAll(async () => { await db.drop(); });

  it('prints the platform admin and demo log-ins with random passwords once, and never again', async () => {
    const first = await npmStart(db);
    const logins = printedLogins(first.output);
    try {
      expect(first.output).toContain('New log-ins, shown this once');
      expect(logins.map((l) => l.email)).toEqual([ADMIN_EMAIL, DEMO_ECOSYSTEM_ADMIN_EMAIL]);
      for (const login of logins) {
        expect(login.password).toMatch(/^[\w-]{20}$/);
        expect(Object.values(PUBLISHED_PASSWORDS)).not.toContain(login.password);
        expect(await logsIn(first.url, login.email, login.password)).toBe(true);
      }
    } finally {
      await first.stop();
    }
    const second = await npmStart(db);
    try {
      expect(second.output).not.toContain('password:');
      expect(await logsIn(second.url, logins[0].email, logins[0].password)).toBe(true);
    } finally {
      await second.stop();
    }
    for (const login of logins) expect(await tablesHolding(db, login.password)).toEqual([]);
  });
});

describe('a database seeded with the published demo passwords', () => {
  let db: TestDatabase;
  const config = configSchema.parse({ NODE_ENV: 'test', PROJECTION_WAIT_MS: '10000' });
  const start = (passwords: 'fixed' | 'random') => startPlatform({
    config, databaseUrl: db.url, skipMigrations: true, seed: true, passwords, webDir: null, port: 0, host: '127.0.0.1', log: () => undefined,
    secrets: { apiDatabasePassword: inject('apiDbPassword'), jwtSecret: randomBytes(32).toString('hex') },
  });
  beforeAll(async () => { db = await createTestDatabase(); });
  afterAll(async () => { await db.drop(); });

  const liveSessions = async (email: string) => (await db.ownerPool.query<{ n: number }>(`SELECT count(*)::int AS n FROM auth.refresh_token_families f
    JOIN auth.login_credentials($1) c ON c.user_id = f.user_id WHERE f.revoked_at IS NULL`, [email])).rows[0].n;

  it('gets random passwords at the next production start, and their sessions end', async () => {
    let platform: Platform = await start('fixed');
    expect(platform.newLogins.map((l) => l.password)).toEqual([PUBLISHED_PASSWORDS.platformAdmin, PUBLISHED_PASSWORDS.ecosystemAdmin]);
    await platform.services.auth.login(ADMIN_EMAIL, PUBLISHED_PASSWORDS.platformAdmin);
    expect(await liveSessions(ADMIN_EMAIL)).toBe(1);
    await platform.stop();

    platform = await start('random');
    try {
      const [admin, ecoAdmin] = platform.newLogins;
      expect([admin.email, ecoAdmin.email]).toEqual([ADMIN_EMAIL, DEMO_ECOSYSTEM_ADMIN_EMAIL]);
      expect(platform.demo).toMatchObject({ platformAdmin: admin, ecosystemAdmin: ecoAdmin });
      await expect(platform.services.auth.login(ADMIN_EMAIL, PUBLISHED_PASSWORDS.platformAdmin)).rejects.toThrow();
      await expect(platform.services.auth.login(DEMO_ECOSYSTEM_ADMIN_EMAIL, PUBLISHED_PASSWORDS.ecosystemAdmin)).rejects.toThrow();
      expect(await liveSessions(ADMIN_EMAIL)).toBe(0);
      expect((await platform.services.auth.login(ADMIN_EMAIL, admin.password)).user.platformAdmin).toBe(true);
    } finally {
      await platform.stop();
    }

    platform = await start('random');
    try {
      expect(platform.newLogins).toEqual([]);
      expect(platform.demo).toBeNull();
    } finally {
      await platform.stop();
    }
  });
});
