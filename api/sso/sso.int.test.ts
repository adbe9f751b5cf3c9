/**
 * Single sign-on against a real local OpenID provider (oidc-provider) and the real platform over
 * HTTP: log-in of a linked identity, linking by verified e-mail, refusals (unverified e-mail, no
 * account, wrong district, another browser's state, a replayed callback), and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityKey, ssoIdentityAggregate } from '../../domain/sso/identity';
import type { SsoProvider } from '../../domain/sso/providers';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { startTestOidcProvider, type TestOidcProvider } from '../../tests/sso/oidc-provider';
import { CookieJar, follow, type Hop } from '../../tests/sso/browser-less';
import { addPerson, buildWorld, refusedUnchanged, type World } from '../people/testing';
import { loadAccount, loadCredentials } from '../../projections/users';
import { changePassword } from '../../domain/user/handlers';
import { enableEmailCode } from '../../domain/mfa/handlers';
import { SYSTEM_ACTOR } from '../auth/seed';
import { hashPassword } from '../auth/password';

let api: TestApi;
let idp: TestOidcProvider;
let world: World;
const PLATFORM_ADMIN = { userId: 'platform-admin-test', role: 'PLATFORM_ADMIN' as const };

async function configure(ecosystemId: string, provider: SsoProvider, districtClaim: string | null = null): Promise<void> {
  await api.platform.services.sso.configure(PLATFORM_ADMIN, {
    ecosystemId, provider, protocol: 'OIDC', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret,
    endpoints: null, samlEntryPoint: null, samlCertificate: null, districtClaim, newAccountRole: null,
  }, crypto.randomUUID());
}

beforeAll(async () => {
  api = await startTestApi();
  const port = new URL(api.url).port;
  idp = await startTestOidcProvider(['clever', 'google', 'classlink', 'edlink', 'schoology'].map((p) => `http://127.0.0.1:${port}/sso/${p}/callback`));
  world = await buildWorld(api);
  await configure(world.e1, 'CLEVER');
  await configure(world.e1, 'GOOGLE');
  await configure(world.e2, 'GOOGLE');
});
afterAll(async () => {
  await idp?.stop();
  await api?.stop();
});

interface SignIn { hops: Hop[]; jar: CookieJar; landing: URL }

async function signIn(provider: string, ecosystemId: string, account: string): Promise<SignIn> {
  idp.login = account;
  const jar = new CookieJar();
  const hops = await follow(`${api.url}/sso/${provider}/start?ecosystemId=${ecosystemId}`, jar);
  const back = hops.find((h) => h.url.pathname === `/sso/${provider}/callback`);
  if (!back?.location) throw new Error(`never came back: ${hops.map((h) => `${h.status} ${h.url.href}`).join('\n')}`);
  return { hops, jar, landing: new URL(back.location, api.url) };
}

/** An access token from the refresh cookie of a finished sign-in, as the return page gets it. */
async function accessToken(jar: CookieJar): Promise<string | null> {
  const url = new URL(`${api.url}/refresh-tokens`);
  const res = await fetch(url, { method: 'POST', headers: { cookie: jar.header(url) } });
  if (res.status !== 200) return null;
  jar.take(url, res);
  return (await res.json() as { accessToken: string }).accessToken;
}

/** The person the refresh cookie of a finished sign-in is for. */
async function whoIsSignedIn(jar: CookieJar): Promise<string | null> {
  const token = await accessToken(jar);
  if (!token) return null;
  const me = await api.graphql<{ getCurrentUserV2: { email: { address: string } } | null }>('{ getCurrentUserV2 { email { address } } }', {}, { token });
  return me.data?.getCurrentUserV2?.email.address ?? null;
}

describe('OpenID Connect sign-in', () => {
  it('links an unknown identity to the account with the same verified e-mail, then logs in by subject', async () => {
    idp.accounts.set('clever-sam', { email: 'Sam.Student@example.com', email_verified: true });
    const first = await signIn('clever', world.e1, 'clever-sam');
    expect(first.landing.pathname).toBe('/clever/success');
    expect(first.landing.hash).toBe('');
    expect(await whoIsSignedIn(first.jar)).toBe('sam.student@example.com');
    const linked = await api.platform.services.bus.load(ssoIdentityAggregate, identityKey('CLEVER', idp.issuer, 'clever-sam'));
    expect(linked).toMatchObject({ status: 'linked', userId: world.ids.student, ecosystemId: world.e1 });
    // The provider's e-mail changes: the link by subject still finds the person.
    idp.accounts.set('clever-sam', { email: 'sam.new.address@example.net', email_verified: false });
    const again = await signIn('clever', world.e1, 'clever-sam');
    expect(again.landing.pathname).toBe('/clever/success');
    expect(await whoIsSignedIn(again.jar)).toBe('sam.student@example.com');
  });

  it('never links by an e-mail the provider says is unverified', async () => {
    idp.accounts.set('google-pat-unverified', { email: 'pat.parent@example.com', email_verified: false });
    const res = await signIn('google', world.e1, 'google-pat-unverified');
    expect(res.landing.pathname + res.landing.search).toBe('/google/auth-fail?reason=EMAIL_NOT_VERIFIED');
    expect(await whoIsSignedIn(res.jar)).toBeNull();
    const state = await api.platform.services.bus.load(ssoIdentityAggregate, identityKey('GOOGLE', idp.issuer, 'google-pat-unverified'));
    expect(state.status).toBe('free');
  });

  it('Google: no verification claim at all counts as unverified', async () => {
    idp.accounts.set('google-pat-silent', { email: 'pat.parent@example.com' });
    const res = await signIn('google', world.e1, 'google-pat-silent');
    expect(res.landing.search).toBe('?reason=EMAIL_NOT_VERIFIED');
  });

  it('refuses a verified e-mail that no account has, and creates none', async () => {
    idp.accounts.set('google-nobody', { email: 'nobody@example.com', email_verified: true });
    const before = await api.eventCount();
    const res = await signIn('google', world.e1, 'google-nobody');
    expect(res.landing.search).toBe('?reason=NO_ACCOUNT');
    expect(await api.eventCount()).toBe(before);
  });

  it('another ecosystem\'s member gets no access through this ecosystem, and the link stays in its own', async () => {
    idp.accounts.set('google-otto', { email: 'otto.other@example.com', email_verified: true });
    const wrong = await signIn('google', world.e1, 'google-otto');
    expect(wrong.landing.search).toBe('?reason=NOT_IN_ECOSYSTEM');
    expect(await whoIsSignedIn(wrong.jar)).toBeNull();
    const right = await signIn('google', world.e2, 'google-otto');
    expect(right.landing.pathname).toBe('/oauth/redirect/google/session/cookie');
    expect(await whoIsSignedIn(right.jar)).toBe('otto.other@example.com');
  });

  it('a provider that cannot be reached ends on the auth-fail page, not an error answer', async () => {
    await api.platform.services.sso.configure(PLATFORM_ADMIN, {
      ecosystemId: world.e2, provider: 'CLEVER', protocol: 'OIDC', issuer: 'http://127.0.0.1:1', clientId: 'c', clientSecret: 'unreachable-provider-secret',
      endpoints: null, samlEntryPoint: null, samlCertificate: null, districtClaim: null, newAccountRole: null,
    }, crypto.randomUUID());
    const hops = await follow(`${api.url}/sso/clever/start?ecosystemId=${world.e2}`, new CookieJar());
    expect(hops[0].location).toBe('/clever/auth-fail?reason=PROVIDER_REFUSED');
  });

  it('an ecosystem without this provider set up refuses before any redirect to a provider', async () => {
    const jar = new CookieJar();
    const hops = await follow(`${api.url}/sso/classlink/start?ecosystemId=${world.e1}`, jar);
    expect(hops[0].location).toBe('/classlink/auth-fail?reason=NOT_CONFIGURED');
  });
});

describe('the callback', () => {
  it('refuses a state this browser was not given (another person\'s sign-in), and a replayed callback', async () => {
    idp.accounts.set('clever-pia', { email: 'pia.programadmin@example.com', email_verified: true });
    idp.login = 'clever-pia';
    const victim = new CookieJar();
    const attacker = new CookieJar();
    const hops = await follow(`${api.url}/sso/clever/start?ecosystemId=${world.e1}`, attacker);
    const callback = hops.find((h) => h.url.pathname === '/sso/clever/callback')!;
    // The attacker's callback address, opened in the victim's browser: no state cookie there.
    const planted = await fetch(callback.url, { redirect: 'manual', headers: { cookie: victim.header(callback.url) } });
    expect(planted.headers.get('location')).toBe('/clever/auth-fail?reason=FLOW_EXPIRED');
    // The attacker's own browser already used that state: a second use is refused too.
    const replay = await fetch(callback.url, { redirect: 'manual', headers: { cookie: `sso_state=${callback.url.searchParams.get('state')}` } });
    expect(replay.headers.get('location')).toBe('/clever/auth-fail?reason=FLOW_EXPIRED');
  });

  it('refuses a district other than the ecosystem\'s, when the ecosystem names one', async () => {
    const admin = world.tokens.platformAdmin;
    const edit = await api.graphql('mutation($id: ID!, $input: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $input) { id } }',
      { id: world.e2, input: { ssoDistrictIds: { clever: 'district-42' } } }, { token: admin });
    expect(edit.errors).toBeUndefined();
    await configure(world.e2, 'CLEVER', 'district');
    const person = await addPerson(api, 'dana.district@example.com', [{ ecosystemId: world.e2, role: 'STUDENT' }]);
    idp.accounts.set('clever-dana-wrong', { email: 'dana.district@example.com', email_verified: true, district: 'district-7' });
    expect((await signIn('clever', world.e2, 'clever-dana-wrong')).landing.search).toBe('?reason=WRONG_DISTRICT');
    // The district's own directory vouches for its addresses when it says nothing either way.
    idp.accounts.set('clever-dana', { email: 'dana.district@example.com', district: 'district-42' });
    const ok = await signIn('clever', world.e2, 'clever-dana');
    expect(ok.landing.pathname).toBe('/clever/success');
    expect(await whoIsSignedIn(ok.jar)).toBe('dana.district@example.com');
    expect(person.userId).toBeTruthy();
  });
});

describe('plain OAuth 2 (Edlink)', () => {
  it('reads the person from the userinfo endpoint and links by the district directory\'s e-mail', async () => {
    const admin = world.tokens.platformAdmin;
    await api.graphql('mutation($id: ID!, $input: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $input) { id } }',
      { id: world.e1, input: { ssoDistrictIds: { edLink: 'edlink-district-1' } } }, { token: admin });
    await api.platform.services.sso.configure(PLATFORM_ADMIN, {
      ecosystemId: world.e1, provider: 'EDLINK', protocol: 'OAUTH2', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret,
      endpoints: { authorization: `${idp.issuer}/auth`, token: `${idp.issuer}/token`, userinfo: `${idp.issuer}/edlink/me` },
      samlEntryPoint: null, samlCertificate: null, districtClaim: 'district_id', newAccountRole: null,
    }, crypto.randomUUID());
    idp.accounts.set('edlink-pat', { email: 'pat.parent@example.com', district: 'edlink-district-1' });
    const res = await signIn('edlink', world.e1, 'edlink-pat');
    expect(res.landing.pathname).toBe('/edlink/success');
    expect(await whoIsSignedIn(res.jar)).toBe('pat.parent@example.com');
    expect(await api.platform.services.bus.load(ssoIdentityAggregate, identityKey('EDLINK', idp.issuer, 'edlink-pat')))
      .toMatchObject({ status: 'linked', userId: world.ids.parent });
  });

  it('Schoology over OAuth 2 takes the same path and returns to /schoology/success/oauth', async () => {
    await api.platform.services.sso.configure(PLATFORM_ADMIN, {
      ecosystemId: world.e1, provider: 'SCHOOLOGY', protocol: 'OAUTH2', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret,
      endpoints: { authorization: `${idp.issuer}/auth`, token: `${idp.issuer}/token`, userinfo: `${idp.issuer}/edlink/me` },
      samlEntryPoint: null, samlCertificate: null, districtClaim: null, newAccountRole: null,
    }, crypto.randomUUID());
    idp.accounts.set('schoology-pia', { email: 'pia.programadmin@example.com', email_verified: true });
    const res = await signIn('schoology', world.e1, 'schoology-pia');
    expect(res.landing.pathname).toBe('/schoology/success/oauth');
    expect(await whoIsSignedIn(res.jar)).toBe('pia.programadmin@example.com');
  });
});

describe('a set-up that creates accounts', () => {
  it('creates one account for a verified newcomer, with the set-up\'s role, and keeps its only way in', async () => {
    await api.platform.services.sso.configure(PLATFORM_ADMIN, {
      ecosystemId: world.e2, provider: 'CLASSLINK', protocol: 'OIDC', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret,
      endpoints: null, samlEntryPoint: null, samlCertificate: null, districtClaim: null, newAccountRole: 'STUDENT',
    }, crypto.randomUUID());
    idp.accounts.set('classlink-unverified', { email: 'nina.new@example.com', email_verified: false });
    const before = await api.eventCount();
    expect((await signIn('classlink', world.e2, 'classlink-unverified')).landing.search).toBe('?reason=EMAIL_NOT_VERIFIED');
    expect(await api.eventCount()).toBe(before);

    idp.accounts.set('classlink-nina', { email: 'Nina.New@example.com', email_verified: true, name: 'Nina New' });
    const first = await signIn('classlink', world.e2, 'classlink-nina');
    expect(first.landing.pathname).toBe('/classlink/success');
    expect(await whoIsSignedIn(first.jar)).toBe('nina.new@example.com');
    const again = await signIn('classlink', world.e2, 'classlink-nina');
    expect(await whoIsSignedIn(again.jar)).toBe('nina.new@example.com');
    const credentials = await loadCredentials(api.db.apiPool, 'nina.new@example.com');
    const account = await loadAccount(api.db.apiPool, credentials!.userId);
    expect(account?.roles).toEqual([expect.objectContaining({ ecosystemId: world.e2, role: 'STUDENT', programId: null })]);

    const token = await accessToken(again.jar);
    const list = await api.graphql<{ linkedIdentities: Array<{ id: string }> }>('{ linkedIdentities { id } }', {}, { token });
    expect(list.data?.linkedIdentities).toHaveLength(1);
    const refused = await refusedUnchanged(api, () => api.graphql('mutation($id: ID!) { removeLinkedIdentity(id: $id) { id } }',
      { id: list.data!.linkedIdentities[0].id }, { token, headers: { 'idempotency-key': 'remove-only-way-in' } }), 'CONFLICT');
    expect(refused.errors?.[0].message).toContain('only way into your account');

    // Once the person has set a password of their own, the identity can go.
    const { bus, projections, config } = api.platform.services;
    const changed = await bus.dispatch(changePassword, { userId: account!.id, passwordHash: await hashPassword('a password nina chose herself') },
      { actor: { userId: account!.id, role: 'MEMBER' }, commandId: crypto.randomUUID(), now: new Date().toISOString() });
    await projections.waitFor(changed.position!, ['users'], config.PROJECTION_WAIT_MS);
    const removed = await api.graphql<{ removeLinkedIdentity: unknown[] }>('mutation($id: ID!) { removeLinkedIdentity(id: $id) { id } }',
      { id: list.data!.linkedIdentities[0].id }, { token, headers: { 'idempotency-key': 'remove-after-password' } });
    expect(removed.data?.removeLinkedIdentity).toEqual([]);
  });
});

describe('secrets', () => {
  it('keeps the client secret sealed in the event log', async () => {
    const r = await api.db.ownerPool.query<{ data: unknown }>(`SELECT data FROM events WHERE type = 'SsoProviderConfigured'`);
    expect(r.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(r.rows)).not.toContain(idp.clientSecret);
  });
});

describe('an ecosystem that requires multi-factor log-in', () => {
  it('ends the sign-in at the MFA step: no session, the step token in the fragment only', async () => {
    const admin = world.tokens.platformAdmin;
    const edit = await api.graphql('mutation($id: ID!, $input: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $input) { id } }',
      { id: world.e2, input: { MFAEnabled: true } }, { token: admin });
    expect(edit.errors).toBeUndefined();
    const res = await signIn('google', world.e2, 'google-otto');
    expect(res.landing.pathname).toBe('/oauth/redirect/google/session/cookie');
    expect(res.landing.search).toBe('');
    const step = new URLSearchParams(res.landing.hash.slice(1));
    expect(step.get('mfa')).toBe('ENROL');
    expect(await api.platform.services.auth.verifyUserIdToken(step.get('userIdToken') ?? '')).toBe(world.ids.admin2);
    expect(await whoIsSignedIn(res.jar)).toBeNull();
  });

  it('ends the sign-in of someone with the e-mail method at its step: a code mailed, the masked address in the fragment', async () => {
    const { bus } = api.platform.services;
    await bus.dispatch(enableEmailCode, { userId: world.ids.admin2, recoveryCodeHashes: Array.from({ length: 10 }, (_, i) => `${i}`.padStart(64, 'a')) },
      { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
    const res = await signIn('google', world.e2, 'google-otto');
    const step = new URLSearchParams(res.landing.hash.slice(1));
    expect(step.get('mfa')).toBe('EMAIL');
    expect(step.get('to')).toBe('o***@example.com');
    expect(await whoIsSignedIn(res.jar)).toBeNull();
    const mailed = await api.db.ownerPool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type = 'MessageRecorded' AND data->>'kind' = 'MFA_CODE' AND data->>'recipientUserId' = $1`, [world.ids.admin2]);
    expect(mailed.rows[0].n).toBe(1);
  });
});
