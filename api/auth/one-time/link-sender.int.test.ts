/**
 * In whose name reset and log-in-link mails speak (docs/decisions/0042, sender.ts), on the real
 * platform with mail captured over SMTP: the ecosystem whose page asked, when the account belongs
 * to it; else the account's one ecosystem; else the platform, in the recipient's language. The
 * answer is the same with or without an account; an unknown ecosystem is refused before anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../../tests/setup/api';
import { addPerson, buildWorld, type World } from '../../people/testing';
import { messagesSettled, refusedQuietly } from './testing';

const RESET = 'mutation R($email: String!, $p: String) { requestPasswordReset(email: $email, ecosystemProfileId: $p) }';
const LINK = 'mutation L($email: String!, $p: String) { requestLoginLink(email: $email, ecosystemProfileId: $p) }';

let api: TestApi;
let smtp: SmtpCapture;
let world: World;
const eco = { e1: { name: '', profileId: '' }, e2: { name: '', profileId: '' } };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://app.example.org' });
  world = await buildWorld(api);
  for (const key of ['e1', 'e2'] as const) {
    const r = await api.db.ownerPool.query<{ name: string; profile_id: string }>(
      'SELECT name, profile_id FROM read.ecosystem_profiles WHERE ecosystem_id = $1', [world[key]]);
    eco[key] = { name: r.rows[0].name, profileId: r.rows[0].profile_id };
  }
  expect(eco.e1.name).not.toBe(eco.e2.name);
});
afterAll(async () => {
  await api?.stop();
  await smtp?.close();
});

const mailsTo = (email: string) => smtp.to(email);

/** Asks as the web app does and answers the one mail it sent. */
async function mailOf(query: string, email: string, profileId: string | null, headers: Record<string, string> = {}) {
  const seen = mailsTo(email).length;
  const res = await api.graphql(query, { email, p: profileId }, { headers });
  expect(res.errors).toBeUndefined();
  await messagesSettled(api);
  const mail = await smtp.nextTo(email, seen);
  return { subject: mail.subject ?? '', text: mail.text ?? '' };
}

describe('reset and log-in-link mails', () => {
  it("bear the one ecosystem of the account, with or without its page, in the recipient's language", async () => {
    const email = 'one.eco@example.com';
    await addPerson(api, email, [{ ecosystemId: world.e1, role: 'MEMBER' }]);
    const plain = await mailOf(RESET, email, null);
    expect(plain.subject).toBe(`${eco.e1.name}: reset your password`);
    expect(plain.text).toContain(`your ${eco.e1.name} account`);
    const spanish = await mailOf(LINK, email, eco.e1.profileId, { 'accept-language': 'es' });
    expect(spanish.subject).toBe(`${eco.e1.name}: su enlace para iniciar sesión`);
    expect(spanish.text).toContain(`iniciar sesión en ${eco.e1.name}`);
  });

  it('bear the asking ecosystem for an account of several, and the platform without one', async () => {
    const email = 'two.ecos@example.com';
    await addPerson(api, email, [{ ecosystemId: world.e1, role: 'MEMBER' }, { ecosystemId: world.e2, role: 'MEMBER' }]);
    expect((await mailOf(RESET, email, eco.e2.profileId)).subject).toBe(`${eco.e2.name}: reset your password`);
    expect((await mailOf(LINK, email, eco.e1.profileId)).subject).toBe(`${eco.e1.name}: your log-in link`);
    const platform = await mailOf(LINK, email, null);
    expect(platform.subject).toBe('Tutoring Platform: your log-in link');
    expect(platform.text).toContain('log in to Tutoring Platform');
  });

  it("never bear an ecosystem the account does not belong to: its own one's, else the platform's", async () => {
    const member = 'own.eco@example.com';
    await addPerson(api, member, [{ ecosystemId: world.e1, role: 'MEMBER' }]);
    expect((await mailOf(RESET, member, eco.e2.profileId)).subject).toBe(`${eco.e1.name}: reset your password`);
    const roleless = 'no.eco@example.com';
    await addPerson(api, roleless, []);
    expect((await mailOf(RESET, roleless, eco.e2.profileId)).subject).toBe('Tutoring Platform: reset your password');
  });

  it('answer the same for an address without an account, and refuse an unknown ecosystem before anything', async () => {
    const res = await api.graphql(RESET, { email: 'nobody.here@example.com', p: eco.e1.profileId });
    expect(res.data).toEqual({ requestPasswordReset: true });
    await messagesSettled(api);
    expect(mailsTo('nobody.here@example.com')).toHaveLength(0);
    const email = 'refused.eco@example.com';
    await addPerson(api, email, [{ ecosystemId: world.e1, role: 'MEMBER' }]);
    const unknown = await refusedQuietly(api, () => api.graphql(RESET, { email, p: 'no-such-ecosystem' }), 'NOT_FOUND');
    expect(unknown.errors?.[0].message).toMatch(/could not find this organization/);
    await refusedQuietly(api, () => api.graphql(LINK, { email, p: 'x'.repeat(101) }), 'BAD_USER_INPUT');
    // The same refusal for an address without an account: the ecosystem is checked, not the address.
    await refusedQuietly(api, () => api.graphql(LINK, { email: 'nobody.here@example.com', p: 'no-such-ecosystem' }), 'NOT_FOUND');
    await messagesSettled(api);
    expect(mailsTo(email)).toHaveLength(0);
  });
});
