import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForbiddenError, RateLimitedError, UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import { ensureUser } from './seed';
import { verifyDummy, verifyPassword } from './password';
import { startAuthHarness, type AuthHarness } from './testing';

const ECO = '0a000000-0000-4000-8000-00000000000a';
const OTHER_ECO = '0b000000-0000-4000-8000-00000000000b';
const PASSWORD = 'correct horse battery';

let h: AuthHarness;
let adaId: string;
let adminId: string;

beforeAll(async () => {
  h = await startAuthHarness();
  adaId = (await ensureUser(h.services, {
    email: 'Ada@Example.com', password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', roles: [{ ecosystemId: ECO, role: 'SUPER_ADMIN' }],
  })).userId;
  adminId = (await ensureUser(h.services, { email: 'root@example.com', password: PASSWORD, firstName: 'Root', lastName: 'Admin', platformAdmin: true })).userId;
});
afterAll(async () => { await h.stop(); });

const HOUR = 3_600_000;

describe('login', () => {
  it('accepts the right password, whatever the e-mail case, and its access token authenticates the viewer', async () => {
    const result = await h.auth.login('  ADA@example.COM ', PASSWORD, { ip: '10.0.0.1' });
    expect(result.user).toMatchObject({ id: adaId, email: 'ada@example.com', platformAdmin: false });
    expect(result.mfaMethods).toEqual([]);
    expect(result.tokens).not.toBeNull();
    expect(await h.auth.authenticate(result.tokens?.accessToken ?? null)).toEqual({
      userId: adaId, email: 'ada@example.com', platformAdmin: false, roles: [{ ecosystemId: ECO, role: 'SUPER_ADMIN', programId: null }],
    });
    expect(await h.auth.verifyUserIdToken(result.userIdToken)).toBe(adaId);
  });

  it('answers a wrong password and an unknown e-mail with the same error', async () => {
    const wrong = h.auth.login('ada@example.com', 'not the password', { ip: '10.0.0.2' });
    await expect(wrong).rejects.toThrow(UnauthenticatedError);
    await expect(wrong).rejects.toThrow('Invalid email or password.');
    await expect(h.auth.login('nobody@example.com', PASSWORD, { ip: '10.0.0.2' })).rejects.toThrow('Invalid email or password.');
    await expect(h.auth.login('not an e-mail', PASSWORD, { ip: '10.0.0.2' })).rejects.toThrow('Invalid email or password.');
  });

  it('verifies a dummy hash for an unknown e-mail, so it costs what a known one costs', async () => {
    // Timing itself is not asserted (tests measure behaviour, benchmarks measure time): the check
    // that makes the two cost the same is what must run.
    const calls: string[] = [];
    const counted = await startAuthHarness({
      passwords: {
        verify: async (hash, password) => { calls.push('verify'); return verifyPassword(hash, password); },
        verifyDummy: async (password) => { calls.push('dummy'); return verifyDummy(password); },
      },
    });
    try {
      await counted.auth.login('nobody@example.com', 'wrong password', { ip: '10.0.0.3' }).catch(() => undefined);
      expect(calls).toEqual(['dummy']);
    } finally {
      await counted.stop();
    }
  });

  it('with an ecosystem, requires the user to belong to it (platform admins belong everywhere)', async () => {
    await expect(h.auth.login('ada@example.com', PASSWORD, { ecosystemId: ECO })).resolves.toMatchObject({ user: { id: adaId } });
    const outside = h.auth.login('ada@example.com', PASSWORD, { ecosystemId: OTHER_ECO });
    await expect(outside).rejects.toThrow(ForbiddenError);
    await expect(outside).rejects.toThrow('This account does not belong to this ecosystem.');
    await expect(h.auth.login('root@example.com', PASSWORD, { ecosystemId: OTHER_ECO })).resolves.toMatchObject({ user: { id: adminId } });
  });
});

describe('access tokens', () => {
  it('are refused when tampered with, signed with another key, of the MFA kind, or expired', async () => {
    const { tokens, userIdToken } = await h.auth.login('ada@example.com', PASSWORD);
    const token = tokens?.accessToken ?? '';
    const [header, payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: adminId })).toString('base64url');
    expect(await h.auth.authenticate(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    const otherKey = await new SignJWT({ sid: 'x' }).setProtectedHeader({ alg: 'HS256' }).setSubject(adaId).setIssuer('tutoring-platform')
      .setAudience('api').setIssuedAt().setExpirationTime('5m').sign(randomBytes(32));
    expect(await h.auth.authenticate(otherKey)).toBeNull();
    expect(await h.auth.authenticate(userIdToken)).toBeNull();
    expect(await h.auth.authenticate('garbage')).toBeNull();
    expect(await h.auth.authenticate(token)).not.toBeNull();
    h.clock.advance(h.config.ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);
    expect(await h.auth.authenticate(token)).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new pair in the same session and the new access token works', async () => {
    const first = (await h.auth.login('ada@example.com', PASSWORD))?.tokens;
    const second = await h.auth.refresh(first?.refreshToken ?? '');
    expect(second.refreshToken).not.toBe(first?.refreshToken);
    const third = await h.auth.refresh(second.refreshToken);
    expect(await h.auth.authenticate(third.accessToken)).toMatchObject({ userId: adaId });
    const families = await h.db.ownerPool.query(
      `SELECT count(DISTINCT family_id)::int AS families, count(*)::int AS tokens, count(used_at)::int AS used
         FROM auth.refresh_tokens WHERE family_id = (SELECT family_id FROM auth.refresh_tokens WHERE token_hash = sha256($1::text::bytea))`,
      [third.refreshToken]);
    expect(families.rows[0]).toEqual({ families: 1, tokens: 3, used: 2 });
  });

  it('reusing an exchanged token after the grace window revokes the whole family, its newest token and access tokens included', async () => {
    const first = (await h.auth.login('ada@example.com', PASSWORD))?.tokens;
    const second = await h.auth.refresh(first?.refreshToken ?? '');
    h.clock.advance(h.config.REFRESH_REUSE_GRACE_SECONDS * 1000 + 1);
    await expect(h.auth.refresh(first?.refreshToken ?? '')).rejects.toThrow(UnauthenticatedError);
    await expect(h.auth.refresh(second.refreshToken)).rejects.toThrow('Your session has expired. Please log in again.');
    expect(await h.auth.authenticate(second.accessToken)).toBeNull();
    const other = (await h.auth.login('ada@example.com', PASSWORD))?.tokens;
    expect(await h.auth.authenticate(other?.accessToken ?? null)).toMatchObject({ userId: adaId });
  });

  it('are refused when unknown or expired', async () => {
    await expect(h.auth.refresh(randomBytes(32).toString('base64url'))).rejects.toThrow(UnauthenticatedError);
    const tokens = (await h.auth.login('ada@example.com', PASSWORD))?.tokens;
    h.clock.advance(h.config.REFRESH_TOKEN_TTL_DAYS * 24 * HOUR + 1000);
    await expect(h.auth.refresh(tokens?.refreshToken ?? '')).rejects.toThrow(UnauthenticatedError);
  });
});

describe('logout', () => {
  it('ends the session of the refresh token: it no longer refreshes and its access token stops working', async () => {
    const tokens = (await h.auth.login('ada@example.com', PASSWORD))?.tokens;
    const other = (await h.auth.login('ada@example.com', PASSWORD))?.tokens;
    expect(await h.auth.logout(tokens?.refreshToken ?? '')).toBe(true);
    await expect(h.auth.refresh(tokens?.refreshToken ?? '')).rejects.toThrow(UnauthenticatedError);
    expect(await h.auth.authenticate(tokens?.accessToken ?? null)).toBeNull();
    expect(await h.auth.authenticate(other?.accessToken ?? null)).toMatchObject({ userId: adaId });
    expect(await h.auth.logout(randomBytes(32).toString('base64url'))).toBe(false);
  });

  it('everywhere ends every session of the user and no one else\'s', async () => {
    const a = (await h.auth.login('ada@example.com', PASSWORD))?.tokens;
    const b = (await h.auth.login('ada@example.com', PASSWORD))?.tokens;
    const root = (await h.auth.login('root@example.com', PASSWORD))?.tokens;
    expect(await h.auth.logoutEverywhere(adaId)).toBeGreaterThanOrEqual(2);
    expect(await h.auth.authenticate(a?.accessToken ?? null)).toBeNull();
    await expect(h.auth.refresh(b?.refreshToken ?? '')).rejects.toThrow(UnauthenticatedError);
    expect(await h.auth.authenticate(root?.accessToken ?? null)).toMatchObject({ userId: adminId, platformAdmin: true });
  });
});

describe('rate limit', () => {
  const fail = (email: string, ip: string) => h.auth.login(email, 'wrong password', { ip }).catch((err: unknown) => err);
  const MAX = () => h.config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS;

  it('blocks an e-mail and address after its failures for the rest of the 15-minute window, even with the right password', async () => {
    for (let i = 0; i < MAX(); i++) expect(await fail('ada@example.com', '192.0.2.1')).toBeInstanceOf(UnauthenticatedError);
    await expect(h.auth.login('ada@example.com', PASSWORD, { ip: '192.0.2.1' })).rejects.toThrow(RateLimitedError);
    await expect(h.auth.login('ada@example.com', PASSWORD, { ip: '192.0.2.2' })).resolves.toMatchObject({ user: { id: adaId } });
    h.clock.advance(15 * 60_000);
    await expect(h.auth.login('ada@example.com', PASSWORD, { ip: '192.0.2.1' })).resolves.toMatchObject({ user: { id: adaId } });
  });

  it('counts unknown e-mails too, and a success clears the count', async () => {
    for (let i = 0; i < MAX(); i++) await fail('ghost@example.com', '192.0.2.3');
    expect(await fail('ghost@example.com', '192.0.2.3')).toBeInstanceOf(RateLimitedError);
    for (let i = 0; i < MAX() - 1; i++) await fail('ada@example.com', '192.0.2.4');
    await h.auth.login('ada@example.com', PASSWORD, { ip: '192.0.2.4' });
    for (let i = 0; i < MAX() - 1; i++) await fail('ada@example.com', '192.0.2.4');
    await expect(h.auth.login('ada@example.com', PASSWORD, { ip: '192.0.2.4' })).resolves.toMatchObject({ user: { id: adaId } });
  });

  it('with real argon2, refuses none of 16 parallel log-ins with the right password', async () => {
    const logins = await Promise.all(Array.from({ length: 16 }, () => h.auth.login('ada@example.com', PASSWORD, { ip: '192.0.2.5' }).then(
      () => 'ok', (err: unknown) => (err as Error).constructor.name)));
    expect(logins).toEqual(Array(16).fill('ok'));
  });
});

describe('changePassword', () => {
  it('checks the current password, then ends every session and only the new password logs in', async () => {
    const actor = { userId: adaId, role: 'SUPER_ADMIN' as const };
    await expect(h.auth.changePassword(actor, 'wrong', 'a new password')).rejects.toThrow(ValidationError);
    await expect(h.auth.changePassword(actor, PASSWORD, 'short')).rejects.toThrow('Passwords must be at least 8 characters long.');
    const before = (await h.auth.login('ada@example.com', PASSWORD))?.tokens;
    await h.auth.changePassword(actor, PASSWORD, 'a new password');
    expect(await h.auth.authenticate(before?.accessToken ?? null)).toBeNull();
    await expect(h.auth.login('ada@example.com', PASSWORD)).rejects.toThrow(UnauthenticatedError);
    await expect(h.auth.login('ada@example.com', 'a new password')).resolves.toMatchObject({ user: { id: adaId } });
    // ensureUser puts the seeded password back (printed demo log-ins keep working).
    await ensureUser(h.services, { email: 'ada@example.com', password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
    await expect(h.auth.login('ada@example.com', PASSWORD)).resolves.toMatchObject({ user: { id: adaId } });
  });
});
