/**
 * Regenerating recovery codes over HTTP (docs/decisions/0043): proven by the password or a code,
 * ten new codes shown once, the old ones stop working, a repeated request answers the same codes;
 * refusals write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../tests/setup/api';
import { refusedUnchanged } from '../../people/testing';
import { ensureUser } from '../seed';
import { base32Secret, codeAt } from './totp';

const PASSWORD = 'recovery codes test password';
const START = 'mutation { startMfaTotpEnrolment { secret } }';
const CONFIRM = 'mutation C($code: String!) { confirmMfaTotpEnrolment(code: $code) { recoveryCodes } }';
const REGENERATE = `mutation R($code: String, $password: String) {
  regenerateMfaRecoveryCodes(code: $code, password: $password) { recoveryCodes user { profile { MFASettings { recoveryCodesLeft } } } } }`;
const LOGIN = 'mutation L($email: String!, $password: String!) { loginPaas(email: $email, password: $password) { userIdToken } }';
const SECOND = 'mutation M($userIdToken: String!, $code: String!) { loginPaasMFA(userIdToken: $userIdToken, code: $code) { token } }';

interface Regenerated { regenerateMfaRecoveryCodes: { recoveryCodes: string[]; user: { profile: { MFASettings: Array<{ recoveryCodesLeft: number }> } } } }

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: '50' });
});
afterAll(async () => { await api?.stop(); });

async function withFactor(email: string): Promise<{ token: string; secret: Buffer; codes: string[] }> {
  await ensureUser(api.platform.services, { email, password: PASSWORD, firstName: 'Rex', lastName: 'Codes' });
  const token = await api.login(email, PASSWORD);
  const started = await api.graphql<{ startMfaTotpEnrolment: { secret: string } }>(START, {}, { token });
  const secret = base32Secret(started.data?.startMfaTotpEnrolment.secret ?? '');
  const confirmed = await api.graphql<{ confirmMfaTotpEnrolment: { recoveryCodes: string[] } }>(CONFIRM, { code: codeAt(secret, new Date()) }, { token });
  return { token, secret, codes: confirmed.data?.confirmMfaTotpEnrolment.recoveryCodes ?? [] };
}

async function secondStep(email: string, code: string) {
  const first = await api.graphql<{ loginPaas: { userIdToken: string } }>(LOGIN, { email, password: PASSWORD });
  return api.graphql<{ loginPaasMFA: { token: string } }>(SECOND, { userIdToken: first.data?.loginPaas.userIdToken, code });
}

describe('regenerateMfaRecoveryCodes', () => {
  it('answers ten new codes once; the old ones stop working and the new ones log in', async () => {
    const { token, codes } = await withFactor('rex.new@example.com');
    const headers = { 'idempotency-key': 'regenerate-1' };
    const res = await api.graphql<Regenerated>(REGENERATE, { password: PASSWORD }, { token, headers });
    expect(res.errors).toBeUndefined();
    const fresh = res.data?.regenerateMfaRecoveryCodes.recoveryCodes ?? [];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
    expect(res.data?.regenerateMfaRecoveryCodes.user.profile.MFASettings).toEqual([{ recoveryCodesLeft: 10 }]);

    const repeated = await api.graphql<Regenerated>(REGENERATE, { password: PASSWORD }, { token, headers });
    expect(repeated.data?.regenerateMfaRecoveryCodes.recoveryCodes).toEqual(fresh);

    expect((await secondStep('rex.new@example.com', codes[0])).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await secondStep('rex.new@example.com', fresh[0])).data?.loginPaasMFA.token).toBeTruthy();
  });

  it('takes a recovery code or an app code as proof too', async () => {
    const { token, secret, codes } = await withFactor('rex.proof@example.com');
    const byRecovery = await api.graphql<Regenerated>(REGENERATE, { code: codes[3] }, { token, headers: { 'idempotency-key': 'by-recovery' } });
    expect(byRecovery.errors).toBeUndefined();
    const byApp = await api.graphql<Regenerated>(REGENERATE, { code: codeAt(secret, new Date(Date.now() + 30_000)) }, { token, headers: { 'idempotency-key': 'by-app' } });
    expect(byApp.errors).toBeUndefined();
    expect(byApp.data?.regenerateMfaRecoveryCodes.recoveryCodes).not.toEqual(byRecovery.data?.regenerateMfaRecoveryCodes.recoveryCodes);
  });

  it('refuses without proof, with a wrong password, with the factor off, and signed out, writing nothing', async () => {
    const { token } = await withFactor('rex.refused@example.com');
    const none = await refusedUnchanged(api, () => api.graphql(REGENERATE, {}, { token }), 'BAD_USER_INPUT');
    expect(none.errors?.[0].extensions?.fields?.map((f) => f.field)).toEqual(['code']);
    const wrong = await refusedUnchanged(api, () => api.graphql(REGENERATE, { password: 'not the password' }, { token }), 'BAD_USER_INPUT');
    expect(wrong.errors?.[0].extensions?.fields?.map((f) => f.field)).toEqual(['password']);
    await refusedUnchanged(api, () => api.graphql(REGENERATE, { password: PASSWORD }), 'UNAUTHENTICATED');

    await ensureUser(api.platform.services, { email: 'rex.off@example.com', password: PASSWORD, firstName: 'Rex', lastName: 'Off' });
    const off = await api.login('rex.off@example.com', PASSWORD);
    const res = await refusedUnchanged(api, () => api.graphql(REGENERATE, { password: PASSWORD }, { token: off }), 'CONFLICT');
    expect(res.errors?.[0].message).toBe('Multi-factor authentication is off: turn it on to get recovery codes.');
  });
});
