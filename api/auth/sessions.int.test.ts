/**
 * Refresh-token sessions against the real PostgreSQL: the absolute lifetime beside the idle one,
 * the reuse grace window under truly concurrent refreshes, and the purge of ended sessions.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UnauthenticatedError } from '../../domain/shared/errors';
import { ensureUser } from './seed';
import { startAuthHarness, type AuthHarness } from './testing';

const PASSWORD = 'correct horse battery';
const DAY = 86_400_000;
const GRACE_MS = 10_000;

let h: AuthHarness;
let adaId: string;

beforeAll(async () => {
  h = await startAuthHarness({ config: { REFRESH_TOKEN_TTL_DAYS: '7', REFRESH_SESSION_MAX_DAYS: '20', REFRESH_REUSE_GRACE_SECONDS: '10', AUTH_RETENTION_DAYS: '30' } });
  adaId = (await ensureUser(h.services, { email: 'ada@example.com', password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' })).userId;
});
afterAll(async () => { await h.stop(); });

async function logIn() {
  const tokens = (await h.auth.login('ada@example.com', PASSWORD)).tokens;
  if (!tokens) throw new Error('no tokens');
  return tokens;
}
const outcome = (p: Promise<unknown>) => p.then(() => 'ok', (err: unknown) => (err instanceof UnauthenticatedError ? 'UNAUTHENTICATED' : err));
const familyOf = async (token: string) => (await h.auth.refresh(token).then((pair) => h.auth.authenticate(pair.accessToken)))?.userId;

describe('absolute lifetime', () => {
  it('ends a session at its absolute expiry however often it was refreshed, access tokens included', async () => {
    const start = h.clock.now.getTime();
    let tokens = await logIn();
    for (let day = 6; day < 20; day += 6) {
      h.clock.advance(6 * DAY);
      tokens = await h.auth.refresh(tokens.refreshToken);
    }
    // Day 18: the idle expiry (day 25) is capped at the absolute one.
    expect(tokens.refreshTokenExpiresAt.getTime()).toBe(start + 20 * DAY);
    h.clock.advance(2 * DAY - 60_000);
    tokens = await h.auth.refresh(tokens.refreshToken);
    expect(await h.auth.authenticate(tokens.accessToken)).toMatchObject({ userId: adaId });
    h.clock.advance(60_000);
    expect(await h.auth.authenticate(tokens.accessToken)).toBeNull();
    await expect(h.auth.refresh(tokens.refreshToken)).rejects.toThrow('Your session has expired. Please log in again.');
    expect(await outcome(logIn())).toBe('ok');
  });

  it('ends an idle session at its token expiry, before the absolute one', async () => {
    const tokens = await logIn();
    h.clock.advance(7 * DAY);
    expect(await outcome(h.auth.refresh(tokens.refreshToken))).toBe('UNAUTHENTICATED');
  });
});

describe('reuse grace window', () => {
  it('gives each of several concurrent refreshes with one token its own working pair in the same session', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 2, max: 8 }), async (n) => {
      const first = await logIn();
      const pairs = await Promise.all(Array.from({ length: n }, () => h.auth.refresh(first.refreshToken)));
      expect(new Set(pairs.map((p) => p.refreshToken)).size).toBe(n);
      const rows = await h.db.ownerPool.query<{ successors: number; used: number }>(
        `SELECT (SELECT count(*)::int FROM auth.refresh_tokens WHERE rotated_from = t.id) AS successors,
                (SELECT count(*)::int FROM auth.refresh_tokens WHERE family_id = t.family_id AND used_at IS NOT NULL) AS used
           FROM auth.refresh_tokens t WHERE token_hash = sha256($1::text::bytea)`, [first.refreshToken]);
      expect(rows.rows[0]).toEqual({ successors: n, used: 1 });
      for (const pair of pairs) expect(await h.auth.authenticate(pair.accessToken)).toMatchObject({ userId: adaId });
      expect(await Promise.all(pairs.map((p) => familyOf(p.refreshToken)))).toEqual(Array(n).fill(adaId));
    }), { numRuns: 8 });
  });

  it('counts the window from the first exchange: a graced one does not stretch it', async () => {
    const first = await logIn();
    const second = await h.auth.refresh(first.refreshToken);
    h.clock.advance(GRACE_MS - 1000);
    const graced = await h.auth.refresh(first.refreshToken);
    h.clock.advance(2000);
    expect(await outcome(h.auth.refresh(first.refreshToken))).toBe('UNAUTHENTICATED');
    for (const pair of [second, graced]) {
      expect(await h.auth.authenticate(pair.accessToken)).toBeNull();
      expect(await outcome(h.auth.refresh(pair.refreshToken))).toBe('UNAUTHENTICATED');
    }
  });

  it('after the window, concurrent replays all fail and end the session', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 6 }), async (n) => {
      const first = await logIn();
      const next = await h.auth.refresh(first.refreshToken);
      h.clock.advance(GRACE_MS + 1);
      const replays = await Promise.all(Array.from({ length: n }, () => outcome(h.auth.refresh(first.refreshToken))));
      expect(replays).toEqual(Array(n).fill('UNAUTHENTICATED'));
      expect(await outcome(h.auth.refresh(next.refreshToken))).toBe('UNAUTHENTICATED');
      const family = await h.db.ownerPool.query<{ revoked_reason: string }>(
        'SELECT f.revoked_reason FROM auth.refresh_token_families f JOIN auth.refresh_tokens t ON t.family_id = f.id WHERE t.token_hash = sha256($1::text::bytea)',
        [first.refreshToken]);
      expect(family.rows[0].revoked_reason).toBe('reuse_detected');
    }), { numRuns: 5 });
  });

  it('a refresh racing a logout of the same session leaves nothing usable', async () => {
    for (let i = 0; i < 5; i++) {
      const first = await logIn();
      const [refreshed] = await Promise.all([h.auth.refresh(first.refreshToken).catch(() => null), h.auth.logout(first.refreshToken)]);
      if (refreshed) {
        expect(await h.auth.authenticate(refreshed.accessToken)).toBeNull();
        expect(await outcome(h.auth.refresh(refreshed.refreshToken))).toBe('UNAUTHENTICATED');
      }
      expect(await outcome(h.auth.refresh(first.refreshToken))).toBe('UNAUTHENTICATED');
    }
  });
});

describe('purge', () => {
  const familyCount = async (token: string) => (await h.db.ownerPool.query(
    'SELECT 1 FROM auth.refresh_token_families f WHERE f.id = (SELECT family_id FROM auth.refresh_tokens WHERE token_hash = sha256($1::text::bytea))',
    [token])).rowCount ?? 0;
  const tokensOf = async (token: string) => (await h.db.ownerPool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM auth.refresh_tokens WHERE family_id IN
       (SELECT family_id FROM auth.refresh_tokens WHERE token_hash = sha256($1::text::bytea))`, [token])).rows[0].n;

  it('deletes sessions, tokens included, once they ended longer ago than the retention', async () => {
    const revoked = await logIn();
    await h.auth.logout(revoked.refreshToken);
    const idle = await logIn();
    let refreshed = await logIn();
    const firstOfRefreshed = refreshed.refreshToken;
    for (let day = 6; day < 20; day += 6) {
      h.clock.advance(6 * DAY);
      refreshed = await h.auth.refresh(refreshed.refreshToken);
    }
    // Day 37.5: the revoked (day 0) and idle (day 7) sessions ended over 30 days ago; the refreshed one ended on day 20.
    h.clock.advance(19.5 * DAY);
    const live = await logIn();
    const purged = await h.auth.maintenance.purgeOnce();
    expect(purged.families).toBeGreaterThanOrEqual(2);
    expect([await familyCount(revoked.refreshToken), await familyCount(idle.refreshToken), await familyCount(refreshed.refreshToken)]).toEqual([0, 0, 1]);
    expect(await tokensOf(firstOfRefreshed)).toBe(4);
    h.clock.advance(14 * DAY);
    await h.auth.maintenance.purgeOnce();
    expect(await familyCount(refreshed.refreshToken)).toBe(0);
    expect(await familyCount(live.refreshToken)).toBe(1);
  });

  it('runs periodically once started, and stops', async () => {
    await h.db.ownerPool.query(`INSERT INTO auth.login_attempts (id, account_key, ip, started_at, lease_until)
      VALUES (gen_random_uuid(), 'k', 'periodic', $1, $1)`, [new Date(h.clock.now.getTime() - 60_000)]);
    const left = async () => (await h.db.ownerPool.query("SELECT 1 FROM auth.login_attempts WHERE ip = 'periodic'")).rowCount;
    h.auth.maintenance.start(20);
    try {
      await vi.waitFor(async () => expect(await left()).toBe(0), { timeout: 10_000, interval: 20 });
    } finally {
      await h.auth.maintenance.stop();
    }
  });
});
