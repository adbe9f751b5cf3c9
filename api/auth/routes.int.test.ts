/**
 * POST /refresh-tokens and POST /logout over real HTTP against the real PostgreSQL, on a clock the
 * test moves: the auth routes as the platform registers them, served by a small Fastify app in
 * production mode (Secure cookies). tests of the whole platform are in auth.int.test.ts.
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from './routes';
import { ensureUser } from './seed';
import { startAuthHarness, type AuthHarness } from './testing';

const PASSWORD = 'correct horse battery';
const DAY = 86_400_000;

let h: AuthHarness;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  h = await startAuthHarness({ config: { REFRESH_TOKEN_TTL_DAYS: '7', REFRESH_SESSION_MAX_DAYS: '20', REFRESH_REUSE_GRACE_SECONDS: '10' } });
  await ensureUser(h.services, { email: 'ada@example.com', password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  app = Fastify();
  await app.register(cookie);
  await app.register(authRoutes({ auth: h.auth, config: { ...h.config, NODE_ENV: 'production' }, clock: () => h.clock.now }));
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await h.stop();
});

async function loginToken(): Promise<string> {
  const tokens = (await h.auth.login('ada@example.com', PASSWORD)).tokens;
  if (!tokens) throw new Error('no tokens');
  return tokens.refreshToken;
}

function post(path: string, init: { cookie?: string; json?: unknown } = {}) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...(init.cookie ? { cookie: `refresh_token=${init.cookie}` } : {}), ...(init.json ? { 'content-type': 'application/json' } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
}

const refreshCookies = (res: Response) => res.headers.getSetCookie().filter((c) => c.startsWith('refresh_token='));
const valueOf = (setCookie: string) => setCookie.split(';')[0].slice('refresh_token='.length);

describe('POST /refresh-tokens', () => {
  it('answers only the access token and rotates the cookie: HttpOnly, SameSite=Strict, Secure, for /refresh-tokens and /logout only', async () => {
    const token = await loginToken();
    const res = await post('/refresh-tokens', { cookie: token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { accessToken: string };
    expect(Object.keys(body)).toEqual(['accessToken']);
    expect(await h.auth.authenticate(body.accessToken)).toMatchObject({ email: 'ada@example.com' });
    const cookies = refreshCookies(res);
    expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort()).toEqual(['/logout', '/refresh-tokens']);
    const rotated = valueOf(cookies[0]);
    expect(rotated).not.toBe(token);
    expect(valueOf(cookies[1])).toBe(rotated);
    for (const c of cookies) {
      expect(c).toMatch(/; HttpOnly/);
      expect(c).toMatch(/; SameSite=Strict/);
      expect(c).toMatch(/; Secure/);
      expect(c).toMatch(/; Max-Age=604800/);
    }
    expect((await post('/refresh-tokens', { cookie: rotated })).status).toBe(200);
  });

  it('takes the token only from the cookie: one in the body is ignored', async () => {
    const token = await loginToken();
    const bodyOnly = await post('/refresh-tokens', { json: { refreshToken: token } });
    expect(bodyOnly.status).toBe(401);
    expect(await bodyOnly.json()).toEqual({ error: 'Your session has expired. Please log in again.', code: 'UNAUTHENTICATED' });
    const other = await loginToken();
    const both = await post('/refresh-tokens', { cookie: token, json: { refreshToken: other } });
    expect(both.status).toBe(200);
    expect(Object.keys(await both.json() as object)).toEqual(['accessToken']);
    // The body's token was never used: it still rotates (after the grace window, a used one would end its session).
    h.clock.advance(11_000);
    expect((await post('/refresh-tokens', { cookie: other })).status).toBe(200);
  });

  it('gives two tabs refreshing with the same cookie at once a working pair each', async () => {
    const token = await loginToken();
    const [a, b] = await Promise.all([post('/refresh-tokens', { cookie: token }), post('/refresh-tokens', { cookie: token })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ta, tb] = [valueOf(refreshCookies(a)[0]), valueOf(refreshCookies(b)[0])];
    expect(ta).not.toBe(tb);
    const [ra, rb] = await Promise.all([post('/refresh-tokens', { cookie: ta }), post('/refresh-tokens', { cookie: tb })]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
  });

  it('after the grace window, a reused cookie answers 401, clears the cookie and ends the session', async () => {
    const token = await loginToken();
    const next = valueOf(refreshCookies(await post('/refresh-tokens', { cookie: token }))[0]);
    h.clock.advance(10_001);
    const reuse = await post('/refresh-tokens', { cookie: token });
    expect(reuse.status).toBe(401);
    expect(refreshCookies(reuse).every((c) => /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);
    expect(refreshCookies(reuse)).toHaveLength(2);
    expect((await post('/refresh-tokens', { cookie: next })).status).toBe(401);
  });

  it('answers 401 once the session reached its absolute lifetime, though the token is fresh', async () => {
    let token = await loginToken();
    for (let day = 6; day < 20; day += 6) {
      h.clock.advance(6 * DAY);
      const res = await post('/refresh-tokens', { cookie: token });
      expect(res.status).toBe(200);
      token = valueOf(refreshCookies(res)[0]);
    }
    h.clock.advance(2 * DAY);
    expect((await post('/refresh-tokens', { cookie: token })).status).toBe(401);
  });
});

describe('POST /logout', () => {
  it('ends the cookie\'s session and clears both cookies; repeated, it answers the same', async () => {
    const token = await loginToken();
    for (let i = 0; i < 2; i++) {
      const res = await post('/logout', { cookie: token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
      expect(refreshCookies(res).map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort()).toEqual(['/logout', '/refresh-tokens']);
    }
    expect((await post('/refresh-tokens', { cookie: token })).status).toBe(401);
  });
});
