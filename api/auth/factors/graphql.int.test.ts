/**
 * changePassword and multi-factor log-in over HTTP, as the web app sends them: the password policy,
 * the set-up and its recovery codes, the log-in's second step, an ecosystem that requires MFA, and
 * turning it off. Refusals write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../tests/setup/api';
import { toGlobalId } from '../../relay';
import { ensureUser } from '../seed';
import { base32Secret, codeAt } from './totp';

const PASSWORD = 'graphql factors password';
const ROLELESS = 'roleless@example.com';
const MEMBER = 'member@example.com';
const DEMO_MEMBER = 'demo.member@example.com';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: '50' });
  const services = api.platform.services;
  const OTHER_ECO = '0c000000-0000-4000-8000-00000000000c';
  await ensureUser(services, { email: ROLELESS, password: PASSWORD, firstName: 'Rory', lastName: 'Roleless' });
  await ensureUser(services, { email: MEMBER, password: PASSWORD, firstName: 'Mia', lastName: 'Member', roles: [{ ecosystemId: OTHER_ECO, role: 'MEMBER' }] });
  const demo = api.platform.demo;
  if (!demo) throw new Error('demo not seeded');
  await ensureUser(services, { email: DEMO_MEMBER, password: PASSWORD, firstName: 'Dee', lastName: 'Demo', roles: [{ ecosystemId: demo.ecosystemId, role: 'MEMBER' }] });
});
afterAll(async () => { await api.stop(); });

const LOGIN = `mutation L($email: String!, $password: String!) {
  loginPaas(email: $email, password: $password) { token userIdToken mfaMethods mfaEnrolmentRequired } }`;
const SECOND = `mutation M($userIdToken: String!, $code: String!) { loginPaasMFA(userIdToken: $userIdToken, code: $code) { token redirect recoveryCodes } }`;
const START = `mutation S($userIdToken: String) { startMfaTotpEnrolment(userIdToken: $userIdToken) { secret otpauthUri qrCodeSvg } }`;
const CONFIRM = `mutation C($code: String!) { confirmMfaTotpEnrolment(code: $code) {
  recoveryCodes user { profile { MFASettings { method validated recoveryCodesLeft } } } } }`;
const DISABLE = `mutation D($code: String, $password: String) { disableMfa(code: $code, password: $password) { profile { MFASettings { method } } } }`;
const CHANGE = `mutation P($oldPass: String!, $newPass: String!) { changePassword(oldPass: $oldPass, newPass: $newPass) }`;
const ME = 'query { getCurrentUserV2 { id profile { MFASettings { method validated recoveryCodesLeft } } } }';

interface FirstStep { token: string | null; userIdToken: string; mfaMethods: string[]; mfaEnrolmentRequired: boolean }
type Errors = Array<{ message: string; extensions?: { code?: string; fields?: Array<{ field: string; message: string }> } }> | undefined;

async function firstStep(email: string, password = PASSWORD): Promise<FirstStep> {
  const res = await api.graphql<{ loginPaas: FirstStep }>(LOGIN, { email, password });
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.loginPaas;
}

const codeOf = (errors: Errors) => errors?.[0]?.extensions?.code;
const fieldsOf = (errors: Errors) => errors?.[0]?.extensions?.fields?.map((f) => f.field);
const later = (steps: number) => new Date(Date.now() + steps * 30_000);

/** Sets TOTP up through the API for a signed-in person; answers the app's secret and the recovery codes. */
async function enrol(token: string, headers: Record<string, string> = {}) {
  const started = await api.graphql<{ startMfaTotpEnrolment: { secret: string } }>(START, {}, { token });
  const secret = base32Secret(started.data?.startMfaTotpEnrolment.secret ?? '');
  const confirmed = await api.graphql<{ confirmMfaTotpEnrolment: { recoveryCodes: string[]; user: unknown } }>(CONFIRM, { code: codeAt(secret, new Date()) }, { token, headers });
  return { secret, confirmed };
}

describe('changePassword', () => {
  it('refuses a wrong current password and every password the policy refuses, writing nothing', async () => {
    await ensureUser(api.platform.services, { email: 'pat.policy@example.com', password: PASSWORD, firstName: 'Pat', lastName: 'Policy' });
    const token = await api.login('pat.policy@example.com', PASSWORD);
    const before = await api.eventCount();
    const wrong = await api.graphql(CHANGE, { oldPass: 'not the password', newPass: 'a brand new passphrase' }, { token });
    expect([codeOf(wrong.errors), fieldsOf(wrong.errors)]).toEqual(['BAD_USER_INPUT', ['oldPass']]);
    for (const [newPass, words] of [['short1!', 'at least 8'], ['password123', 'too common'], ['Summer2024!', 'too common'], ['12345678', 'simple sequence'],
      ['aaaaaaaaaaaa', 'repeated character'], ['pat.policy-rocks', 'email address'], [PASSWORD, 'different from your current']] as const) {
      const res = await api.graphql(CHANGE, { oldPass: PASSWORD, newPass }, { token });
      expect(codeOf(res.errors), newPass).toBe('BAD_USER_INPUT');
      expect(fieldsOf(res.errors)).toEqual(['newPass']);
      expect(res.errors?.[0].message).toContain(words);
    }
    expect(await api.eventCount()).toBe(before);
  });

  it('answers the policy in Spanish to a Spanish reader', async () => {
    const token = await api.login('pat.policy@example.com', PASSWORD);
    const res = await api.graphql(CHANGE, { oldPass: PASSWORD, newPass: 'password123' }, { token, headers: { 'accept-language': 'es' } });
    expect(res.errors?.[0].message).toBe('Esta contraseña es demasiado común: aparece en listas de contraseñas filtradas. Elija otra.');
  });

  it('changes the password, keeps the session that changed it and ends the others', async () => {
    await ensureUser(api.platform.services, { email: 'cass.change@example.com', password: PASSWORD, firstName: 'Cass', lastName: 'Change' });
    const other = await api.login('cass.change@example.com', PASSWORD);
    const own = await api.login('cass.change@example.com', PASSWORD);
    const res = await api.graphql(CHANGE, { oldPass: PASSWORD, newPass: 'a brand new passphrase' }, { token: own });
    expect(res.data).toEqual({ changePassword: true });
    expect((await api.graphql(ME, {}, { token: own })).data?.getCurrentUserV2).not.toBeNull();
    expect(codeOf((await api.graphql(ME, {}, { token: other })).errors)).toBe('UNAUTHENTICATED');
    await expect(api.login('cass.change@example.com', PASSWORD)).rejects.toThrow();
    await api.login('cass.change@example.com', 'a brand new passphrase');
  });

  it('needs a signed-in person', async () => {
    expect(codeOf((await api.graphql(CHANGE, { oldPass: PASSWORD, newPass: 'a brand new passphrase' })).errors)).toBe('UNAUTHENTICATED');
  });
});

describe('multi-factor set-up and log-in', () => {
  it('sets up TOTP: a wrong first code writes nothing; the right one answers the recovery codes once, the same to a repeated request', async () => {
    const token = await api.login(MEMBER, PASSWORD);
    const started = await api.graphql<{ startMfaTotpEnrolment: { secret: string; otpauthUri: string; qrCodeSvg: string } }>(START, {}, { token });
    const secret = base32Secret(started.data?.startMfaTotpEnrolment.secret ?? '');
    expect((await api.graphql(ME, {}, { token })).data).toMatchObject({ getCurrentUserV2: { profile: { MFASettings: [{ method: 'TOTP', validated: false, recoveryCodesLeft: 0 }] } } });
    const before = await api.eventCount();
    const wrong = await api.graphql(CONFIRM, { code: '000000' }, { token });
    expect([codeOf(wrong.errors), fieldsOf(wrong.errors)]).toEqual(['BAD_USER_INPUT', ['code']]);
    expect(await api.eventCount()).toBe(before);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const code = codeAt(secret, new Date());
    const first = await api.graphql<{ confirmMfaTotpEnrolment: { recoveryCodes: string[] } }>(CONFIRM, { code }, { token, headers: key });
    expect(first.data?.confirmMfaTotpEnrolment).toMatchObject({ user: { profile: { MFASettings: [{ method: 'TOTP', validated: true, recoveryCodesLeft: 10 }] } } });
    const repeat = await api.graphql<{ confirmMfaTotpEnrolment: { recoveryCodes: string[] } }>(CONFIRM, { code }, { token, headers: key });
    expect(repeat.data?.confirmMfaTotpEnrolment.recoveryCodes).toEqual(first.data?.confirmMfaTotpEnrolment.recoveryCodes);
    expect(repeat.extensions).toMatchObject({ replayed: true });

    const step = await firstStep(MEMBER);
    expect(step).toMatchObject({ token: null, mfaMethods: ['TOTP'], mfaEnrolmentRequired: false });
    const bad = await api.graphql(SECOND, { userIdToken: step.userIdToken, code: '111111' }, { headers: { 'accept-language': 'es' } });
    expect(bad.errors?.[0].message).toContain('Ese código no es correcto');
    const res = await fetch(`${api.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: SECOND, variables: { userIdToken: step.userIdToken, code: codeAt(secret, later(1)) } }),
    });
    const body = (await res.json()) as { data: { loginPaasMFA: { token: string; redirect: string; recoveryCodes: null } } };
    expect(body.data.loginPaasMFA).toMatchObject({ redirect: '/', recoveryCodes: null });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('refresh_token=') && c.includes('HttpOnly'))).toBe(true);
    expect((await api.graphql(ME, {}, { token: body.data.loginPaasMFA.token })).data?.getCurrentUserV2).not.toBeNull();
  });

  it('shows nobody else a person\'s factor', async () => {
    const admin = await api.loginAs('platformAdmin');
    const member = await api.graphql<{ getCurrentUserV2: { id: string } }>(ME, {}, { token: await api.login(ROLELESS, PASSWORD) });
    const id = member.data?.getCurrentUserV2.id ?? '';
    const seen = await api.graphql(`query N($id: ID!) { node(id: $id) { ... on User { profile { MFASettings { method } } } } }`, { id }, { token: admin });
    expect(seen.data).toEqual({ node: { profile: { MFASettings: [] } } });
  });

  it('turns off with the password (a wrong one refused), and the next log-in asks for no code', async () => {
    await ensureUser(api.platform.services, { email: 'otto.off@example.com', password: PASSWORD, firstName: 'Otto', lastName: 'Off' });
    const token = await api.login('otto.off@example.com', PASSWORD);
    await enrol(token);
    const before = await api.eventCount();
    const none = await api.graphql(DISABLE, {}, { token });
    expect([codeOf(none.errors), fieldsOf(none.errors)]).toEqual(['BAD_USER_INPUT', ['code']]);
    const wrong = await api.graphql(DISABLE, { password: 'not the password' }, { token });
    expect([codeOf(wrong.errors), fieldsOf(wrong.errors)]).toEqual(['BAD_USER_INPUT', ['password']]);
    expect(await api.eventCount()).toBe(before);
    const off = await api.graphql(DISABLE, { password: PASSWORD }, { token });
    expect(off.data).toEqual({ disableMfa: { profile: { MFASettings: [] } } });
    expect((await firstStep('otto.off@example.com')).token).not.toBeNull();
  });

  it('turns off with a code of the app', async () => {
    await ensureUser(api.platform.services, { email: 'cody.code@example.com', password: PASSWORD, firstName: 'Cody', lastName: 'Code' });
    const token = await api.login('cody.code@example.com', PASSWORD);
    const { secret } = await enrol(token);
    const off = await api.graphql(DISABLE, { code: codeAt(secret, later(1)) }, { token });
    expect(off.data).toEqual({ disableMfa: { profile: { MFASettings: [] } } });
  });
});

describe('an ecosystem that requires multi-factor log-in', () => {
  it('leads its member through a set-up at log-in, then answers the tokens and the recovery codes; turning it off is refused', async () => {
    const demo = api.platform.demo;
    if (!demo) throw new Error('demo not seeded');
    const admin = await api.loginAs('platformAdmin');
    const edited = await api.graphql(`mutation E($id: ID!) { editEcosystem(ecosystemId: $id, ecosystemInput: { MFAEnabled: true }) { MFAEnabled } }`,
      { id: toGlobalId('Ecosystem', demo.ecosystemId) }, { token: admin });
    expect(edited.data).toEqual({ editEcosystem: { MFAEnabled: true } });

    const step = await firstStep(DEMO_MEMBER);
    expect(step).toMatchObject({ token: null, mfaMethods: [], mfaEnrolmentRequired: true });
    // Without a set-up there is nothing to enter a code for.
    expect(codeOf((await api.graphql(SECOND, { userIdToken: step.userIdToken, code: '123456' })).errors)).toBe('CONFLICT');
    const started = await api.graphql<{ startMfaTotpEnrolment: { secret: string } }>(START, { userIdToken: step.userIdToken });
    const secret = base32Secret(started.data?.startMfaTotpEnrolment.secret ?? '');
    const done = await api.graphql<{ loginPaasMFA: { token: string; recoveryCodes: string[] } }>(SECOND, { userIdToken: step.userIdToken, code: codeAt(secret, new Date()) });
    expect(done.data?.loginPaasMFA.recoveryCodes).toHaveLength(10);
    const token = done.data?.loginPaasMFA.token ?? '';
    const refused = await api.graphql(DISABLE, { password: PASSWORD }, { token });
    expect(codeOf(refused.errors)).toBe('FORBIDDEN');
    expect(refused.errors?.[0].message).toContain('requires multi-factor');
    expect((await firstStep(DEMO_MEMBER)).mfaMethods).toEqual(['TOTP']);
  });

  it('offers no set-up at log-in to someone whose ecosystems do not require it, nor without a valid userIdToken', async () => {
    const step = await firstStep(ROLELESS);
    expect(codeOf((await api.graphql(START, { userIdToken: step.userIdToken })).errors)).toBe('FORBIDDEN');
    expect(codeOf((await api.graphql(START, { userIdToken: 'not-a-token' })).errors)).toBe('UNAUTHENTICATED');
    expect(codeOf((await api.graphql(START, {})).errors)).toBe('UNAUTHENTICATED');
  });
});

describe('malformed and forbidden input', () => {
  it('answers the right code and writes nothing', async () => {
    const token = await api.login(ROLELESS, PASSWORD);
    const step = await firstStep(ROLELESS);
    const before = await api.eventCount();
    const cases: Array<[string, Record<string, unknown>, string | null, string]> = [
      [SECOND, { userIdToken: step.userIdToken, code: '1'.repeat(65) }, null, 'BAD_USER_INPUT'],
      [SECOND, { userIdToken: 'x'.repeat(5000), code: '123456' }, null, 'BAD_USER_INPUT'],
      [SECOND, { userIdToken: 'not-a-token', code: '123456' }, null, 'UNAUTHENTICATED'],
      [SECOND, { userIdToken: token, code: '123456' }, null, 'UNAUTHENTICATED'],
      [CONFIRM, { code: '123456' }, null, 'UNAUTHENTICATED'],
      [CONFIRM, { code: '123456' }, token, 'CONFLICT'],
      [DISABLE, { password: PASSWORD }, null, 'UNAUTHENTICATED'],
      [CHANGE, { oldPass: PASSWORD, newPass: 'x'.repeat(1100) }, token, 'BAD_USER_INPUT'],
      [CHANGE, { oldPass: PASSWORD, newPass: 'y'.repeat(300) }, token, 'BAD_USER_INPUT'],
    ];
    for (const [query, variables, as, expected] of cases) {
      const res = await api.graphql(query, variables, { token: as });
      expect(codeOf(res.errors), `${query.slice(0, 40)} ${JSON.stringify(variables).slice(0, 60)}`).toBe(expected);
    }
    expect(await api.eventCount()).toBe(before);
  });
});
