/**
 * VERIFY_EMAIL end to end on the real platform (docs/decisions/0042): the mail with its link (a
 * local SMTP server), verifyEmail over HTTP, the users read model's emailVerified, and every way a
 * link must fail: reuse by someone else, expiry, another kind, a forged or malformed token. Refusals
 * write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../../infra/mail/testing/smtp-capture';
import { loadAccount } from '../../../projections/users';
import { startTestApi, type TestApi } from '../../../tests/setup/api';
import { contextFor } from '../../request-context';
import { messagesSettled, refusedQuietly } from './testing';
import { ensureUser } from '../seed';
import { OneTimeLinks } from './links';
import { requestEmailVerification, confirmEmail } from './verify-email';

const PASSWORD = 'verify-email test password';
const VERIFY = 'mutation V($token: String!) { verifyEmail(token: $token) { email } }';
const ME = 'query { getCurrentUserV2 { email { address verified } } }';

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

/** A signed-out request (sign-up runs before any session), as a resolver's context. */
function anonymousContext() {
  const headers = { bearer: null, platformMode: null, ecosystemProfileId: null, reviewAppSecret: null, idempotencyKey: null };
  return contextFor(api.platform.services, { viewer: null, headers, cookies: { get: () => undefined, set: () => undefined, clear: () => undefined },
    requestId: crypto.randomUUID(), clientIp: '127.0.0.1' });
}

async function person(email: string): Promise<string> {
  return (await ensureUser(api.platform.services, { email, password: PASSWORD, firstName: 'Vera', lastName: 'Fied' })).userId;
}

/** Sends the verification mail and answers the token of the link it carries. */
async function mailedToken(userId: string, language: 'en' | 'es' = 'en'): Promise<{ token: string; text: string; subject: string }> {
  const before = smtp.received.length;
  await requestEmailVerification(anonymousContext(), { userId, ecosystemId: null, language });
  const mail = (await smtp.waitFor(before + 1))[before];
  const match = /https:\/\/app\.example\.org\/verify\/email\?token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return { token: match[1], text: mail.text ?? '', subject: mail.subject ?? '' };
}

const verified = async (userId: string) => (await loadAccount(api.platform.services.apiPool, userId))?.emailVerified;

describe('VERIFY_EMAIL', () => {
  it('mails a link to the account address in the person\'s language; using it verifies the address, shown on the User', async () => {
    const userId = await person('vera.one@example.com');
    const { token, subject } = await mailedToken(userId, 'es');
    expect(subject).toBe('Tutoring Platform: confirme su dirección de correo');
    expect(smtp.received.at(-1)?.to).toMatchObject({ text: 'vera.one@example.com' });
    expect(await verified(userId)).toBe(false);

    const res = await api.graphql<{ verifyEmail: { email: string } }>(VERIFY, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.verifyEmail.email).toBe('vera.one@example.com');
    expect(await verified(userId)).toBe(true);
    const me = await api.graphql<{ getCurrentUserV2: { email: { verified: boolean } } }>(ME, {}, { token: await api.login('vera.one@example.com', PASSWORD) });
    expect(me.data?.getCurrentUserV2.email).toEqual({ address: 'vera.one@example.com', verified: true });
  });

  it('stores only a hash of the token', async () => {
    const userId = await person('vera.hash@example.com');
    const { token } = await mailedToken(userId);
    const rows = await api.db.ownerPool.query<{ token_hash: Buffer }>('SELECT token_hash FROM auth.one_time_tokens WHERE user_id = $1', [userId]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].token_hash.toString('base64url')).not.toBe(token);
    expect(rows.rows[0].token_hash.toString('utf8')).not.toContain(token);
  });

  it('a used link verifies nothing more: using it again answers the same and appends no event', async () => {
    const userId = await person('vera.twice@example.com');
    const { token } = await mailedToken(userId);
    expect((await api.graphql(VERIFY, { token })).errors).toBeUndefined();
    await messagesSettled(api);
    const before = await api.eventCount();
    const again = await api.graphql<{ verifyEmail: { email: string } }>(VERIFY, { token });
    expect(again.data?.verifyEmail.email).toBe('vera.twice@example.com');
    expect(await api.eventCount()).toBe(before);
  });

  it('a forged, malformed or another kind\'s token answers BAD_USER_INPUT on token in one wording, and writes nothing', async () => {
    const userId = await person('vera.forged@example.com');
    const other = await api.platform.services.auth.oneTime.tokens.issue(
      { kind: 'RESET_PASSWORD', userId, email: 'vera.forged@example.com', ttlMs: 3_600_000, replaceEarlier: false }, new Date());
    const messages = new Set<string>();
    for (const token of ['A'.repeat(43), 'not a token', '', other.token]) {
      const res = await refusedQuietly(api, () => api.graphql(VERIFY, { token }), 'BAD_USER_INPUT');
      expect(res.errors?.[0].extensions?.fields?.map((f) => f.field)).toEqual(['token']);
      messages.add(res.errors?.[0].extensions?.fields?.[0].message ?? '');
    }
    expect([...messages]).toEqual(['This link is invalid or has expired. Please ask for a new one.']);
    const es = await api.graphql(VERIFY, { token: other.token }, { headers: { 'accept-language': 'es' } });
    expect(es.errors?.[0].extensions?.fields?.[0].message).toBe('Este enlace no es válido o ha caducado. Pida uno nuevo.');
    expect(await verified(userId)).toBe(false);
    // The RESET_PASSWORD token was not used up by the attempt.
    expect(await api.platform.services.auth.oneTime.tokens.peek('RESET_PASSWORD', other.token, new Date())).not.toBeNull();
  });

  it('an expired link is refused and verifies nothing', async () => {
    const userId = await person('vera.late@example.com');
    const { token } = await mailedToken(userId);
    const { deps } = api.platform.services.auth.oneTime;
    const tomorrow = new OneTimeLinks({ ...deps, clock: () => new Date(Date.now() + 24 * 3_600_000 + 1000) });
    await messagesSettled(api);
    const before = await api.eventCount();
    await expect(confirmEmail(tomorrow, token, api.platform.services.engine)).rejects.toThrow('This link is invalid or has expired.');
    expect(await api.eventCount()).toBe(before);
    expect(await verified(userId)).toBe(false);
  });

  it('one person\'s link verifies that person only, whoever is signed in', async () => {
    const alice = await person('alice.verify@example.com');
    const bob = await person('bob.verify@example.com');
    const { token } = await mailedToken(alice);
    const bobToken = await api.login('bob.verify@example.com', PASSWORD);
    const res = await api.graphql<{ verifyEmail: { email: string } }>(VERIFY, { token }, { token: bobToken });
    expect(res.data?.verifyEmail.email).toBe('alice.verify@example.com');
    expect(await verified(alice)).toBe(true);
    expect(await verified(bob)).toBe(false);
  });

  it('two requests with one link at the same time record one verification', async () => {
    const userId = await person('vera.race@example.com');
    const { token } = await mailedToken(userId);
    await messagesSettled(api);
    const before = await api.eventCount();
    const answers = await Promise.all([api.graphql(VERIFY, { token }), api.graphql(VERIFY, { token })]);
    expect(answers.some((a) => a.errors === undefined)).toBe(true);
    const events = await api.db.ownerPool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type = 'UserEmailVerified' AND stream_id = $1`, [`user-${userId}`]);
    expect(events.rows[0].n).toBe(1);
    expect(await api.eventCount()).toBe(before + 1);
  });
});
