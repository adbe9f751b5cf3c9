/**
 * The people part of the users read model: given events (a version-1 grant written as the old
 * code wrote it among them), then rows. Memberships keep every status; user_roles only the grants
 * in force; the lock empties it and unlocking restores it; profiles merge their patches.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEventTypes } from '../../domain/registry';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { newEvent } from '../testing/fixtures';
import { findPerson, loadAccount, ownProfile, usersProjection } from '.';
import { withTenantScope } from '../scope';

const ECO = '0a000000-0000-4000-8000-00000000000a';
const PROGRAM = '0c000000-0000-4000-8000-00000000000c';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$b25lb25lb25lb25lb25l$aGFzaG9uZWhhc2hvbmU';
const userId = randomUUID();
const stream = `user-${userId}`;

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;

const grant = (role: string, programId: string | null, status: string) =>
  newEvent('EcosystemRoleGranted', { userId, ecosystemId: ECO, role, programId, status }, { ecosystemId: ECO });
const status = (role: string, programId: string | null, to: string) =>
  newEvent('EcosystemRoleStatusChanged', { userId, ecosystemId: ECO, role, programId, status: to }, { ecosystemId: ECO });

async function append(events: ReturnType<typeof newEvent>[]): Promise<void> {
  const current = await store.readStream(stream);
  const last = await store.append(stream, events, { expectedRevision: current.length - 1 });
  expect(await runner.waitFor(last.position, ['users'], 10_000)).toBe(true);
}

const rolesInForce = async () => (await loadAccount(db.apiPool, userId))!.roles.map((r) => r.role).sort();

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool, domainEventTypes());
  runner = new ProjectionRunner(db.ownerPool, store, [usersProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
  await store.append(stream, [newEvent('UserRegistered', {
    userId, email: 'pat@example.com', firstName: 'Pat', lastName: 'Lee', preferredName: null, passwordHash: HASH, platformAdmin: false,
  }, { ecosystemId: null })], { expectedRevision: 'no_stream' });
  // A grant as version 1 wrote it: no status, no schema version stamp.
  const metadata = { ecosystemId: ECO, actor: { userId, role: 'SYSTEM' }, commandId: randomUUID(), correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00Z' };
  await db.ownerPool.query(`INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 1, $2, 'EcosystemRoleGranted', $3, $4)`,
    [stream, randomUUID(), JSON.stringify({ userId, ecosystemId: ECO, role: 'MEMBER', programId: null }), JSON.stringify(metadata)]);
  await append([grant('STAFF', null, 'INVITED'), grant('LEADER', PROGRAM, 'INVITED')]);
});

afterAll(async () => {
  await runner.stop();
  await store.close();
  await db.drop();
});

describe('users read model: memberships and roles in force', () => {
  it('keeps every grant with its status (the version-1 grant as ACTIVATED) and only grants in force as roles', async () => {
    const own = await ownProfile(db.apiPool, userId);
    expect(own.memberships.map((m) => `${m.role}:${m.status}`).sort()).toEqual(['LEADER:INVITED', 'MEMBER:ACTIVATED', 'STAFF:INVITED']);
    expect(await rolesInForce()).toEqual(['MEMBER']);
  });

  it('follows status changes, and the lock, into the roles in force and the roles version', async () => {
    const before = (await loadAccount(db.apiPool, userId))!.rolesVersion;
    await append([status('STAFF', null, 'ACTIVATED'), status('LEADER', PROGRAM, 'ACTIVE'), status('MEMBER', null, 'ARCHIVED')]);
    expect(await rolesInForce()).toEqual(['LEADER', 'STAFF']);
    expect((await loadAccount(db.apiPool, userId))!.rolesVersion).toBeGreaterThan(before);
    await append([newEvent('UserLocked', { userId }, { ecosystemId: null })]);
    expect(await rolesInForce()).toEqual([]);
    expect((await ownProfile(db.apiPool, userId)).locked).toBe(true);
    await append([newEvent('UserUnlocked', { userId }, { ecosystemId: null })]);
    expect(await rolesInForce()).toEqual(['LEADER', 'STAFF']);
  });

  it('shows an archived-only member to their tenant, not to another', async () => {
    const inTenant = await withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds: [ECO] }, (c) => findPerson(c, userId));
    expect(inTenant?.memberships.find((m) => m.role === 'MEMBER')?.status).toBe('ARCHIVED');
    const elsewhere = await withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds: [randomUUID()] }, (c) => findPerson(c, userId));
    expect(elsewhere).toBeNull();
  });
});

describe('users read model: profiles', () => {
  it('merges profile patches, names into their columns, and ecosystem profile patches per ecosystem', async () => {
    await append([
      newEvent('UserProfileEdited', { userId, changes: { firstName: 'Patricia', bio: 'Hi', phoneNumber: '5551234567' } }, { ecosystemId: null }),
      newEvent('UserProfileEdited', { userId, changes: { bio: null, preferredName: 'Trish' } }, { ecosystemId: null }),
      newEvent('UserEcosystemProfileEdited', { userId, ecosystemId: ECO, changes: { isWelcomeFlowComplete: true } }, { ecosystemId: ECO }),
      newEvent('UserEcosystemProfileEdited', { userId, ecosystemId: ECO, changes: { subjects: [{ id: 'm', courseName: 'Math', courseCode: null }] } }, { ecosystemId: ECO }),
      newEvent('UserModeSwitched', { userId, mode: 'TUTOR' }, { ecosystemId: null }),
    ]);
    const account = (await loadAccount(db.apiPool, userId))!;
    expect([account.firstName, account.preferredName]).toEqual(['Patricia', 'Trish']);
    const own = await ownProfile(db.apiPool, userId);
    expect(own.profile).toMatchObject({ bio: null, phoneNumber: '5551234567', canDrive: false, languagePreference: 'en' });
    expect(own.mode).toBe('TUTOR');
    expect(own.ecosystemProfiles.get(ECO)).toEqual({
      customProperties: [], isWelcomeFlowComplete: true, subjects: [{ id: 'm', courseName: 'Math', courseCode: null }], availability: [],
    });
  });
});
