/**
 * A changed log-in address is verified before it is used (docs/decisions/0042), on the real
 * platform: held pending, verified by its link, then the log-in address, the old one freed and told;
 * uniqueness kept when someone takes the address meanwhile; refusals write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../../tests/setup/api';
import { messagesSettled, refusedQuietly } from './testing';
import { randomUUID } from 'node:crypto';
import { toGlobalId } from '../../relay';
import { registerUser } from '../registration';
import { ensureUser, SYSTEM_ACTOR } from '../seed';

const PASSWORD = 'email change test password';
const CHANGE = 'mutation C($newEmail: String!, $password: String!) { requestEmailChange(newEmail: $newEmail, password: $password) { email { address verified pendingAddress } } }';
const VERIFY = 'mutation V($token: String!) { verifyEmail(token: $token) { email } }';
const ME = 'query { getCurrentUserV2 { email { address verified pendingAddress } } }';
const RESEND = 'mutation { sendEmailVerification }';

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

async function nextMailTo(email: string, seen: number): Promise<string> {
  return (await smtp.nextTo(email, seen)).text ?? '';
}

const tokenIn = (text: string) => /verify\/email\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

async function signedIn(email: string): Promise<string> {
  await ensureUser(api.platform.services, { email, password: PASSWORD, firstName: 'Cam', lastName: 'Change' });
  return api.login(email, PASSWORD);
}

describe('changing the log-in address', () => {
  it('holds the new address pending, verifies it by its link, then logs in with it; the old one is told and freed', async () => {
    const token = await signedIn('cam.old@example.com');
    const res = await api.graphql<{ requestEmailChange: { email: unknown } }>(CHANGE, { newEmail: 'Cam.New@example.com', password: PASSWORD }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.requestEmailChange.email).toEqual({ address: 'cam.old@example.com', verified: false, pendingAddress: 'cam.new@example.com' });
    expect(await api.login('cam.old@example.com', PASSWORD)).toBeTruthy();
    await expect(api.login('cam.new@example.com', PASSWORD)).rejects.toThrow();

    const link = tokenIn(await nextMailTo('cam.new@example.com', 0));
    const used = await api.graphql<{ verifyEmail: { email: string } }>(VERIFY, { token: link });
    expect(used.errors).toBeUndefined();
    const fresh = await api.login('cam.new@example.com', PASSWORD);
    await expect(api.login('cam.old@example.com', PASSWORD)).rejects.toThrow();
    const me = await api.graphql<{ getCurrentUserV2: { email: unknown } }>(ME, {}, { token: fresh });
    expect(me.data?.getCurrentUserV2.email).toEqual({ address: 'cam.new@example.com', verified: true, pendingAddress: null });
    expect(await nextMailTo('cam.old@example.com', 0)).toContain('was changed to cam.new@example.com');
    // The old address is free for someone else.
    const { bus, projections, config } = api.platform.services;
    const position = await registerUser(bus, { userId: randomUUID(), email: 'cam.old@example.com', password: PASSWORD, firstName: 'Other', lastName: 'Person' },
      { actor: SYSTEM_ACTOR, now: new Date() });
    if (position) await projections.waitFor(position, ['users'], config.PROJECTION_WAIT_MS);
    expect(await api.login('cam.old@example.com', PASSWORD)).toBeTruthy();
  });

  it('refuses a wrong password, a malformed or the same address, and anyone signed out, writing nothing', async () => {
    const token = await signedIn('cam.refused@example.com');
    const wrong = await refusedQuietly(api, () => api.graphql(CHANGE, { newEmail: 'cam.other@example.com', password: 'not the password' }, { token }), 'BAD_USER_INPUT');
    expect(wrong.errors?.[0].extensions?.fields?.map((f) => f.field)).toEqual(['password']);
    for (const newEmail of ['not an address', 'CAM.refused@example.com']) {
      const res = await refusedQuietly(api, () => api.graphql(CHANGE, { newEmail, password: PASSWORD }, { token }), 'BAD_USER_INPUT');
      expect(res.errors?.[0].extensions?.fields?.map((f) => f.field)).toEqual(['newEmail']);
    }
    await refusedQuietly(api, () => api.graphql(CHANGE, { newEmail: 'cam.other@example.com', password: PASSWORD }), 'UNAUTHENTICATED');
    expect(mailsTo('cam.other@example.com')).toHaveLength(0);
  });

  it('answers the same for an address another account has, and mails it nothing', async () => {
    await signedIn('cam.taken@example.com');
    const token = await signedIn('cam.wants@example.com');
    const res = await api.graphql<{ requestEmailChange: { email: { pendingAddress: string } } }>(CHANGE, { newEmail: 'cam.taken@example.com', password: PASSWORD }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.requestEmailChange.email.pendingAddress).toBe('cam.taken@example.com');
    await api.platform.services.auth.oneTime.idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('cam.taken@example.com')).toHaveLength(0);
  });

  it('keeps addresses unique: when someone registers the pending address first, its link answers CONFLICT and changes nothing', async () => {
    const token = await signedIn('cam.slow@example.com');
    await api.graphql(CHANGE, { newEmail: 'cam.race@example.com', password: PASSWORD }, { token });
    const link = tokenIn(await nextMailTo('cam.race@example.com', 0));
    await signedIn('cam.race@example.com');
    const res = await api.graphql(VERIFY, { token: link });
    expect(res.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(res.errors?.[0].message).toBe('An account with this email already exists.');
    expect(await api.login('cam.slow@example.com', PASSWORD)).toBeTruthy();
  });

  it('a newer request replaces the pending address: the older link answers CONFLICT', async () => {
    const token = await signedIn('cam.twice@example.com');
    await api.graphql(CHANGE, { newEmail: 'cam.first@example.com', password: PASSWORD }, { token });
    const first = tokenIn(await nextMailTo('cam.first@example.com', 0));
    await api.graphql(CHANGE, { newEmail: 'cam.second@example.com', password: PASSWORD }, { token });
    const res = await api.graphql(VERIFY, { token: first });
    expect(res.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(res.errors?.[0].message).toBe('This link is for an e-mail address your account no longer uses.');
    expect(await api.login('cam.twice@example.com', PASSWORD)).toBeTruthy();

    const resent = await api.graphql<{ sendEmailVerification: boolean }>(RESEND, {}, { token });
    expect(resent.data?.sendEmailVerification).toBe(true);
    expect(tokenIn(await nextMailTo('cam.second@example.com', 1))).toHaveLength(43);
  });
});

describe('who sees a pending address', () => {
  it('only the person: an admin of their ecosystem, a platform admin and someone of another ecosystem see null', async () => {
    const demo = api.platform.demo;
    if (!demo) throw new Error('demo not seeded');
    const { userId } = await ensureUser(api.platform.services, { email: 'cam.member@example.com', password: PASSWORD, firstName: 'Cam', lastName: 'Member',
      roles: [{ ecosystemId: demo.ecosystemId, role: 'MEMBER' }] });
    const token = await api.login('cam.member@example.com', PASSWORD);
    await api.graphql(CHANGE, { newEmail: 'cam.member.new@example.com', password: PASSWORD }, { token });
    const NODE = 'query N($id: ID!) { node(id: $id) { ... on User { email { address pendingAddress } } } }';
    const id = toGlobalId('User', userId);
    const own = await api.graphql<{ node: { email: unknown } }>(NODE, { id }, { token });
    expect(own.data?.node.email).toEqual({ address: 'cam.member@example.com', pendingAddress: 'cam.member.new@example.com' });
    for (const viewer of [await api.loginAs('ecosystemAdmin'), await api.loginAs('platformAdmin')]) {
      const seen = await api.graphql<{ node: { email: unknown } | null }>(NODE, { id }, { token: viewer });
      expect(seen.errors).toBeUndefined();
      expect(seen.data?.node?.email).toEqual({ address: 'cam.member@example.com', pendingAddress: null });
    }
    const stranger = await signedIn('cam.stranger@example.com');
    const hidden = await api.graphql<{ node: unknown }>(NODE, { id }, { token: stranger });
    expect(hidden.data?.node ?? null).toBeNull();
  });
});

describe('a repeated request', () => {
  it('with the same Idempotency-Key mails the link once', async () => {
    const token = await signedIn('cam.repeat@example.com');
    const headers = { 'idempotency-key': 'change-once' };
    for (let i = 0; i < 2; i++) {
      const res = await api.graphql(CHANGE, { newEmail: 'cam.repeat.new@example.com', password: PASSWORD }, { token, headers });
      expect(res.errors).toBeUndefined();
    }
    await nextMailTo('cam.repeat.new@example.com', 0);
    await messagesSettled(api);
    expect(mailsTo('cam.repeat.new@example.com')).toHaveLength(1);
  });
});
