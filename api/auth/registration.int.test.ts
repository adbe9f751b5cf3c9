import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IllegalStateError } from '../../domain/shared/errors';
import { reserveUserEmail } from '../../domain/user/handlers';
import { loadAccount, loadCredentials } from '../../projections/users';
import { verifyPassword } from './password';
import { registerUser } from './registration';
import { ensureUser, seedUserId, SYSTEM_ACTOR } from './seed';
import { startAuthHarness, type AuthHarness } from './testing';

const ECO = '0a000000-0000-4000-8000-00000000000a';
const PROGRAM = '0c000000-0000-4000-8000-00000000000c';
let h: AuthHarness;

beforeAll(async () => { h = await startAuthHarness(); });
afterAll(async () => { await h.stop(); });

const person = (email: string, userId: string = randomUUID()) => ({ userId, email, password: 'long enough password', firstName: 'Grace', lastName: 'Hopper' });
const register = (email: string, userId?: string) => registerUser(h.bus, person(email, userId), { actor: SYSTEM_ACTOR, now: h.clock.now });

describe('registration', () => {
  it('refuses an e-mail that is taken, in any spelling, and writes nothing for the second user', async () => {
    await register('grace@example.com');
    const before = await h.eventCount();
    const second = register(' GRACE@example.com', randomUUID());
    await expect(second).rejects.toThrow(IllegalStateError);
    await expect(second).rejects.toThrow('An account with this email already exists.');
    expect(await h.eventCount()).toBe(before);
  });

  it('lets exactly one of many concurrent registrations of one e-mail through', async () => {
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => register('race@example.com')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ conflictType: 'EMAIL_TAKEN' });
    }
    const users = await h.db.ownerPool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'UserRegistered' AND data->>'email' = 'race@example.com'`);
    expect(users.rows[0].n).toBe(1);
  });

  it('completes a registration interrupted after the reservation when retried with the same id', async () => {
    const userId = randomUUID();
    await h.bus.dispatch(reserveUserEmail, { email: 'resume@example.com', userId },
      { actor: SYSTEM_ACTOR, commandId: randomUUID() });
    const position = await register('resume@example.com', userId);
    expect(position).not.toBeNull();
  });

  it('stores an argon2id hash, never the password', async () => {
    const userId = randomUUID();
    await register('hash@example.com', userId);
    const row = await h.db.ownerPool.query<{ data: { passwordHash: string } }>(
      `SELECT data FROM events WHERE stream_id = $1 AND type = 'UserRegistered'`, [`user-${userId}`]);
    expect(row.rows[0].data.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(row.rows[0].data)).not.toContain('long enough password');
  });
});

describe('ensureUser', () => {
  const input = {
    email: 'Seed@Example.com', password: 'seeded password', firstName: 'Seed', lastName: 'User',
    roles: [{ ecosystemId: ECO, role: 'SUPER_ADMIN' as const }, { ecosystemId: ECO, role: 'LEADER' as const, programId: PROGRAM }],
  };

  it('creates the account with its roles, readable as soon as it returns', async () => {
    const result = await ensureUser(h.services, input);
    expect(result).toEqual({ userId: seedUserId('seed@example.com'), created: true, passwordSet: true });
    expect(await loadAccount(h.db.apiPool, result.userId)).toMatchObject({
      email: 'seed@example.com',
      roles: [{ ecosystemId: ECO, role: 'LEADER', programId: PROGRAM }, { ecosystemId: ECO, role: 'SUPER_ADMIN', programId: null }],
    });
  });

  it('is idempotent: a second run appends nothing', async () => {
    const before = await h.eventCount();
    expect(await ensureUser(h.services, input)).toEqual({ userId: seedUserId('seed@example.com'), created: false, passwordSet: false });
    expect(await h.eventCount()).toBe(before);
  });

  it('adds roles that are missing and keeps an existing account\'s id', async () => {
    const userId = randomUUID();
    await register('existing@example.com', userId);
    const result = await ensureUser(h.services, { ...input, email: 'existing@example.com', password: 'long enough password', roles: [{ ecosystemId: ECO, role: 'MEMBER' }] });
    expect(result).toEqual({ userId, created: false, passwordSet: false });
    expect((await loadAccount(h.db.apiPool, userId))?.roles).toEqual([{ ecosystemId: ECO, role: 'MEMBER', programId: null }]);
  });

  const passwordHashOf = async (email: string) => (await loadCredentials(h.db.apiPool, email))!.passwordHash;
  const account = (email: string, password: string, existing: 'reset' | 'keep' | { replaceIf: string }) =>
    ensureUser(h.services, { email, password, firstName: 'Pol', lastName: 'Icy', existing });

  it('resets, keeps, or replaces only a published password, as asked', async () => {
    await account('policy@example.com', 'first password', 'reset');
    expect(await account('policy@example.com', 'second password', 'keep')).toMatchObject({ created: false, passwordSet: false });
    expect(await verifyPassword(await passwordHashOf('policy@example.com'), 'first password')).toBe(true);
    expect(await account('policy@example.com', 'third password', { replaceIf: 'not the password' })).toMatchObject({ passwordSet: false });
    expect(await account('policy@example.com', 'fourth password', { replaceIf: 'first password' })).toMatchObject({ passwordSet: true });
    expect(await verifyPassword(await passwordHashOf('policy@example.com'), 'fourth password')).toBe(true);
    expect(await account('policy@example.com', 'fifth password', 'reset')).toMatchObject({ passwordSet: true });
    expect(await verifyPassword(await passwordHashOf('policy@example.com'), 'fifth password')).toBe(true);
  });
});
