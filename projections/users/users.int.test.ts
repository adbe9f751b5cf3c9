import { randomUUID } from 'node:crypto';
import pg, { type Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../domain/shared/events';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { withTenantScope } from '../scope';
import { newEvent } from '../testing/fixtures';
import { findUser, loadAccount, loadCredentials, recentRoleChanges, ROLES_CHANNEL, usersProjection } from '.';

const ECO_A = '0a000000-0000-4000-8000-00000000000a';
const ECO_B = '0b000000-0000-4000-8000-00000000000b';
const PROGRAM = '0c000000-0000-4000-8000-00000000000c';
const HASH_1 = '$argon2id$v=19$m=19456,t=2,p=1$b25lb25lb25lb25lb25l$aGFzaG9uZWhhc2hvbmU';
const HASH_2 = '$argon2id$v=19$m=19456,t=2,p=1$dHdvdHdvdHdvdHdvdHdv$aGFzaHR3b2hhc2h0d28';

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
const ada = randomUUID();
const bob = randomUUID();

function registered(userId: string, email: string, platformAdmin = false): NewEvent {
  return newEvent('UserRegistered', {
    userId, email, firstName: 'First', lastName: 'Last', preferredName: null, passwordHash: HASH_1, platformAdmin,
  }, { ecosystemId: null, occurredAt: '2026-11-20T09:00:00.000Z' });
}

function granted(userId: string, ecosystemId: string, role: string, programId: string | null = null): NewEvent {
  return newEvent('EcosystemRoleGranted', { userId, ecosystemId, role, programId, status: programId ? 'ACTIVE' : 'ACTIVATED' }, { ecosystemId });
}

const scoped = <T>(pool: Pool, scope: { platformAdmin: boolean; ecosystemIds: string[] }, fn: (c: import('pg').PoolClient) => Promise<T>) =>
  withTenantScope(pool, scope, fn);

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  runner = new ProjectionRunner(db.ownerPool, store, [usersProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
  await store.append(`user-${ada}`, [
    registered(ada, 'ada@example.com'),
    granted(ada, ECO_A, 'SUPER_ADMIN'),
    granted(ada, ECO_A, 'LEADER', PROGRAM),
    granted(ada, ECO_A, 'LEADER', PROGRAM),
    newEvent('EcosystemRoleRevoked', { userId: ada, ecosystemId: ECO_A, role: 'SUPER_ADMIN', programId: null }, { ecosystemId: ECO_A }),
    newEvent('UserPasswordChanged', { userId: ada, passwordHash: HASH_2 }, { ecosystemId: null }),
  ], { expectedRevision: 'no_stream' });
  const last = await store.append(`user-${bob}`, [registered(bob, 'bob@example.com', true), granted(bob, ECO_B, 'MEMBER')],
    { expectedRevision: 'no_stream' });
  expect(await runner.waitFor(last.position, ['users'], 10_000)).toBe(true);
});

afterAll(async () => {
  await runner.stop();
  await store.close();
  await db.drop();
});

describe('users projection: given user events, then rows', () => {
  it('keeps one row per user and the roles still held (repeated grants once, revoked ones gone)', async () => {
    const users = await db.ownerPool.query('SELECT id, email, platform_admin, ecosystem_id, created_at FROM read.users ORDER BY email');
    expect(users.rows).toEqual([
      { id: ada, email: 'ada@example.com', platform_admin: false, ecosystem_id: null, created_at: new Date('2026-11-20T09:00:00.000Z') },
      { id: bob, email: 'bob@example.com', platform_admin: true, ecosystem_id: null, created_at: new Date('2026-11-20T09:00:00.000Z') },
    ]);
    const roles = await db.ownerPool.query('SELECT user_id, ecosystem_id, role, program_id FROM read.user_roles ORDER BY user_id = $1 DESC', [ada]);
    expect(roles.rows).toEqual([
      { user_id: ada, ecosystem_id: ECO_A, role: 'LEADER', program_id: PROGRAM },
      { user_id: bob, ecosystem_id: ECO_B, role: 'MEMBER', program_id: null },
    ]);
  });

  it('exposes no password hash in read.users, and neither app_api nor analyst can read the credentials table', async () => {
    const cols = await db.ownerPool.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'read' AND table_name = 'users'`);
    expect(cols.rows.map((r: { column_name: string }) => r.column_name)).not.toContain('password_hash');
    const credentials = `proj_users_v${usersProjection.version}.credentials`;
    const grants = await db.ownerPool.query(
      `SELECT has_table_privilege('app_api', $1, 'SELECT') AS api, has_table_privilege('analyst', $1, 'SELECT') AS analyst`, [credentials]);
    expect(grants.rows[0]).toEqual({ api: false, analyst: false });
    await expect(db.apiPool.query(`SELECT * FROM ${credentials}`)).rejects.toThrow(/permission denied/);
  });

  it('shows a user to a tenant only where they hold a role; platform admins see everyone', async () => {
    const emails = (scope: { platformAdmin: boolean; ecosystemIds: string[] }) => scoped(db.apiPool, scope, async (c) =>
      (await c.query<{ email: string }>('SELECT email FROM read.users ORDER BY email')).rows.map((r) => r.email));
    expect(await emails({ platformAdmin: false, ecosystemIds: [ECO_A] })).toEqual(['ada@example.com']);
    expect(await emails({ platformAdmin: false, ecosystemIds: [ECO_B] })).toEqual(['bob@example.com']);
    expect(await emails({ platformAdmin: false, ecosystemIds: [] })).toEqual([]);
    expect(await emails({ platformAdmin: true, ecosystemIds: [] })).toEqual(['ada@example.com', 'bob@example.com']);
    expect(await scoped(db.apiPool, { platformAdmin: false, ecosystemIds: [ECO_B] }, (c) => findUser(c, ada))).toBeNull();
  });

  it('answers the auth path for one user or e-mail whatever the scope, with the newest password hash', async () => {
    expect(await loadCredentials(db.apiPool, 'ada@example.com')).toEqual({ userId: ada, passwordHash: HASH_2 });
    expect(await loadCredentials(db.apiPool, 'nobody@example.com')).toBeNull();
    expect(await loadAccount(db.apiPool, ada)).toMatchObject({
      id: ada, email: 'ada@example.com', platformAdmin: false,
      roles: [{ ecosystemId: ECO_A, role: 'LEADER', programId: PROGRAM }],
    });
    expect(await loadAccount(db.apiPool, randomUUID())).toBeNull();
  });

  it('versions each user\'s roles by the stream revision of their last role change, which loadAccount answers', async () => {
    const rows = await db.ownerPool.query('SELECT id, roles_version, roles_changed_at IS NOT NULL AS changed FROM read.users ORDER BY email');
    // Ada: registered (0), granted (1, 2, 3 repeated), revoked (4), password changed (5, not a role change).
    expect(rows.rows).toEqual([{ id: ada, roles_version: 4, changed: true }, { id: bob, roles_version: 1, changed: true }]);
    expect(await loadAccount(db.apiPool, ada)).toMatchObject({ rolesVersion: 4 });
    expect((await recentRoleChanges(db.apiPool, new Date(0))).map((c) => c.userId).sort()).toEqual([ada, bob].sort());
  });

  it('announces a role change on auth_roles when it is applied, with the user and the new version', async () => {
    const listener = new pg.Client({ connectionString: db.apiUrl });
    await listener.connect();
    try {
      await listener.query(`LISTEN ${ROLES_CHANNEL}`);
      const heard = new Promise<string | undefined>((resolve) => listener.on('notification', (msg) => resolve(msg.payload)));
      const last = await store.append(`user-${bob}`, [granted(bob, ECO_A, 'TEACHER')], { expectedRevision: 1 });
      expect(await heard).toBe(`${bob} 2`);
      expect(await runner.waitFor(last.position, ['users'], 10_000)).toBe(true);
      expect(await loadAccount(db.apiPool, bob)).toMatchObject({ rolesVersion: 2 });
    } finally {
      await listener.end();
    }
  });

  it('the auth path does not leave the caller lifted to platform admin', async () => {
    const seen = await scoped(db.apiPool, { platformAdmin: false, ecosystemIds: [] }, async (c) => {
      await loadAccount(c, bob);
      return (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM read.users')).rows[0].n;
    });
    expect(seen).toBe(0);
  });
});
