/**
 * The GraphQL side of single sign-on over real HTTP: a person's own linked identities (seen and
 * removed only by them), the log-in options anyone may ask for, and provider set-ups for the
 * ecosystem's admins only, with the client secret write-only. Refused input writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkSsoIdentityHandler } from '../../domain/sso/identity';
import { SSO_PROJECTION } from '../../projections/sso';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { codeOf } from '../tenants/testing';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { SYSTEM_ACTOR } from '../auth/seed';

let api: TestApi;
let world: World;
const SECRET = 'a-client-secret-nobody-may-read-back';

const LINKED = '{ linkedIdentities { id provider email linkedAt } }';
const REMOVE = 'mutation($id: ID!) { removeLinkedIdentity(id: $id) { id provider } }';
const SETUPS = 'query($id: ID!) { ssoProviderSetups(ecosystemId: $id) { provider protocol issuer clientId hasClientSecret districtClaim } }';
const CONFIGURE = 'mutation($input: SsoProviderInput!) { configureSsoProvider(input: $input) { provider protocol clientId hasClientSecret } }';
const OPTIONS = 'query($id: ID!) { ssoLoginOptions(ecosystemId: $id) { provider url } }';

let keys = 0;
const key = () => ({ 'idempotency-key': `sso-graphql-${++keys}` });

beforeAll(async () => {
  api = await startTestApi();
  world = await buildWorld(api);
  const { bus, projections, config } = api.platform.services;
  const result = await bus.dispatch(linkSsoIdentityHandler, {
    userId: world.ids.student, provider: 'CLEVER', issuer: 'https://clever.com', subject: 'student-subject', ecosystemId: world.e1,
    email: 'sam.student@example.com', emailVerified: true,
  }, { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
  await projections.waitFor(result.position!, [SSO_PROJECTION], config.PROJECTION_WAIT_MS);
});
afterAll(async () => { await api?.stop(); });

describe('linkedIdentities', () => {
  it('shows the person their own, and nobody else (another family, another ecosystem)', async () => {
    const own = await api.graphql<{ linkedIdentities: Array<{ provider: string; email: string }> }>(LINKED, {}, { token: world.tokens.student });
    expect(own.data?.linkedIdentities).toMatchObject([{ provider: 'CLEVER', email: 'sam.student@example.com' }]);
    for (const token of [world.tokens.parent, world.tokens.admin2, world.tokens.admin1]) {
      const other = await api.graphql<{ linkedIdentities: unknown[] }>(LINKED, {}, { token });
      expect(other.data?.linkedIdentities).toEqual([]);
    }
    expect(codeOf(await api.graphql(LINKED))).toBe('UNAUTHENTICATED');
  });
});

describe('removeLinkedIdentity', () => {
  it('refuses another person\'s identity and a malformed id, writing nothing', async () => {
    const own = await api.graphql<{ linkedIdentities: Array<{ id: string }> }>(LINKED, {}, { token: world.tokens.student });
    const id = own.data!.linkedIdentities[0].id;
    await refusedUnchanged(api, () => api.graphql(REMOVE, { id }, { token: world.tokens.parent, headers: key() }), 'CONFLICT');
    await refusedUnchanged(api, () => api.graphql(REMOVE, { id }, { token: world.tokens.platformAdmin, headers: key() }), 'CONFLICT');
    await refusedUnchanged(api, () => api.graphql(REMOVE, { id: 'not-an-identity' }, { token: world.tokens.student, headers: key() }), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(REMOVE, { id }, { headers: key() }), 'UNAUTHENTICATED');
  });

  it('removes the person\'s own, once (a retry with the same key answers the same)', async () => {
    const own = await api.graphql<{ linkedIdentities: Array<{ id: string }> }>(LINKED, {}, { token: world.tokens.student });
    const headers = key();
    const removed = await api.graphql<{ removeLinkedIdentity: unknown[] }>(REMOVE, { id: own.data!.linkedIdentities[0].id }, { token: world.tokens.student, headers });
    expect(removed.errors).toBeUndefined();
    expect(removed.data?.removeLinkedIdentity).toEqual([]);
    const before = await api.eventCount();
    const again = await api.graphql(REMOVE, { id: own.data!.linkedIdentities[0].id }, { token: world.tokens.student, headers });
    expect(again.errors).toBeUndefined();
    expect(await api.eventCount()).toBe(before);
  });
});

describe('provider set-ups', () => {
  const input = (ecosystemId: string, extra: Record<string, unknown> = {}) => ({
    ecosystemId, provider: 'GOOGLE', protocol: 'OIDC', issuer: 'https://accounts.google.com', clientId: 'google-client', clientSecret: SECRET, ...extra,
  });

  it('an ecosystem admin sets one up; the secret is never answered, nor kept in plain text', async () => {
    const res = await api.graphql<{ configureSsoProvider: unknown[] }>(CONFIGURE, { input: input(world.e1) }, { token: world.tokens.admin1, headers: key() });
    expect(res.errors).toBeUndefined();
    expect(res.data?.configureSsoProvider).toEqual([{ provider: 'GOOGLE', protocol: 'OIDC', clientId: 'google-client', hasClientSecret: true }]);
    // Changing the client id without a secret keeps the secret.
    const changed = await api.graphql<{ configureSsoProvider: unknown[] }>(CONFIGURE, { input: input(world.e1, { clientId: 'renamed', clientSecret: null }) },
      { token: world.tokens.admin1, headers: key() });
    expect(changed.data?.configureSsoProvider).toEqual([{ provider: 'GOOGLE', protocol: 'OIDC', clientId: 'renamed', hasClientSecret: true }]);
    const events = await api.db.ownerPool.query(`SELECT data FROM events WHERE type = 'SsoProviderConfigured'`);
    expect(JSON.stringify(events.rows)).not.toContain(SECRET);
    await api.platform.services.projections.waitFor((await api.platform.services.eventStore.readStream(`ssoconfig-${world.e1}`)).at(-1)!.position);
    const audit = await api.db.ownerPool.query<{ summary: string; changes: unknown }>(`SELECT * FROM read.breadcrumbs WHERE summary LIKE '%GOOGLE sign-in%'`);
    expect(audit.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit.rows)).not.toMatch(new RegExp(`${SECRET}|v1\\.`));
  });

  it('anyone sees the log-in options, with no set-up detail', async () => {
    const res = await api.graphql<{ ssoLoginOptions: unknown[] }>(OPTIONS, { id: world.e1 });
    expect(res.data?.ssoLoginOptions).toEqual([{ provider: 'GOOGLE', url: `/sso/google/start?ecosystemId=${world.e1}` }]);
    const other = await api.graphql<{ ssoLoginOptions: unknown[] }>(OPTIONS, { id: world.e2 });
    expect(other.data?.ssoLoginOptions).toEqual([]);
  });

  it('only the ecosystem\'s admins and platform admins see or change set-ups; bad input writes nothing', async () => {
    for (const token of [world.tokens.admin2, world.tokens.student, world.tokens.programAdmin]) {
      expect(codeOf(await api.graphql(SETUPS, { id: world.e1 }, { token }))).toBe('FORBIDDEN');
      await refusedUnchanged(api, () => api.graphql(CONFIGURE, { input: input(world.e1) }, { token, headers: key() }), 'FORBIDDEN');
    }
    const seen = await api.graphql<{ ssoProviderSetups: unknown[] }>(SETUPS, { id: world.e1 }, { token: world.tokens.platformAdmin });
    expect(seen.data?.ssoProviderSetups).toHaveLength(1);
    await refusedUnchanged(api, () => api.graphql(CONFIGURE, { input: input(world.e1, { provider: 'EDLINK', protocol: 'OAUTH2' }) },
      { token: world.tokens.admin1, headers: key() }), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(CONFIGURE, { input: input(world.e1, { provider: 'CLEVER', clientSecret: null }) },
      { token: world.tokens.admin1, headers: key() }), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(CONFIGURE, { input: input(world.e1, {
      provider: 'EDLINK', protocol: 'OAUTH2', authorizationEndpoint: 'http://evil.example/a', tokenEndpoint: 'https://e.example/t', userinfoEndpoint: 'https://e.example/u',
    }) }, { token: world.tokens.admin1, headers: key() }), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(CONFIGURE, { input: input('not-an-id') }, { token: world.tokens.admin1, headers: key() }), 'BAD_USER_INPUT');
  });

  it('answers a SAML set-up\'s signing certificate, which is public, to the ecosystem\'s admins only', async () => {
    const certificate = 'MIICpublicCertificateOfTheIdentityProvider';
    const saml = { ecosystemId: world.e2, provider: 'SCHOOLOGY', protocol: 'SAML', issuer: 'urn:example:idp', clientId: 'urn:example:sp',
      samlEntryPoint: 'https://idp.example.org/sso', samlCertificate: certificate };
    const res = await api.graphql(CONFIGURE, { input: saml }, { token: world.tokens.admin2, headers: key() });
    expect(res.errors).toBeUndefined();
    const CERTIFICATES = 'query($id: ID!) { ssoProviderSetups(ecosystemId: $id) { provider samlEntryPoint samlCertificate hasClientSecret } }';
    const seen = await api.graphql<{ ssoProviderSetups: unknown[] }>(CERTIFICATES, { id: world.e2 }, { token: world.tokens.admin2 });
    expect(seen.data?.ssoProviderSetups).toEqual([{ provider: 'SCHOOLOGY', samlEntryPoint: 'https://idp.example.org/sso', samlCertificate: certificate, hasClientSecret: false }]);
    expect(codeOf(await api.graphql(CERTIFICATES, { id: world.e2 }, { token: world.tokens.admin1 }))).toBe('FORBIDDEN');
  });
});
