/**
 * Authentication from token claims and the in-memory revocation and roles-version cache
 * (docs/decisions/0023) on the real PostgreSQL: no query per request, and every way a session ends
 * or roles change takes effect on another server process within one second, through LISTEN/NOTIFY.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantEcosystemRole, revokeEcosystemRole } from '../../domain/user/handlers';
import type { Viewer } from '../context';
import { ensureUser, SYSTEM_ACTOR } from './seed';
import type { AuthService, TokenPair } from './service';
import { withCredentials } from '../../infra/db/pool';
import { countPoolUse, startAuthHarness, trustedCache, type AuthHarness } from './testing';
import { MAX_TOKEN_ROLES } from './tokens';

const ECO = '0a000000-0000-4000-8000-00000000000a';
const OTHER_ECO = '0b000000-0000-4000-8000-00000000000b';
const PASSWORD = 'correct horse battery';

let h: AuthHarness;
/** Another API process on the same database: it hears of changes only through the database. */
let other: AuthService;
let adaId: string;

beforeAll(async () => {
  h = await startAuthHarness();
  other = await h.startAnotherServer();
  adaId = (await ensureUser(h.services, {
    email: 'ada@example.com', password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', roles: [{ ecosystemId: ECO, role: 'MEMBER' }],
  })).userId;
});
afterAll(async () => { await h.stop(); });

async function logIn(email = 'ada@example.com'): Promise<TokenPair> {
  const tokens = (await h.auth.login(email, PASSWORD)).tokens;
  if (!tokens) throw new Error('no tokens');
  return tokens;
}

const cacheTrusted = async (server: AuthService) => expect(await trustedCache(server)).toBe(true);

/** `server` authenticates `token` without asking the database anything (auth's only pool is apiPool). */
async function fromCache(server: AuthService, token: string): Promise<Viewer | null> {
  await cacheTrusted(server);
  const use = countPoolUse(h.db.apiPool);
  try {
    return await server.authenticate(token);
  } finally {
    use.restore();
    expect(use.count).toBe(0);
  }
}

/**
 * Polls `holds` until it is true, which must happen within one second of the call; once the second
 * has passed, the very next request must see it too.
 */
async function takesEffectWithinOneSecond(holds: () => Promise<boolean>): Promise<void> {
  const start = performance.now();
  let tookMs: number | null = null;
  while (tookMs === null && performance.now() - start < 1000) {
    if (await holds()) tookMs = performance.now() - start;
    else await sleep(10);
  }
  expect(tookMs, 'took effect within one second').not.toBeNull();
  await sleep(Math.max(0, 1000 - (performance.now() - start)));
  expect(await holds()).toBe(true);
}

const roleSet = (viewer: Viewer | null) => viewer?.roles.map((r) => `${r.ecosystemId}/${r.role}/${r.programId ?? '-'}`).sort();
/** Gives or takes a role of Ada's; resolves once the event is appended, not once it is projected. */
async function changeRole(handler: typeof revokeEcosystemRole, ecosystemId: string, role: 'TEACHER' | 'MEMBER') {
  const { position } = await h.bus.dispatch(handler, { userId: adaId, ecosystemId, role, programId: null }, { actor: SYSTEM_ACTOR, commandId: randomUUID() });
  return { projected: async () => { if (position) expect(await h.runner.waitFor(position, ['users'], 10_000)).toBe(true); } };
}

describe('a request', () => {
  it('is authenticated from the token and the cache alone: no statement, no pooled connection', async () => {
    const { accessToken } = await logIn();
    await cacheTrusted(h.auth);
    await cacheTrusted(other);
    const use = countPoolUse(h.db.apiPool);
    const viewers = [];
    for (let i = 0; i < 50; i++) viewers.push(await h.auth.authenticate(accessToken), await other.authenticate(accessToken));
    use.restore();
    expect(use.count).toBe(0);
    expect(new Set(viewers.map((v) => JSON.stringify(v))).size).toBe(1);
    expect(viewers[0]).toEqual({ userId: adaId, email: 'ada@example.com', platformAdmin: false, roles: [{ ecosystemId: ECO, role: 'MEMBER', programId: null }] });
  });
});

describe('ended sessions are refused by every server within one second', () => {
  it('logout', async () => {
    const tokens = await logIn();
    const kept = await logIn();
    expect(await fromCache(other, tokens.accessToken)).not.toBeNull();
    await h.auth.logout(tokens.refreshToken);
    // The server that logged out knows at once.
    expect(await fromCache(h.auth, tokens.accessToken)).toBeNull();
    await takesEffectWithinOneSecond(async () => (await fromCache(other, tokens.accessToken)) === null);
    expect(await fromCache(other, kept.accessToken)).toMatchObject({ userId: adaId });
  });

  it('logout everywhere', async () => {
    const a = await logIn();
    const b = await logIn();
    await h.auth.logoutEverywhere(adaId);
    await takesEffectWithinOneSecond(async () =>
      (await fromCache(other, a.accessToken)) === null && (await fromCache(other, b.accessToken)) === null);
  });

  it('password change', async () => {
    const tokens = await logIn();
    await h.auth.changePassword({ userId: adaId, role: 'MEMBER' }, PASSWORD, 'another good password');
    await takesEffectWithinOneSecond(async () => (await fromCache(other, tokens.accessToken)) === null);
    await ensureUser(h.services, { email: 'ada@example.com', password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('reuse of an exchanged refresh token', async () => {
    const first = await logIn();
    const second = await h.auth.refresh(first.refreshToken);
    h.clock.advance(h.config.REFRESH_REUSE_GRACE_SECONDS * 1000 + 1);
    await expect(h.auth.refresh(first.refreshToken)).rejects.toThrow('Your session has expired. Please log in again.');
    await takesEffectWithinOneSecond(async () => (await fromCache(other, second.accessToken)) === null);
  });
});

describe('role changes reach every server within one second', () => {
  it('a role given, then taken away, shows in requests with a token issued before', async () => {
    const { accessToken, refreshToken } = await logIn();
    expect(roleSet(await fromCache(other, accessToken))).toEqual([`${ECO}/MEMBER/-`]);
    await changeRole(grantEcosystemRole, OTHER_ECO, 'TEACHER');
    const both = [`${ECO}/MEMBER/-`, `${OTHER_ECO}/TEACHER/-`];
    await takesEffectWithinOneSecond(async () => JSON.stringify(roleSet(await other.authenticate(accessToken))) === JSON.stringify(both));
    // Loaded once into the cache, then served from it.
    expect(roleSet(await fromCache(other, accessToken))).toEqual(both);

    await changeRole(revokeEcosystemRole, ECO, 'MEMBER');
    await takesEffectWithinOneSecond(async () => JSON.stringify(roleSet(await other.authenticate(accessToken))) === JSON.stringify([`${OTHER_ECO}/TEACHER/-`]));

    // A refresh issues a token that carries the current roles and version.
    const renewed = await other.refresh(refreshToken);
    expect(decodeJwt(renewed.accessToken).rol).toEqual([[OTHER_ECO, 'TEACHER']]);
    expect(roleSet(await fromCache(h.auth, renewed.accessToken))).toEqual([`${OTHER_ECO}/TEACHER/-`]);
    await changeRole(grantEcosystemRole, ECO, 'MEMBER');
    await takesEffectWithinOneSecond(async () => roleSet(await other.authenticate(accessToken))?.length === 2);
  });
});

describe('a server that starts', () => {
  it('loads recent revocations and role changes before its first request', async () => {
    const revoked = await logIn();
    const stale = await logIn();
    await h.auth.logout(revoked.refreshToken);
    await (await changeRole(grantEcosystemRole, ECO, 'TEACHER')).projected();
    const restarted = await h.startAnotherServer();
    expect(await fromCache(restarted, revoked.accessToken)).toBeNull();
    expect(roleSet(await restarted.authenticate(stale.accessToken))).toContain(`${ECO}/TEACHER/-`);
    await (await changeRole(revokeEcosystemRole, ECO, 'TEACHER')).projected();
  });

  it('asks the database per request while it cannot listen, and refuses revoked sessions all the same', async () => {
    const deaf = await h.startAnotherServer({ newListenerClient: () => new pg.Client({ connectionString: withCredentials(h.db.apiUrl, 'app_api', 'wrong password') }) });
    const tokens = await logIn();
    expect(deaf.cacheTrusted).toBe(false);
    const use = countPoolUse(h.db.apiPool);
    expect(await deaf.authenticate(tokens.accessToken)).toMatchObject({ userId: adaId });
    use.restore();
    expect(use.count).toBeGreaterThan(0);
    await h.auth.logout(tokens.refreshToken);
    expect(await deaf.authenticate(tokens.accessToken)).toBeNull();
  });
});

describe('when the listening connection is lost', () => {
  it('never serves a revoked session, and is trusted again once reconnected', async () => {
    const tokens = await logIn();
    expect(await fromCache(other, tokens.accessToken)).not.toBeNull();
    const killed = await h.db.ownerPool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'auth-listener' AND datname = current_database()`);
    expect(killed.rowCount).toBeGreaterThan(0);
    // Revoked while no server listens: the per-request check of the fallback, or the state loaded
    // on reconnecting, must know; within the second, and from then on.
    await h.auth.logoutEverywhere(adaId);
    await takesEffectWithinOneSecond(async () => (await other.authenticate(tokens.accessToken)) === null);
    for (let i = 0; i < 20; i++) {
      expect(await other.authenticate(tokens.accessToken)).toBeNull();
      await sleep(25);
    }
    expect(await fromCache(other, tokens.accessToken)).toBeNull();
    expect(await fromCache(other, (await logIn()).accessToken)).toMatchObject({ userId: adaId });
  });
});

describe('users with many roles', () => {
  it('get a token without roles, whose roles are loaded once and then served from the cache', async () => {
    const many = Array.from({ length: MAX_TOKEN_ROLES + 1 }, () => ({ ecosystemId: randomUUID(), role: 'PUPIL' as const, programId: randomUUID() }));
    await ensureUser(h.services, { email: 'many@example.com', password: PASSWORD, firstName: 'Many', lastName: 'Roles', roles: many });
    const { accessToken } = await logIn('many@example.com');
    expect(decodeJwt(accessToken).rol).toBeUndefined();
    expect((await other.authenticate(accessToken))?.roles).toHaveLength(MAX_TOKEN_ROLES + 1);
    expect((await fromCache(other, accessToken))?.roles).toHaveLength(MAX_TOKEN_ROLES + 1);
  });

  it('up to the bound, carry them in a token under 2 KB', async () => {
    const roles = Array.from({ length: MAX_TOKEN_ROLES }, () => ({ ecosystemId: randomUUID(), role: 'LEADER' as const, programId: randomUUID() }));
    await ensureUser(h.services, { email: 'bounded@example.com', password: PASSWORD, firstName: 'Bo', lastName: 'Unded', roles });
    const { accessToken } = await logIn('bounded@example.com');
    expect(accessToken.length).toBeLessThan(2048);
    expect((await fromCache(other, accessToken))?.roles).toHaveLength(MAX_TOKEN_ROLES);
  });
});
