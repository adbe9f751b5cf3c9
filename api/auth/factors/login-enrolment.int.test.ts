/**
 * The set-up an ecosystem with MFAEnabled requires at log-in, by e-mail code (docs/decisions/0039,
 * 0043), on the real platform with mail captured over SMTP: the log-in's userIdToken starts it,
 * the mailed code finishes it through loginPaasMFA (enrolMethod EMAIL) with the recovery codes
 * once; nothing works before the code is confirmed; mailing and wrong codes are throttled; nobody
 * whose ecosystems do not require it gets a set-up this way. Refusals write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../../infra/mail/testing/smtp-capture';
import { mailedCode } from './testing';
import { startTestApi, type TestApi } from '../../../tests/setup/api';
import { toGlobalId } from '../../relay';
import { messagesSettled, refusedQuietly } from '../one-time/testing';
import { ensureUser } from '../seed';

const PASSWORD = 'login enrolment password';
const LIMIT = 5;
const LOGIN = `mutation L($email: String!, $password: String!) {
  loginPaas(email: $email, password: $password) { token userIdToken mfaMethods mfaEnrolmentRequired mfaEmailHint } }`;
const SECOND = `mutation M($userIdToken: String!, $code: String!, $enrolMethod: MfaMethod) {
  loginPaasMFA(userIdToken: $userIdToken, code: $code, enrolMethod: $enrolMethod) { token recoveryCodes } }`;
const START = 'mutation S($userIdToken: String) { startMfaEmailEnrolment(userIdToken: $userIdToken) }';

interface FirstStep { token: string | null; userIdToken: string; mfaMethods: string[]; mfaEnrolmentRequired: boolean; mfaEmailHint: string | null }
interface Second { loginPaasMFA: { token: string; recoveryCodes: string[] | null } }

let api: TestApi;
let smtp: SmtpCapture;
let ecosystemId: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url, LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: String(LIMIT) });
  const demo = api.platform.demo;
  if (!demo) throw new Error('demo not seeded');
  ecosystemId = demo.ecosystemId;
  const admin = await api.loginAs('platformAdmin');
  const edited = await api.graphql(`mutation E($id: ID!) { editEcosystem(ecosystemId: $id, ecosystemInput: { MFAEnabled: true }) { MFAEnabled } }`,
    { id: toGlobalId('Ecosystem', ecosystemId) }, { token: admin });
  expect(edited.data).toEqual({ editEcosystem: { MFAEnabled: true } });
});
afterAll(async () => {
  await api?.stop();
  await smtp?.close();
});

async function firstStep(email: string): Promise<FirstStep> {
  const res = await api.graphql<{ loginPaas: FirstStep }>(LOGIN, { email, password: PASSWORD });
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.loginPaas;
}

/** A member of the ecosystem that requires MFA, at the set-up step with a mailed code. */
async function atEnrolment(email: string, roles = true): Promise<{ step: FirstStep; code: string }> {
  await ensureUser(api.platform.services, { email, password: PASSWORD, firstName: 'En', lastName: 'Rol', roles: roles ? [{ ecosystemId, role: 'MEMBER' }] : [] });
  const step = await firstStep(email);
  const seen = smtp.to(email).length;
  expect((await api.graphql(START, { userIdToken: step.userIdToken })).data).toEqual({ startMfaEmailEnrolment: true });
  return { step, code: await mailedCode(smtp, email, seen) };
}

const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the e-mail code set-up at log-in', () => {
  it('finishes with the mailed code: the tokens and the recovery codes once; the next log-in mails a code', async () => {
    const email = 'enrol.email@example.com';
    const { step, code } = await atEnrolment(email);
    expect(step).toMatchObject({ token: null, mfaMethods: [], mfaEnrolmentRequired: true, mfaEmailHint: null });
    expect(smtp.to(email).at(-1)?.subject).toMatch(/verification code/);
    // Nothing works before the code confirms it: not as a log-in code, and a wrong code changes nothing.
    await refusedQuietly(api, () => api.graphql(SECOND, { userIdToken: step.userIdToken, code }), 'CONFLICT');
    await refusedQuietly(api, () => api.graphql(SECOND, { userIdToken: step.userIdToken, code: other(code), enrolMethod: 'EMAIL' }), 'BAD_USER_INPUT');
    expect((await firstStep(email)).mfaEnrolmentRequired).toBe(true);
    const done = await api.graphql<Second>(SECOND, { userIdToken: step.userIdToken, code, enrolMethod: 'EMAIL' });
    expect(done.data?.loginPaasMFA.token).toBeTruthy();
    expect(done.data?.loginPaasMFA.recoveryCodes).toHaveLength(10);
    await refusedQuietly(api, () => api.graphql(SECOND, { userIdToken: step.userIdToken, code, enrolMethod: 'EMAIL' }), 'BAD_USER_INPUT');

    const seen = smtp.to(email).length;
    const next = await firstStep(email);
    expect(next).toMatchObject({ token: null, mfaMethods: ['EMAIL'], mfaEnrolmentRequired: false, mfaEmailHint: 'e***@example.com' });
    const loginCode = await mailedCode(smtp, email, seen);
    // With the factor on, enrolMethod changes nothing: the code is checked as a log-in code, with no new recovery codes.
    const again = await api.graphql<Second>(SECOND, { userIdToken: next.userIdToken, code: loginCode, enrolMethod: 'EMAIL' });
    expect(again.data?.loginPaasMFA).toMatchObject({ recoveryCodes: null });
    expect(again.data?.loginPaasMFA.token).toBeTruthy();
  });

  it('replaces a pending app set-up when the person chooses the e-mail code instead', async () => {
    const email = 'enrol.switch@example.com';
    await ensureUser(api.platform.services, { email, password: PASSWORD, firstName: 'Sw', lastName: 'Itch', roles: [{ ecosystemId, role: 'MEMBER' }] });
    const step = await firstStep(email);
    const app = await api.graphql('mutation S($t: String) { startMfaTotpEnrolment(userIdToken: $t) { secret } }', { t: step.userIdToken });
    expect(app.errors).toBeUndefined();
    const seen = smtp.to(email).length;
    await api.graphql(START, { userIdToken: step.userIdToken });
    const code = await mailedCode(smtp, email, seen);
    // Without enrolMethod the pending app's set-up is what a code finishes, and the mailed code is not the app's.
    await refusedQuietly(api, () => api.graphql(SECOND, { userIdToken: step.userIdToken, code }), 'BAD_USER_INPUT');
    const done = await api.graphql<Second>(SECOND, { userIdToken: step.userIdToken, code, enrolMethod: 'EMAIL' });
    expect(done.data?.loginPaasMFA.recoveryCodes).toHaveLength(10);
    expect((await firstStep(email)).mfaMethods).toEqual(['EMAIL']);
  });

  it('mails within the cool-down only once (RATE_LIMITED), and throttles wrong codes like passwords', async () => {
    const email = 'enrol.throttle@example.com';
    const { step, code } = await atEnrolment(email);
    const refused = await refusedQuietly(api, () => api.graphql(START, { userIdToken: step.userIdToken }), 'RATE_LIMITED');
    expect(refused.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThan(0);
    await messagesSettled(api);
    expect(smtp.to(email)).toHaveLength(1);
    for (let i = 0; i < LIMIT; i += 1) {
      await refusedQuietly(api, () => api.graphql(SECOND, { userIdToken: step.userIdToken, code: other(code), enrolMethod: 'EMAIL' }), 'BAD_USER_INPUT');
    }
    await refusedQuietly(api, () => api.graphql(SECOND, { userIdToken: step.userIdToken, code, enrolMethod: 'EMAIL' }), 'RATE_LIMITED');
  });

  it('is only for someone an ecosystem requires it of, with a live log-in', async () => {
    const email = 'enrol.free@example.com';
    await ensureUser(api.platform.services, { email, password: PASSWORD, firstName: 'Fr', lastName: 'Ee' });
    const step = await firstStep(email);
    expect(step.token).toBeTruthy();
    await refusedQuietly(api, () => api.graphql(START, { userIdToken: step.userIdToken }), 'FORBIDDEN');
    await refusedQuietly(api, () => api.graphql(START, { userIdToken: 'forged.token.value' }), 'UNAUTHENTICATED');
    await refusedQuietly(api, () => api.graphql(START, { userIdToken: 'x'.repeat(5000) }), 'BAD_USER_INPUT');
    await refusedQuietly(api, () => api.graphql(SECOND, { userIdToken: step.userIdToken, code: '123456', enrolMethod: 'EMAIL' }), 'CONFLICT');
    await refusedQuietly(api, () => api.graphql(SECOND, { userIdToken: step.userIdToken, code: '123456', enrolMethod: 'SMS' }), 'BAD_USER_INPUT');
    await messagesSettled(api);
    expect(smtp.to(email)).toHaveLength(0);
  });
});
