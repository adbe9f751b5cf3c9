/**
 * RESET_PASSWORD on the real platform (docs/decisions/0042): the same answer whether or not an
 * account has the address, throttling, the link's mail, the password policy, every session ended,
 * and the link's single use, expiry, kind and holder. Refusals write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../../tests/setup/api';
import { refusedQuietly } from './testing';
import { ensureUser } from '../seed';
import { LINKS_PER_HOUR } from './by-email';

const PASSWORD = 'reset test password one';
const NEW_PASSWORD = 'a fresh and quite long passphrase';
const REQUEST = 'mutation R($email: String!) { requestPasswordReset(email: $email) }';
const RESET = 'mutation S($token: String!, $newPassword: String!) { resetPassword(token: $token, newPassword: $newPassword) }';
const VALID = 'query V($token: String!) { passwordResetLinkValid(token: $token) }';
const ME = 'query { getCurrentUserV2 { id } }';
const PER_ACCOUNT_ADDRESS = 5;

let api: TestApi;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://app.example.org', LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS: String(PER_ACCOUNT_ADDRESS) });
});
afterAll(async () => {
  await api?.stop();
  await smtp?.close();
});

const oneTime = () => api.platform.services.auth.oneTime;

async function person(email: string): Promise<string> {
  return (await ensureUser(api.platform.services, { email, password: PASSWORD, firstName: 'Rhea', lastName: 'Set' })).userId;
}

/** Asks for a link as the web app does, lets the background mail go out, and answers the mails that arrived. */
async function ask(email: string, headers: Record<string, string> = {}) {
  const before = smtp.received.length;
  const res = await api.graphql<{ requestPasswordReset: boolean }>(REQUEST, { email }, { headers });
  await oneTime().idle();
  // The delivery workflow runs on its own; give it the time a mail takes when one was recorded.
  const recorded = await api.db.ownerPool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE type = 'MessageRecorded' AND data->>'kind' = 'RESET_PASSWORD'`);
  return { res, before, recorded: recorded.rows[0].n };
}

/** Mail arrives when its delivery workflow runs, possibly after later requests' mail: each is found by its recipient. */
const mailsTo = (email: string) => smtp.to(email);

async function mailedToken(email: string, headers: Record<string, string> = {}): Promise<{ token: string; subject: string }> {
  const seen = mailsTo(email).length;
  const { res } = await ask(email, headers);
  expect(res.data?.requestPasswordReset).toBe(true);
  const mail = await smtp.nextTo(email, seen);
  const match = /https:\/\/app\.example\.org\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return { token: match[1], subject: mail.subject ?? '' };
}

describe('asking for a reset link', () => {
  it('answers the same for an account and an unknown address, refuses a malformed one; mails only the account', async () => {
    await person('rhea.known@example.com');
    const known = await ask('Rhea.Known@example.com ');
    const unknown = await ask('nobody.here@example.com');
    for (const r of [known, unknown]) expect({ data: r.res.data, errors: r.res.errors }).toEqual({ data: { requestPasswordReset: true }, errors: undefined });
    expect(unknown.recorded).toBe(known.recorded);
    // Not an address names no account, so saying so reveals nothing (the form checks it too; decision 0054).
    const malformed = await ask('not an address');
    expect(malformed.res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'email', message: 'Please enter a valid email address.' }] });
    expect(malformed.recorded).toBe(known.recorded);
    await smtp.waitFor(known.before + 1);
    expect(mailsTo('rhea.known@example.com')).toHaveLength(1);
    expect(mailsTo('nobody.here@example.com')).toHaveLength(0);
  });

  it('mails in the account\'s language, else the reader\'s', async () => {
    await person('rhea.spanish@example.com');
    const { subject } = await mailedToken('rhea.spanish@example.com', { 'accept-language': 'es' });
    expect(subject).toBe('Tutoring Platform: restablezca su contraseña');
  });

  it('is throttled per address asked for, in the same way whether or not an account has it; an account gets a few links an hour', async () => {
    const userId = await person('rhea.busy@example.com');
    for (const email of ['rhea.busy@example.com', 'nobody.busy@example.com']) {
      for (let i = 0; i < PER_ACCOUNT_ADDRESS; i++) expect((await ask(email)).res.data?.requestPasswordReset).toBe(true);
      const refused = await ask(email);
      expect(refused.res.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    }
    const links = await api.db.ownerPool.query('SELECT 1 FROM auth.one_time_tokens WHERE user_id = $1', [userId]);
    expect(links.rowCount).toBe(LINKS_PER_HOUR);
  });
});

describe('using a reset link', () => {
  it('refuses a password the policy refuses, and the link keeps working', async () => {
    await person('rhea.policy@example.com');
    const { token } = await mailedToken('rhea.policy@example.com');
    for (const newPassword of ['short', 'password123']) {
      const res = await refusedQuietly(api, () => api.graphql(RESET, { token, newPassword }), 'BAD_USER_INPUT');
      expect(res.errors?.[0].extensions?.fields?.map((f) => f.field)).toEqual(['newPassword']);
    }
    expect((await api.graphql<{ passwordResetLinkValid: boolean }>(VALID, { token })).data?.passwordResetLinkValid).toBe(true);
  });

  it('sets the new password, ends every session and the person\'s other links, and works once', async () => {
    const userId = await person('rhea.reset@example.com');
    const { auth } = api.platform.services;
    const session = await auth.login('rhea.reset@example.com', PASSWORD);
    const access = await api.login('rhea.reset@example.com', PASSWORD);
    const { token: older } = await mailedToken('rhea.reset@example.com');
    const { token } = await mailedToken('rhea.reset@example.com');
    expect((await api.graphql<{ passwordResetLinkValid: boolean }>(VALID, { token: older })).data?.passwordResetLinkValid).toBe(false);
    const login = await oneTime().tokens.issue({ kind: 'LOGIN_USER', userId, email: 'rhea.reset@example.com', ttlMs: 600_000, replaceEarlier: false }, new Date());

    const res = await api.graphql(RESET, { token, newPassword: NEW_PASSWORD });
    expect(res.errors).toBeUndefined();
    expect((await api.graphql(ME, {}, { token: access })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    await expect(auth.refresh(session.tokens?.refreshToken ?? '')).rejects.toThrow();
    await expect(api.login('rhea.reset@example.com', PASSWORD)).rejects.toThrow();
    expect(await api.login('rhea.reset@example.com', NEW_PASSWORD)).toBeTruthy();
    expect(await oneTime().tokens.peek('LOGIN_USER', login.token, new Date())).toBeNull();
    const me = await api.graphql<{ getCurrentUserV2: { email: { verified: boolean } } }>('query { getCurrentUserV2 { email { verified } } }', {},
      { token: await api.login('rhea.reset@example.com', NEW_PASSWORD) });
    expect(me.data?.getCurrentUserV2.email.verified).toBe(true);

    await refusedQuietly(api, () => api.graphql(RESET, { token, newPassword: 'yet another long passphrase' }), 'BAD_USER_INPUT');
    expect((await api.graphql<{ passwordResetLinkValid: boolean }>(VALID, { token })).data?.passwordResetLinkValid).toBe(false);
  });

  it('an expired link, another kind\'s token, a forged or malformed one: BAD_USER_INPUT on token, nothing written', async () => {
    const userId = await person('rhea.bad@example.com');
    const { tokens } = oneTime();
    const email = 'rhea.bad@example.com';
    const expired = await tokens.issue({ kind: 'RESET_PASSWORD', userId, email, ttlMs: 3_600_000, replaceEarlier: false }, new Date(Date.now() - 2 * 3_600_000));
    const verify = await tokens.issue({ kind: 'VERIFY_EMAIL', userId, email, ttlMs: 3_600_000, replaceEarlier: false }, new Date());
    for (const token of [expired.token, verify.token, 'B'.repeat(43), '../../etc']) {
      const res = await refusedQuietly(api, () => api.graphql(RESET, { token, newPassword: NEW_PASSWORD }), 'BAD_USER_INPUT');
      expect(res.errors?.[0].extensions?.fields).toEqual([{ field: 'token', message: 'This link is invalid or has expired. Please ask for a new one.' }]);
    }
    expect(await api.login(email, PASSWORD)).toBeTruthy();
  });

  it('one person\'s link resets that person only', async () => {
    await person('ann.holder@example.com');
    await person('ben.bystander@example.com');
    const { token } = await mailedToken('ann.holder@example.com');
    const ben = await api.login('ben.bystander@example.com', PASSWORD);
    expect((await api.graphql(RESET, { token, newPassword: NEW_PASSWORD }, { token: ben })).errors).toBeUndefined();
    expect(await api.login('ann.holder@example.com', NEW_PASSWORD)).toBeTruthy();
    expect(await api.login('ben.bystander@example.com', PASSWORD)).toBeTruthy();
    expect((await api.graphql(ME, {}, { token: ben })).errors).toBeUndefined();
  });
});

describe('expired links', () => {
  it('are deleted by the auth purge once past the retention, and not before', async () => {
    const userId = await person('rhea.purge@example.com');
    const { tokens } = oneTime();
    const day = 24 * 3_600_000;
    const old = await tokens.issue({ kind: 'RESET_PASSWORD', userId, email: 'rhea.purge@example.com', ttlMs: 3_600_000, replaceEarlier: false }, new Date(Date.now() - 40 * day));
    const recent = await tokens.issue({ kind: 'RESET_PASSWORD', userId, email: 'rhea.purge@example.com', ttlMs: 3_600_000, replaceEarlier: false }, new Date(Date.now() - 2 * day));
    const purged = await api.platform.services.auth.maintenance.purgeOnce();
    expect(purged.links).toBeGreaterThanOrEqual(1);
    const left = await api.db.ownerPool.query<{ expires_at: Date }>('SELECT expires_at FROM auth.one_time_tokens WHERE user_id = $1', [userId]);
    expect(left.rows.map((r) => r.expires_at.getTime())).toEqual([recent.expiresAt.getTime()]);
    expect(old.expiresAt.getTime()).toBeLessThan(Date.now() - 30 * day);
  });
});
