/**
 * LOGIN_USER on the real platform (docs/decisions/0042): asking answers the same for any address;
 * the link logs its holder in once (refresh cookie included), the multi-factor step still follows
 * for an account with a factor; used, expired, other-kind and forged links fail and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../../tests/setup/api';
import { messagesSettled, refusedQuietly } from './testing';
import { base32Secret, codeAt } from '../factors/totp';
import { toGlobalId } from '../../relay';
import { ensureUser } from '../seed';

const PASSWORD = 'login link test password';
const REQUEST = 'mutation R($email: String!) { requestLoginLink(email: $email) }';
const LOGIN = 'mutation L($token: String!) { loginWithLink(token: $token) { token redirect userIdToken mfaMethods mfaEnrolmentRequired } }';
const SECOND = 'mutation M($userIdToken: String!, $code: String!) { loginPaasMFA(userIdToken: $userIdToken, code: $code) { token } }';
const ME = 'query { getCurrentUserV2 { id email { address verified } } }';

interface LinkLogin { token: string | null; redirect: string; userIdToken: string; mfaMethods: string[]; mfaEnrolmentRequired: boolean }

let api: TestApi;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://app.example.org' });
});
afterAll(async () => {
  await api?.stop();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.to(email);

async function person(email: string): Promise<string> {
  return (await ensureUser(api.platform.services, { email, password: PASSWORD, firstName: 'Lin', lastName: 'Link' })).userId;
}

async function mailedToken(email: string): Promise<string> {
  const seen = mailsTo(email).length;
  const res = await api.graphql<{ requestLoginLink: boolean }>(REQUEST, { email });
  expect(res.data?.requestLoginLink).toBe(true);
  await api.platform.services.auth.oneTime.idle();
  const mail = await smtp.nextTo(email, seen);
  const match = /https:\/\/app\.example\.org\/login\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  if (!match) throw new Error('no log-in link in the mail');
  return match[1];
}

describe('log-in links', () => {
  it('asking answers the same for an unknown address and mails nothing', async () => {
    await messagesSettled(api);
    const before = await api.eventCount();
    const res = await api.graphql(REQUEST, { email: 'nobody.link@example.com' });
    await api.platform.services.auth.oneTime.idle();
    expect(res).toMatchObject({ data: { requestLoginLink: true } });
    expect(res.errors).toBeUndefined();
    expect(await api.eventCount()).toBe(before);
  });

  it('logs the holder in once, with the refresh cookie, and counts their address as verified', async () => {
    const userId = await person('lin.once@example.com');
    const token = await mailedToken('lin.once@example.com');
    const res = await fetch(`${api.url}/graphql`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: LOGIN, variables: { token } }),
    });
    const body = await res.json() as { data?: { loginWithLink: LinkLogin } };
    expect(res.headers.get('set-cookie')).toMatch(/refresh_token=/);
    const access = body.data?.loginWithLink.token;
    expect(access).toBeTruthy();
    const me = await api.graphql<{ getCurrentUserV2: { id: string; email: { verified: boolean } } }>(ME, {}, { token: access });
    expect(me.data?.getCurrentUserV2.email.verified).toBe(true);
    expect(me.data?.getCurrentUserV2.id).toBe(toGlobalId('User', userId));

    const again = await refusedQuietly(api, () => api.graphql(LOGIN, { token }), 'BAD_USER_INPUT');
    expect(again.errors?.[0].extensions?.fields?.map((f) => f.field)).toEqual(['token']);
  });

  it('still asks for the second factor of an account that has one', async () => {
    await person('lin.mfa@example.com');
    const session = await api.login('lin.mfa@example.com', PASSWORD);
    const started = await api.graphql<{ startMfaTotpEnrolment: { secret: string } }>('mutation { startMfaTotpEnrolment { secret } }', {}, { token: session });
    const secret = base32Secret(started.data?.startMfaTotpEnrolment.secret ?? '');
    const confirmed = await api.graphql('mutation C($code: String!) { confirmMfaTotpEnrolment(code: $code) { recoveryCodes } }', { code: codeAt(secret, new Date()) }, { token: session });
    expect(confirmed.errors).toBeUndefined();

    const token = await mailedToken('lin.mfa@example.com');
    const first = await api.graphql<{ loginWithLink: LinkLogin }>(LOGIN, { token });
    expect(first.data?.loginWithLink).toMatchObject({ token: null, mfaMethods: ['TOTP'], mfaEnrolmentRequired: false });
    const second = await api.graphql<{ loginPaasMFA: { token: string } }>(SECOND,
      { userIdToken: first.data?.loginWithLink.userIdToken, code: codeAt(secret, new Date(Date.now() + 30_000)) });
    expect(second.errors).toBeUndefined();
    expect(second.data?.loginPaasMFA.token).toBeTruthy();
  });

  it('an expired link, another kind\'s token or a forged one: BAD_USER_INPUT on token, no session, nothing written', async () => {
    const userId = await person('lin.bad@example.com');
    const { tokens } = api.platform.services.auth.oneTime;
    const email = 'lin.bad@example.com';
    const expired = await tokens.issue({ kind: 'LOGIN_USER', userId, email, ttlMs: 900_000, replaceEarlier: false }, new Date(Date.now() - 3_600_000));
    const reset = await tokens.issue({ kind: 'RESET_PASSWORD', userId, email, ttlMs: 900_000, replaceEarlier: false }, new Date());
    const families = () => api.db.ownerPool.query('SELECT 1 FROM auth.refresh_token_families WHERE user_id = $1', [userId]).then((r) => r.rowCount);
    for (const token of [expired.token, reset.token, 'C'.repeat(43)]) {
      await refusedQuietly(api, () => api.graphql(LOGIN, { token }), 'BAD_USER_INPUT');
    }
    expect(await families()).toBe(0);
  });
});
