/**
 * Linking a provider account while signed in (decision 0047), against the real local OpenID
 * provider and the real platform over HTTP: startSsoLink's ticket, GET /sso/:provider/link, the
 * provider, the callback back to the linked-accounts page. The e-mails need not match (the person
 * proved both); an account linked to someone else stays theirs; tickets work once, for their
 * provider, and only into the person's own ecosystems.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityKey, ssoIdentityAggregate } from '../../domain/sso/identity';
import type { SsoProvider } from '../../domain/sso/providers';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { startTestOidcProvider, type TestOidcProvider } from '../../tests/sso/oidc-provider';
import { CookieJar, follow } from '../../tests/sso/browser-less';
import { buildWorld, type World } from '../people/testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let idp: TestOidcProvider;
let world: World;
const PLATFORM_ADMIN = { userId: 'platform-admin-test', role: 'PLATFORM_ADMIN' as const };
const START = 'mutation($e: ID!, $p: SsoProvider!) { startSsoLink(ecosystemId: $e, provider: $p) }';
const OPTIONS = '{ ssoLinkOptions { provider ecosystem { id name } } }';

async function configure(ecosystemId: string, provider: SsoProvider): Promise<void> {
  await api.platform.services.sso.configure(PLATFORM_ADMIN, {
    ecosystemId, provider, protocol: 'OIDC', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret,
    endpoints: null, samlEntryPoint: null, samlCertificate: null, districtClaim: null, newAccountRole: null,
  }, crypto.randomUUID());
}

beforeAll(async () => {
  api = await startTestApi();
  const port = new URL(api.url).port;
  idp = await startTestOidcProvider(['clever', 'google'].map((p) => `http://127.0.0.1:${port}/sso/${p}/callback`));
  world = await buildWorld(api);
  await configure(world.e1, 'CLEVER');
  await configure(world.e1, 'GOOGLE');
});
afterAll(async () => {
  await idp?.stop();
  await api?.stop();
});

async function ticketUrl(token: string, ecosystemId: string, provider: SsoProvider): Promise<string> {
  const res = await api.graphql<{ startSsoLink: string }>(START, { e: ecosystemId, p: provider }, { token });
  if (!res.data?.startSsoLink) throw new Error(JSON.stringify(res.errors));
  return res.data.startSsoLink;
}

/** Follows a link address through the provider (signed in there as `account`) to where it lands. */
async function link(path: string, account: string): Promise<URL> {
  idp.login = account;
  const hops = await follow(`${api.url}${path}`, new CookieJar());
  const last = hops.at(-1)!;
  return new URL(last.location ?? last.url.href, api.url);
}

const identity = (provider: SsoProvider, subject: string) => api.platform.services.bus.load(ssoIdentityAggregate, identityKey(provider, idp.issuer, subject));

describe('linking a provider account while signed in', () => {
  it('offers the providers of the person\'s own ecosystems', async () => {
    const res = await api.graphql<{ ssoLinkOptions: Array<{ provider: string; ecosystem: { id: string } }> }>(OPTIONS, {}, { token: world.tokens.student });
    expect(res.data?.ssoLinkOptions.map((o) => o.provider).sort()).toEqual(['CLEVER', 'GOOGLE']);
    expect(new Set(res.data?.ssoLinkOptions.map((o) => o.ecosystem.id))).toEqual(new Set([toGlobalId('Ecosystem', world.e1)]));
    const outsider = await api.graphql<{ ssoLinkOptions: unknown[] }>(OPTIONS, {}, { token: world.tokens.admin2 });
    expect(outsider.data?.ssoLinkOptions).toEqual([]);
  });

  it('links an account whose e-mail differs from the person\'s, and ends on the settings page', async () => {
    idp.accounts.set('clever-sam-school', { email: 'sam.at.school@district.example', email_verified: false });
    const landing = await link(await ticketUrl(world.tokens.student, world.e1, 'CLEVER'), 'clever-sam-school');
    expect(landing.pathname + landing.search).toBe('/account-settings/linked-accounts?linked=CLEVER');
    expect(await identity('CLEVER', 'clever-sam-school')).toMatchObject({ status: 'linked', userId: world.ids.student, ecosystemId: world.e1 });
    const mine = await api.graphql<{ linkedIdentities: Array<{ provider: string; email: string }> }>('{ linkedIdentities { provider email } }', {}, { token: world.tokens.student });
    expect(mine.data?.linkedIdentities).toContainEqual({ provider: 'CLEVER', email: 'sam.at.school@district.example' });
  });

  it('leaves an account linked to someone else with them, and says so', async () => {
    const before = await api.eventCount();
    const landing = await link(await ticketUrl(world.tokens.parent, world.e1, 'CLEVER'), 'clever-sam-school');
    expect(landing.pathname + landing.search).toBe('/account-settings/linked-accounts?failed=IDENTITY_TAKEN');
    expect(await identity('CLEVER', 'clever-sam-school')).toMatchObject({ status: 'linked', userId: world.ids.student });
    expect(await api.eventCount()).toBe(before);
  });

  it('a ticket works once and only for its provider', async () => {
    idp.accounts.set('google-pat', { email: 'pat.elsewhere@example.org', email_verified: true });
    const path = await ticketUrl(world.tokens.parent, world.e1, 'GOOGLE');
    const wrongProvider = await link(path.replace('/sso/google/', '/sso/clever/'), 'google-pat');
    expect(wrongProvider.pathname + wrongProvider.search).toBe('/account-settings/linked-accounts?failed=FLOW_EXPIRED');
    // The wrong-provider try did not use the ticket up: taking it checks the provider in the same statement.
    const first = await link(path, 'google-pat');
    expect(first.search).toBe('?linked=GOOGLE');
    const again = await link(path, 'google-pat');
    expect(again.pathname + again.search).toBe('/account-settings/linked-accounts?failed=FLOW_EXPIRED');
    const forged = await link('/sso/google/link?ticket=' + 'A'.repeat(43), 'google-pat');
    expect(forged.search).toBe('?failed=FLOW_EXPIRED');
  });

  it('refuses a ticket into another ecosystem, an unset provider, and anyone signed out; writes nothing', async () => {
    const before = await api.eventCount();
    const foreign = await api.graphql(START, { e: world.e1, p: 'CLEVER' }, { token: world.tokens.admin2 });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const unset = await api.graphql(START, { e: world.e1, p: 'EDLINK' }, { token: world.tokens.student });
    expect(unset.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const anonymous = await api.graphql(START, { e: world.e1, p: 'CLEVER' }, { token: null });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const malformed = await api.graphql(START, { e: 'not-an-id', p: 'CLEVER' }, { token: world.tokens.student });
    expect(malformed.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await api.eventCount()).toBe(before);
    const tickets = await api.db.ownerPool.query<{ n: string }>('SELECT count(*) AS n FROM auth.sso_link_tickets');
    expect(Number(tickets.rows[0].n)).toBe(0);
  });
});
