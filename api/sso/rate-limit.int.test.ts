/** Single sign-on starts and returns count against the per-address limit of the auth routes (RATE_LIMIT_AUTH). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';

let api: TestApi;

beforeAll(async () => { api = await startTestApi({ RATE_LIMIT_AUTH: '2' }); });
afterAll(async () => { await api?.stop(); });

it('answers 429 once an address has started too many sign-ins, whichever provider', async () => {
  const start = (provider: string) => fetch(`${api.url}/sso/${provider}/start?ecosystemId=${api.platform.demo!.ecosystemId}`, { redirect: 'manual' });
  expect((await start('clever')).status).toBe(303);
  expect((await start('google')).status).toBe(303);
  const third = await start('classlink');
  expect(third.status).toBe(429);
  expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
  const before = (await api.db.ownerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.sso_flows')).rows[0].n;
  expect((await fetch(`${api.url}/sso/schoology/saml/start?ecosystemId=${api.platform.demo!.ecosystemId}`, { redirect: 'manual' })).status).toBe(429);
  expect((await api.db.ownerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.sso_flows')).rows[0].n).toBe(before);
});
