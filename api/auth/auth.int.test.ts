import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { toGlobalId } from '../relay';
import { ensureUser } from './seed';

const ECO = '0a000000-0000-4000-8000-00000000000a';
const OTHER_ECO = '0b000000-0000-4000-8000-00000000000b';
const PASSWORD = 'graphql test password';

let api: TestApi;
let memberId: string;
let bystanderId: string;

const LOGIN = `mutation Login($email: String!, $password: String!, $ecosystemId: ID) {
  loginPaas(email: $email, password: $password, ecosystemId: $ecosystemId) { token refreshToken redirect userIdToken mfaMethods }
}`;
const ME = `query Me { getCurrentUserV2 {
  id email { address verified } isMultiEcosystemUser createdAt isInternalTeamAccount
  ecosystemRoles { ecosystemId role status supportedSchoolIds } programRoles { ecosystemId programId role }
  profile { firstName lastName preferredName MFASettings { method } }
} }`;

interface LoginPayload { token: string; refreshToken: string | null; redirect: string; userIdToken: string; mfaMethods: string[] }
type GraphQLErrorBody = { message: string; extensions: { code: string; retryAfterSeconds?: number } };

async function loginOverHttp(email: string, password = PASSWORD, ecosystemId?: string) {
  const res = await fetch(`${api.url}/graphql`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: LOGIN, variables: { email, password, ecosystemId } }),
  });
  const body = (await res.json()) as { data?: { loginPaas: LoginPayload } | null; errors?: GraphQLErrorBody[] };
  return { body, cookies: res.headers.getSetCookie() };
}

const refreshCookie = (cookies: string[]) => cookies.find((c) => c.startsWith('refresh_token=') && c.includes('Path=/refresh-tokens'));
const cookieValue = (cookie: string | undefined) => cookie?.split(';')[0].slice('refresh_token='.length) ?? '';

function post(path: string, init: { cookie?: string; json?: unknown } = {}) {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { ...(init.cookie ? { cookie: `refresh_token=${init.cookie}` } : {}), ...(init.json ? { 'content-type': 'application/json' } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
}

beforeAll(async () => {
  api = await startTestApi();
  const services = api.platform.services;
  memberId = (await ensureUser(services, {
    email: 'member@example.com', password: PASSWORD, firstName: 'Mia', lastName: 'Member',
    roles: [{ ecosystemId: ECO, role: 'MEMBER' }, { ecosystemId: OTHER_ECO, role: 'LEADER', programId: OTHER_ECO }],
  })).userId;
  bystanderId = (await ensureUser(services, { email: 'bystander@example.com', password: PASSWORD, firstName: 'Bo', lastName: 'Bystander' })).userId;
  await ensureUser(services, { email: 'staff@example.com', password: PASSWORD, firstName: 'Sam', lastName: 'Staff', platformAdmin: true });
});
afterAll(async () => { await api.stop(); });

describe('loginPaas', () => {
  it('answers the access token and the redirect, and the refresh token only as an HttpOnly, SameSite=Strict cookie', async () => {
    const { body, cookies } = await loginOverHttp('Member@Example.com');
    const payload = body.data?.loginPaas;
    expect(payload).toMatchObject({ redirect: '/', mfaMethods: [], refreshToken: null });
    expect(payload?.token).toEqual(expect.any(String));
    expect(payload?.userIdToken).toEqual(expect.any(String));
    const set = cookies.filter((c) => c.startsWith('refresh_token='));
    expect(set.map((c) => /Path=([^;]+)/.exec(c)?.[1]).sort()).toEqual(['/logout', '/refresh-tokens']);
    for (const cookie of set) {
      expect(cookieValue(cookie)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      // Secure only in production: tests run over plain http.
      expect(cookie).not.toMatch(/Secure/i);
    }
  });

  it('refuses none of 16 parallel log-ins with the right password', async () => {
    const answers = await Promise.all(Array.from({ length: 16 }, () => loginOverHttp('member@example.com')));
    expect(answers.map((a) => a.body.errors?.[0]?.extensions.code ?? 'ok')).toEqual(Array(16).fill('ok'));
  });

  it('sends platform admins to the internal admin panel', async () => {
    expect((await loginOverHttp('staff@example.com')).body.data?.loginPaas.redirect).toBe('/internal-admin-panel');
  });

  it('answers UNAUTHENTICATED with one message for a wrong password and an unknown e-mail, and sets no cookie', async () => {
    for (const [email, password] of [['member@example.com', 'wrong password'], ['nobody@example.com', PASSWORD]]) {
      const { body, cookies } = await loginOverHttp(email, password);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]).toMatchObject({ message: 'Invalid email or password.', extensions: { code: 'UNAUTHENTICATED' } });
      expect(refreshCookie(cookies)).toBeUndefined();
    }
  });

  it('answers FORBIDDEN for an ecosystem the user does not belong to, and accepts global or raw ids of one they do', async () => {
    const outside = await loginOverHttp('member@example.com', PASSWORD, '0d000000-0000-4000-8000-00000000000d');
    expect(outside.body.errors?.[0]).toMatchObject({ message: 'This account does not belong to this ecosystem.', extensions: { code: 'FORBIDDEN' } });
    expect((await loginOverHttp('member@example.com', PASSWORD, ECO)).body.data?.loginPaas.token).toEqual(expect.any(String));
    expect((await loginOverHttp('member@example.com', PASSWORD, toGlobalId('Ecosystem', ECO))).body.data?.loginPaas.token).toEqual(expect.any(String));
  });

  it('answers RATE_LIMITED with when to try again after too many failures', async () => {
    const max = api.platform.services.config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS;
    for (let i = 0; i < max; i++) await loginOverHttp('member-limit@example.com', 'wrong password');
    const { body } = await loginOverHttp('member-limit@example.com', 'wrong password');
    expect(body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Too many failed log-in attempts\. Please try again in 1[45] minutes\.$/),
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
    });
    expect(body.errors?.[0].extensions.retryAfterSeconds).toBeGreaterThan(14 * 60);
  });
});

describe('getCurrentUserV2', () => {
  it('answers the signed-in user with the spec section 3 fields', async () => {
    const token = await api.login('member@example.com', PASSWORD);
    const res = await api.graphql<{ getCurrentUserV2: Record<string, unknown> }>(ME, {}, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.getCurrentUserV2).toMatchObject({
      id: toGlobalId('User', memberId),
      email: { address: 'member@example.com', verified: false },
      isMultiEcosystemUser: true,
      isInternalTeamAccount: false,
      ecosystemRoles: [{ ecosystemId: toGlobalId('Ecosystem', ECO), role: 'MEMBER', status: 'ACTIVE', supportedSchoolIds: [] }],
      programRoles: [{ ecosystemId: toGlobalId('Ecosystem', OTHER_ECO), programId: toGlobalId('Program', OTHER_ECO), role: 'LEADER' }],
      profile: { firstName: 'Mia', lastName: 'Member', preferredName: null, MFASettings: [] },
    });
  });

  it('answers null without a token and UNAUTHENTICATED with an invalid one (so the client refreshes)', async () => {
    expect((await api.graphql(ME)).data).toEqual({ getCurrentUserV2: null });
    const res = await api.graphql(ME, {}, { token: 'not-a-token' });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('the user is also reachable as a Node by its global id', async () => {
    const token = await api.login('member@example.com', PASSWORD);
    const res = await api.graphql<{ node: { id: string; email: { address: string } } }>(
      'query N($id: ID!) { node(id: $id) { id ... on User { email { address } } } }', { id: toGlobalId('User', memberId) }, { token });
    expect(res.data?.node).toEqual({ id: toGlobalId('User', memberId), email: { address: 'member@example.com' } });
  });
});

describe('POST /refresh-tokens', () => {
  it('rotates the cookie and answers only an access token', async () => {
    const first = cookieValue(refreshCookie((await loginOverHttp('member@example.com')).cookies));
    const res = await post('/refresh-tokens', { cookie: first });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { accessToken: string };
    expect(body).toEqual({ accessToken: expect.any(String) });
    const second = cookieValue(refreshCookie(res.headers.getSetCookie()));
    expect(second).not.toBe(first);
    expect((await api.graphql(ME, {}, { token: body.accessToken })).data).toMatchObject({ getCurrentUserV2: { id: toGlobalId('User', memberId) } });
    expect((await post('/refresh-tokens', { cookie: second })).status).toBe(200);
  });

  it('gives two tabs refreshing with the same cookie at once a working session each (reuse after the grace window: routes.int.test.ts)', async () => {
    const first = cookieValue(refreshCookie((await loginOverHttp('member@example.com')).cookies));
    const answers = await Promise.all([post('/refresh-tokens', { cookie: first }), post('/refresh-tokens', { cookie: first })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    for (const answer of answers) {
      const { accessToken } = (await answer.json()) as { accessToken: string };
      expect((await api.graphql(ME, {}, { token: accessToken })).data).toMatchObject({ getCurrentUserV2: { id: toGlobalId('User', memberId) } });
      expect((await post('/refresh-tokens', { cookie: cookieValue(refreshCookie(answer.headers.getSetCookie())) })).status).toBe(200);
    }
  });

  it('ignores a token in a JSON body: the cookie is the only way in', async () => {
    const first = cookieValue(refreshCookie((await loginOverHttp('member@example.com')).cookies));
    const res = await post('/refresh-tokens', { json: { refreshToken: first } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Your session has expired. Please log in again.', code: 'UNAUTHENTICATED' });
  });

  it('answers 401 with a JSON error without a token', async () => {
    const res = await post('/refresh-tokens');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('logout', () => {
  it('POST /logout revokes the session and clears the cookie', async () => {
    const { body, cookies } = await loginOverHttp('member@example.com');
    const res = await post('/logout', { cookie: cookieValue(refreshCookie(cookies)) });
    expect(res.status).toBe(200);
    expect(refreshCookie(res.headers.getSetCookie())).toMatch(/refresh_token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect((await post('/refresh-tokens', { cookie: cookieValue(refreshCookie(cookies)) })).status).toBe(401);
    expect((await api.graphql(ME, {}, { token: body.data?.loginPaas.token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  const LOGOUT = 'mutation L($id: ID!) { Logout(userId: $id) }';

  it('Logout(userId) ends every session of the signed-in user', async () => {
    const token = await api.login('member@example.com', PASSWORD);
    const other = await api.login('member@example.com', PASSWORD);
    expect((await api.graphql(LOGOUT, { id: toGlobalId('User', memberId) }, { token })).data).toEqual({ Logout: true });
    expect((await api.graphql(ME, {}, { token: other })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('Logout(userId) without a valid access token answers UNAUTHENTICATED (the client refreshes and retries), and clears the cookies with one', async () => {
    const { body, cookies } = await loginOverHttp('member@example.com');
    const cookie = cookieValue(refreshCookie(cookies));
    const logout = (token?: string) => fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `refresh_token=${cookie}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: LOGOUT, variables: { id: toGlobalId('User', memberId) } }),
    });
    const without = (await (await logout()).json()) as { errors?: Array<{ extensions: { code: string } }> };
    expect(without.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await post('/refresh-tokens', { cookie })).status).toBe(200);
    const res = await logout(body.data?.loginPaas.token);
    expect(await res.json()).toEqual({ data: { Logout: true } });
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('refresh_token=;')).length).toBe(2);
  });

  it('Logout of another user is FORBIDDEN, except for a platform admin', async () => {
    const member = await api.login('member@example.com', PASSWORD);
    const forbidden = await api.graphql(LOGOUT, { id: bystanderId }, { token: member });
    expect(forbidden.errors?.[0]).toMatchObject({ message: 'You can only log yourself out.', extensions: { code: 'FORBIDDEN' } });
    const bystander = await api.login('bystander@example.com', PASSWORD);
    expect((await api.graphql(ME, {}, { token: bystander })).errors).toBeUndefined();
    const staff = await api.login('staff@example.com', PASSWORD);
    expect((await api.graphql(LOGOUT, { id: bystanderId }, { token: staff })).data).toEqual({ Logout: true });
    expect((await api.graphql(ME, {}, { token: bystander })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await api.graphql(ME, {}, { token: staff })).data).toMatchObject({ getCurrentUserV2: { isInternalTeamAccount: true } });
  });
});
