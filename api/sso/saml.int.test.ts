/**
 * SAML sign-in (Schoology) against a local IdP that signs assertions with a test key pair, through
 * the real platform over HTTP: metadata, log-in linking by the district's e-mail, and the refusals
 * (replayed response, wrong audience, recipient or destination, expired, altered after signing,
 * answering another request, finishing in another browser).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityKey, ssoIdentityAggregate } from '../../domain/sso/identity';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { CookieJar } from '../../tests/sso/browser-less';
import { IDP_CERT, readAuthnRequest, startTestSamlIdp, type AssertionFields, type TestSamlIdp } from '../../tests/sso/saml-idp';
import { ssoConfigAggregate } from '../../domain/sso/config';
import { SamlLogins } from './saml';
import { buildWorld, type World } from '../people/testing';

let api: TestApi;
let idp: TestSamlIdp;
let world: World;
const SP_ENTITY = 'https://tutoring.test/saml/sp';

beforeAll(async () => {
  api = await startTestApi();
  idp = await startTestSamlIdp();
  world = await buildWorld(api);
  await api.graphql('mutation($id: ID!, $input: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $input) { id } }',
    { id: world.e1, input: { ssoDistrictIds: { schoology: 'schoology-district-9' } } }, { token: world.tokens.platformAdmin });
  await api.platform.services.sso.configure({ userId: 'platform-admin-test', role: 'PLATFORM_ADMIN' }, {
    ecosystemId: world.e1, provider: 'SCHOOLOGY', protocol: 'SAML', issuer: idp.entityId, clientId: SP_ENTITY, clientSecret: null,
    endpoints: null, samlEntryPoint: idp.entryPoint, samlCertificate: IDP_CERT, districtClaim: 'district_id', newAccountRole: null,
  }, crypto.randomUUID());
  idp.accounts.set('sch-sam', { email: 'sam.student@example.com', district: 'schoology-district-9' });
  idp.accounts.set('sch-pat', { email: 'pat.parent@example.com', district: 'schoology-district-9' });
});
afterAll(async () => {
  await idp?.stop();
  await api?.stop();
});

const acs = () => `${api.url}/sso/schoology/saml/acs`;

async function get(url: string, jar: CookieJar): Promise<Response> {
  const u = new URL(url, api.url);
  const res = await fetch(u, { redirect: 'manual', headers: { cookie: jar.header(u) } });
  jar.take(u, res);
  return res;
}

/** The cross-site POST of the IdP's form: the browser sends no Lax cookie with it. */
function postAcs(samlResponse: string, relayState: string): Promise<Response> {
  return fetch(acs(), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString() });
}

/** Start, the IdP's answer, the ACS and the finishing GET; answers where the browser ends and its jar. */
async function samlSignIn(account: string, tamper: TestSamlIdp['tamper'] = null): Promise<{ landing: string; jar: CookieJar }> {
  idp.login = account;
  idp.tamper = tamper;
  const jar = new CookieJar();
  const start = await get(`/sso/schoology/saml/start?ecosystemId=${world.e1}`, jar);
  const toIdp = start.headers.get('location') ?? '';
  expect(toIdp.startsWith(idp.entryPoint)).toBe(true);
  await (await fetch(toIdp)).text();
  const acsAnswer = await postAcs(idp.last!.samlResponse, idp.last!.relayState);
  const next = acsAnswer.headers.get('location') ?? '';
  if (!next.startsWith('/sso/')) return { landing: next, jar };
  const finish = await get(next, jar);
  return { landing: finish.headers.get('location') ?? '', jar };
}

async function whoIsSignedIn(jar: CookieJar): Promise<string | null> {
  const url = new URL(`${api.url}/refresh-tokens`);
  const res = await fetch(url, { method: 'POST', headers: { cookie: jar.header(url) } });
  if (res.status !== 200) return null;
  const { accessToken } = await res.json() as { accessToken: string };
  const me = await api.graphql<{ getCurrentUserV2: { email: { address: string } } | null }>('{ getCurrentUserV2 { email { address } } }', {}, { token: accessToken });
  return me.data?.getCurrentUserV2?.email.address ?? null;
}

describe('SAML sign-in', () => {
  it('serves the SP metadata with the ACS address', async () => {
    const res = await fetch(`${api.url}/sso/schoology/saml/metadata?ecosystemId=${world.e1}`);
    const xml = await res.text();
    expect(xml).toContain(`entityID="${SP_ENTITY}"`);
    expect(xml).toContain(`Location="${acs()}"`);
  });

  it('links to the account with the district\'s e-mail and logs in; the next time by subject', async () => {
    const first = await samlSignIn('sch-sam');
    expect(first.landing).toBe('/schoology/success/saml');
    expect(await whoIsSignedIn(first.jar)).toBe('sam.student@example.com');
    expect(await api.platform.services.bus.load(ssoIdentityAggregate, identityKey('SCHOOLOGY', idp.entityId, 'sch-sam')))
      .toMatchObject({ status: 'linked', userId: world.ids.student });
    const again = await samlSignIn('sch-sam');
    expect(again.landing).toBe('/schoology/success/saml');
  });

  it('refuses a replayed response', async () => {
    await samlSignIn('sch-pat');
    const replay = await postAcs(idp.last!.samlResponse, idp.last!.relayState);
    expect(replay.headers.get('location')).toBe('/schoology/auth-fail?reason=FLOW_EXPIRED');
    // The same response under a new sign-in's RelayState: it answers another request, and its assertion was used.
    const jar = new CookieJar();
    const start = await get(`/sso/schoology/saml/start?ecosystemId=${world.e1}`, jar);
    const relayState = new URL(start.headers.get('location')!).searchParams.get('RelayState')!;
    const moved = await postAcs(idp.last!.samlResponse, relayState);
    expect(moved.headers.get('location')).toBe('/schoology/auth-fail?reason=PROVIDER_REFUSED');
  });

  const refusals: Array<[string, (f: AssertionFields) => AssertionFields]> = [
    ['another audience', (f) => ({ ...f, audience: 'https://someone-else.test/sp' })],
    ['another recipient', (f) => ({ ...f, recipient: 'https://someone-else.test/acs' })],
    ['another destination', (f) => ({ ...f, destination: 'https://someone-else.test/acs' })],
    ['an expired assertion', (f) => ({ ...f, notBefore: new Date(Date.now() - 3_600_000), notOnOrAfter: new Date(Date.now() - 1_800_000) })],
    ['an answer to another request', (f) => ({ ...f, inResponseTo: '_not-our-request' })],
    ['another district', (f) => ({ ...f, district: 'schoology-district-1' })],
  ];
  for (const [what, tamper] of refusals) {
    it(`refuses ${what}, and logs nobody in`, async () => {
      const before = await api.eventCount();
      const res = await samlSignIn('sch-pat', tamper);
      expect(res.landing).toMatch(/^\/schoology\/auth-fail\?reason=(PROVIDER_REFUSED|WRONG_DISTRICT)$/);
      expect(await whoIsSignedIn(res.jar)).toBeNull();
      expect(await api.eventCount()).toBe(before);
    });
  }

  it('refuses a response altered after it was signed', async () => {
    idp.login = 'sch-pat';
    idp.tamper = null;
    const jar = new CookieJar();
    const start = await get(`/sso/schoology/saml/start?ecosystemId=${world.e1}`, jar);
    await (await fetch(start.headers.get('location')!)).text();
    const altered = Buffer.from(Buffer.from(idp.last!.samlResponse, 'base64').toString('utf8').replace('pat.parent@example.com', 'sam.student@example.com')).toString('base64');
    const res = await postAcs(altered, idp.last!.relayState);
    expect(res.headers.get('location')).toBe('/schoology/auth-fail?reason=PROVIDER_REFUSED');
  });

  it('accepts an assertion id once, even when its request were still open (two replicas racing)', async () => {
    const jar = new CookieJar();
    idp.login = 'sch-pat';
    idp.tamper = null;
    const start = await get(`/sso/schoology/saml/start?ecosystemId=${world.e1}`, jar);
    const toIdp = new URL(start.headers.get('location')!);
    await (await fetch(toIdp)).text();
    const { id: requestId } = readAuthnRequest(toIdp.searchParams.get('SAMLRequest')!);
    const config = (await api.platform.services.bus.load(ssoConfigAggregate, world.e1)).providers.SCHOOLOGY!;
    const logins = new SamlLogins(api.db.apiPool, () => new Date());
    await expect(logins.validate(config, acs(), idp.last!.samlResponse)).resolves.toMatchObject({ subject: 'sch-pat' });
    await api.db.ownerPool.query('INSERT INTO auth.saml_requests (request_id, value, created_at) VALUES ($1, $2, now())', [requestId, new Date().toISOString()]);
    await expect(logins.validate(config, acs(), idp.last!.samlResponse)).rejects.toThrow(/replayed/);
  });

  it('finishes only in the browser that started: another one (no state cookie) is refused', async () => {
    idp.login = 'sch-pat';
    idp.tamper = null;
    const jar = new CookieJar();
    const start = await get(`/sso/schoology/saml/start?ecosystemId=${world.e1}`, jar);
    await (await fetch(start.headers.get('location')!)).text();
    const acsAnswer = await postAcs(idp.last!.samlResponse, idp.last!.relayState);
    const other = await get(acsAnswer.headers.get('location')!, new CookieJar());
    expect(other.headers.get('location')).toBe('/schoology/auth-fail?reason=FLOW_EXPIRED');
  });
});
