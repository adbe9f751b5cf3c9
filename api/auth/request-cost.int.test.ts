/**
 * The cost of authentication over HTTP, on the platform as `npm start` wires it (docs/decisions/0023):
 * an authenticated request that reads nothing asks the database nothing, and a logout still ends
 * the access token at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { countPoolUse, trustedCache } from './testing';

let api: TestApi;
beforeAll(async () => { api = await startTestApi(); });
afterAll(async () => { await api.stop(); });

describe('an authenticated request', () => {
  it('runs no statement and checks out no connection before it resolves anything', async () => {
    const token = await api.loginAs('ecosystemAdmin');
    expect(await trustedCache(api.platform.services.auth)).toBe(true);
    const use = countPoolUse(api.platform.services.apiPool);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await api.graphql('{ __typename }', {}, { token }));
    use.restore();
    expect(answers.every((a) => a.status === 200 && a.data?.__typename === 'Query')).toBe(true);
    expect(use.count).toBe(0);
    // The same token does identify the viewer (a resolver that reads does use the pool).
    const me = await api.graphql<{ getCurrentUserV2: { email: { address: string } } }>('{ getCurrentUserV2 { email { address } } }', {}, { token });
    expect(me.data?.getCurrentUserV2.email.address).toBe(api.platform.demo?.ecosystemAdmin.email);
  });

  it('answers the viewer\'s own roles from what authentication knows, and reads the account once for anything else', async () => {
    const token = await api.loginAs('ecosystemAdmin');
    expect(await trustedCache(api.platform.services.auth)).toBe(true);
    const ROLES = '{ getCurrentUserV2 { id isInternalTeamAccount isMultiEcosystemUser ecosystemRoles { ecosystemId role } programRoles { programId role } } }';
    const ALL = '{ getCurrentUserV2 { id email { address } createdAt isInternalTeamAccount ecosystemRoles { ecosystemId role } profile { firstName lastName preferredName } } }';
    const rolesOnly = countPoolUse(api.platform.services.apiPool);
    const roles = await api.graphql<{ getCurrentUserV2: { isInternalTeamAccount: boolean; ecosystemRoles: Array<{ role: string }> } }>(ROLES, {}, { token });
    rolesOnly.restore();
    expect(roles.errors).toBeUndefined();
    expect(roles.data?.getCurrentUserV2).toMatchObject({ isInternalTeamAccount: false, ecosystemRoles: [{ role: 'SUPER_ADMIN' }] });
    expect(rolesOnly.count).toBe(0);
    const everything = countPoolUse(api.platform.services.apiPool);
    const all = await api.graphql<{ getCurrentUserV2: { email: { address: string }; createdAt: string; profile: { firstName: string } } }>(ALL, {}, { token });
    everything.restore();
    expect(all.errors).toBeUndefined();
    expect(all.data?.getCurrentUserV2.email.address).toBe(api.platform.demo?.ecosystemAdmin.email);
    expect(all.data?.getCurrentUserV2.profile.firstName).toBeTruthy();
    expect(Date.parse(all.data?.getCurrentUserV2.createdAt ?? '')).toBeGreaterThan(0);
    // One checkout for the request's read transaction, however many fields need the account.
    expect(everything.count).toBe(1);
  });

  it('with the token of a session logged out is UNAUTHENTICATED on the next request', async () => {
    const login = await fetch(`${api.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation L($email: String!, $password: String!) { loginPaas(email: $email, password: $password) { token } }',
        variables: { email: api.platform.demo?.ecosystemAdmin.email, password: api.platform.demo?.ecosystemAdmin.password },
      }),
    });
    const token = ((await login.json()) as { data: { loginPaas: { token: string } } }).data.loginPaas.token;
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('refresh_token=') && c.includes('Path=/logout'))?.split(';')[0];
    expect((await api.graphql('{ getCurrentUserV2 { id } }', {}, { token })).errors).toBeUndefined();
    const out = await fetch(`${api.url}/logout`, { method: 'POST', headers: { cookie: cookie ?? '' } });
    expect(out.status).toBeLessThan(300);
    const after = await api.graphql('{ getCurrentUserV2 { id } }', {}, { token });
    expect(after.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
