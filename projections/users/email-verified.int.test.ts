/** The users read model's emailVerified (docs/decisions/0042): given user events, then rows and the auth path's answer. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../domain/shared/events';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { withTenantScope } from '../scope';
import { newEvent } from '../testing/fixtures';
import { findUser, loadAccount, usersProjection } from '.';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$b25lb25lb25lb25lb25l$aGFzaG9uZWhhc2hvbmU';
let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;

function registered(userId: string, email: string): NewEvent {
  return newEvent('UserRegistered', { userId, email, firstName: 'First', lastName: 'Last', preferredName: null, passwordHash: HASH, platformAdmin: false },
    { ecosystemId: null });
}

async function given(userId: string, events: NewEvent[]): Promise<void> {
  const last = await store.append(`user-${userId}`, events, { expectedRevision: 'no_stream' });
  expect(await runner.waitFor(last.position, ['users'], 10_000)).toBe(true);
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  runner = new ProjectionRunner(db.ownerPool, store, [usersProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
});

afterAll(async () => {
  await runner.stop();
  await store.close();
  await db.drop();
});

describe('users projection: emailVerified', () => {
  it('is false after registration and true once the account\'s address is verified, on both read paths', async () => {
    const ada = randomUUID();
    const bob = randomUUID();
    await given(ada, [registered(ada, 'ada@example.com'), newEvent('UserEmailVerified', { userId: ada, email: 'ada@example.com' }, { ecosystemId: null })]);
    await given(bob, [registered(bob, 'bob@example.com')]);
    expect(await loadAccount(db.apiPool, ada)).toMatchObject({ email: 'ada@example.com', emailVerified: true });
    expect(await loadAccount(db.apiPool, bob)).toMatchObject({ emailVerified: false });
    const seen = await withTenantScope(db.apiPool, { platformAdmin: true, ecosystemIds: [] }, (c) => findUser(c, ada));
    expect(seen?.emailVerified).toBe(true);
  });

  it('ignores a verification of an address the account does not have', async () => {
    const cy = randomUUID();
    await given(cy, [registered(cy, 'cy@example.com'), newEvent('UserEmailVerified', { userId: cy, email: 'old@example.com' }, { ecosystemId: null })]);
    expect(await loadAccount(db.apiPool, cy)).toMatchObject({ emailVerified: false });
  });
});
