import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { codeOf, fieldsOf } from '../tenants/testing';
import { toGlobalId } from '../relay';
import { ACTIVATE, GOOD_PASSWORD, INVITE, LOOKUP, quiet, RESEND, tokenMailedTo, type Invitation } from './testing';

const ME = 'query { getCurrentUserV2 { email { address verified } profile { firstName } } }';

describe('invitations', () => {
  let smtp: SmtpCapture;
  let api: TestApi;
  let world: World;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    api = await startTestApi({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://tutoring.example.org' });
    world = await buildWorld(api);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await api?.stop();
    await smtp?.close();
  });

  const invite = (token: string | null, input: Record<string, unknown>) => api.graphql<{ inviteUser: Invitation }>(INVITE, { input }, { token });
  const person = (email: string, extra: Record<string, unknown> = {}) => ({ ecosystemId: world.e1, email, firstName: 'Ada', lastName: 'Lovelace', role: 'STUDENT', ...extra });
  const lookup = (token: string) => api.graphql<{ getInvitedUserByToken: Record<string, unknown> | null }>(LOOKUP, { token });
  const activate = (token: string, password = GOOD_PASSWORD, confirmPassword = password) => api.graphql<{ activateAccountFromInvite: { token: string | null } }>(
    ACTIVATE, { token, password, confirmPassword }, { headers: { 'accept-language': 'es' } });

  it('invites a new person: INVITED role, one e-mail in their language with a link, and the join page shows them', async () => {
    const res = await invite(world.tokens.admin1, person('Ada.Lovelace@Example.com', { language: 'sp' }));
    expect(res.errors).toBeUndefined();
    expect(res.data!.inviteUser).toMatchObject({ email: 'ada.lovelace@example.com', role: 'STUDENT', status: 'PENDING', timesSent: 1 });
    const { token, mail } = await tokenMailedTo(smtp, 'ada.lovelace@example.com', 1);
    expect(mail.subject).toBe('Le invitan a unirse a Riverside Unified School District');
    expect(mail.headers.get('content-language')).toBe('es');
    expect(mail.text).toContain(`https://tutoring.example.org/join/${token}`);
    const shown = await lookup(token);
    expect(shown.data!.getInvitedUserByToken).toMatchObject({
      email: 'a•••@example.com', name: 'Ada Lovelace', role: 'STUDENT', ecosystemRoles: [{ role: 'STUDENT', status: 'INVITED' }], ecosystem: { MFAEnabled: false },
    });
    // No password opens the account before the invitation is accepted.
    const login = await api.graphql('mutation { loginPaas(email: "ada.lovelace@example.com", password: "$invited$") { token } }');
    expect(codeOf(login)).toBe('UNAUTHENTICATED');
  });

  it('activates with a password typed twice, logs the person in, and the link is used up', async () => {
    const { token } = await tokenMailedTo(smtp, 'ada.lovelace@example.com', 1);
    await quiet(api);
    const differ = await refusedUnchanged(api, () => activate(token, GOOD_PASSWORD, `${GOOD_PASSWORD}x`), 'BAD_USER_INPUT');
    expect(fieldsOf(differ)).toEqual({ confirmPassword: 'Las dos contraseñas no son iguales.' });
    await refusedUnchanged(api, () => activate(token, 'password1'), 'BAD_USER_INPUT');
    const res = await activate(token);
    expect(res.errors).toBeUndefined();
    const accessToken = res.data!.activateAccountFromInvite.token!;
    const me = await api.graphql<{ getCurrentUserV2: { email: { address: string; verified: boolean } } }>(ME, {}, { token: accessToken });
    // The link reached the address: it is verified, and the settings page asks for no other link.
    expect(me.data!.getCurrentUserV2.email).toEqual({ address: 'ada.lovelace@example.com', verified: true });
    expect(await api.login('ada.lovelace@example.com', GOOD_PASSWORD)).toBeTruthy();
    const again = await refusedUnchanged(api, () => activate(token), 'BAD_USER_INPUT');
    expect(fieldsOf(again)).toEqual({ token: 'Este enlace de invitación no es válido' });
    expect((await lookup(token)).data!.getInvitedUserByToken).toBeNull();
  });

  it('answers a mistyped or malformed link with null and the invalid link, writing nothing', async () => {
    for (const token of ['x'.repeat(43), 'not a token', '']) {
      expect((await lookup(token)).data!.getInvitedUserByToken).toBeNull();
      const res = await refusedUnchanged(api, () => activate(token), 'BAD_USER_INPUT');
      expect(fieldsOf(res)).toEqual({ token: 'Este enlace de invitación no es válido' });
    }
  });

  it('resends with a new link: the one sent before stops working', async () => {
    const res = await invite(world.tokens.admin1, person('grace@example.com', { firstName: 'Grace', lastName: 'Hopper', role: 'LEADER', programId: world.p1 }));
    expect(res.errors).toBeUndefined();
    const first = await tokenMailedTo(smtp, 'grace@example.com', 1);
    const resent = await api.graphql<{ resendInviteEmail: Invitation }>(RESEND, { userId: res.data!.inviteUser.userId, ecosystemId: world.e1 }, { token: world.tokens.programAdmin });
    expect(resent.errors).toBeUndefined();
    expect(resent.data!.resendInviteEmail).toMatchObject({ status: 'PENDING', timesSent: 2 });
    const second = await tokenMailedTo(smtp, 'grace@example.com', 2);
    expect(second.token).not.toBe(first.token);
    await quiet(api);
    expect((await lookup(first.token)).data!.getInvitedUserByToken).toBeNull();
    await refusedUnchanged(api, () => activate(first.token), 'BAD_USER_INPUT');
    expect((await lookup(second.token)).data!.getInvitedUserByToken).toMatchObject({ role: 'LEADER', ecosystemRoles: [] });
    expect((await activate(second.token)).errors).toBeUndefined();
  });

  it('refuses malformed input with its field, and a person already in the ecosystem, writing nothing', async () => {
    const admin = world.tokens.admin1;
    const cases: Array<[Record<string, unknown>, string]> = [
      [person('not-an-email'), 'input.email'],
      [person('x@example.com', { firstName: '  ' }), 'input.firstName'],
      [person('x@example.com', { role: 'WIZARD' }), 'input.role'],
      [person('x@example.com', { role: 'LEADER' }), 'input.programId'],
      [person('x@example.com', { programId: world.p1 }), 'input.programId'],
      [person('x@example.com', { ecosystemId: 'nope' }), 'input.ecosystemId'],
      [person('sam.student@example.com'), 'input.email'],
      [person('ada.lovelace@example.com'), 'input.email'],
    ];
    for (const [input, field] of cases) {
      const res = await refusedUnchanged(api, () => invite(admin, input), 'BAD_USER_INPUT');
      expect(Object.keys(fieldsOf(res)), JSON.stringify(input)).toContain(field);
    }
  });

  it('lets only those who may grant the role invite, and no one into another ecosystem', async () => {
    const cases: Array<[string | null, Record<string, unknown>, string]> = [
      [world.tokens.admin2, person('y@example.com'), 'FORBIDDEN'],
      [world.tokens.admin2, person('y@example.com', { role: 'LEADER', programId: world.p1 }), 'FORBIDDEN'],
      [world.tokens.student, person('y@example.com'), 'FORBIDDEN'],
      [world.tokens.parent, person('y@example.com'), 'FORBIDDEN'],
      [world.tokens.programAdmin, person('y@example.com'), 'FORBIDDEN'],
      [world.tokens.programAdmin, person('y@example.com', { role: 'PROGRAM_ADMIN', programId: world.p1 }), 'FORBIDDEN'],
      [null, person('y@example.com'), 'UNAUTHENTICATED'],
    ];
    for (const [token, input, code] of cases) await refusedUnchanged(api, () => invite(token, input), code);
    const pending = await invite(world.tokens.admin1, person('zed@example.com'));
    const userId = pending.data!.inviteUser.userId;
    await tokenMailedTo(smtp, 'zed@example.com', 1);
    await quiet(api);
    for (const token of [world.tokens.admin2, world.tokens.student, world.tokens.programAdmin]) {
      await refusedUnchanged(api, () => api.graphql(RESEND, { userId, ecosystemId: world.e1 }, { token }), 'FORBIDDEN');
    }
    await refusedUnchanged(api, () => api.graphql(RESEND, { userId, ecosystemId: world.e2 }, { token: world.tokens.admin2 }), 'BAD_USER_INPUT');
  });

  it('lists pending invitations to those who manage the ecosystem\'s people, a page at a time; nobody else sees them', async () => {
    const LIST = `query P($id: ID!, $first: Int, $after: String) { getPendingInvitations(ecosystemId: $id, first: $first, after: $after) {
      edges { node { email role timesSent } } pageInfo { hasNextPage endCursor } } }`;
    type Page = { getPendingInvitations: { edges: Array<{ node: { email: string; role: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string } } };
    const list = (token: string | null, first = 50, after: string | null = null) => api.graphql<Page>(LIST, { id: world.e1, first, after }, { token });
    const all = (await list(world.tokens.admin1)).data!.getPendingInvitations.edges.map((e) => e.node.email);
    // Newest first; accepted ones (ada, grace) are gone.
    expect(all).toEqual(['zed@example.com']);
    await invite(world.tokens.admin1, person('yara@example.com'));
    const first = await list(world.tokens.admin1, 1);
    expect(first.data!.getPendingInvitations.edges.map((e) => e.node.email)).toEqual(['yara@example.com']);
    expect(first.data!.getPendingInvitations.pageInfo.hasNextPage).toBe(true);
    const next = await list(world.tokens.admin1, 1, first.data!.getPendingInvitations.pageInfo.endCursor);
    expect(next.data!.getPendingInvitations.edges.map((e) => e.node.email)).toEqual(['zed@example.com']);
    // A program admin sees the invitations into their program only (none pending now).
    expect((await list(world.tokens.programAdmin)).data!.getPendingInvitations.edges).toEqual([]);
    for (const token of [world.tokens.admin2, world.tokens.parent, world.tokens.student]) expect(codeOf(await list(token))).toBe('FORBIDDEN');
    expect(codeOf(await list(null))).toBe('UNAUTHENTICATED');
    await tokenMailedTo(smtp, 'yara@example.com', 1);
    await quiet(api);
  });

  it('answers a repeated request (same Idempotency-Key) with the same invitation, sent once', async () => {
    const headers = { 'idempotency-key': 'invite-twice-1' };
    const send = () => api.graphql<{ inviteUser: Invitation }>(INVITE, { input: person('twice@example.com') }, { token: world.tokens.admin1, headers });
    const first = await send();
    const again = await send();
    expect(first.errors).toBeUndefined();
    expect(again.errors, JSON.stringify(again.errors)).toBeUndefined();
    expect(again.data!.inviteUser.id).toBe(first.data!.inviteUser.id);
    await tokenMailedTo(smtp, 'twice@example.com', 1);
    await quiet(api);
    expect(smtp.received.filter((m) => JSON.stringify(m.to ?? '').includes('twice@example.com'))).toHaveLength(1);
  });

  it('a platform admin invites into any ecosystem; the other ecosystem\'s admin never sees it', async () => {
    const res = await invite(world.tokens.platformAdmin, person('otto2@example.com', { ecosystemId: world.e2, role: 'SUPER_ADMIN' }));
    expect(res.errors).toBeUndefined();
    const { token } = await tokenMailedTo(smtp, 'otto2@example.com', 1);
    expect((await lookup(token)).data!.getInvitedUserByToken).toMatchObject({ ecosystem: { name: 'Elsewhere Academy' } });
    const seen = await api.graphql(RESEND, { userId: res.data!.inviteUser.userId, ecosystemId: world.e2 }, { token: world.tokens.admin1 });
    expect(codeOf(seen)).toBe('FORBIDDEN');
  });

  it('invites someone who has an account elsewhere: accepting sets their password and ends their other sessions', async () => {
    const before = await api.graphql<{ getCurrentUserV2: { email: { address: string } } }>(ME, {}, { token: world.tokens.admin2 });
    expect(before.data!.getCurrentUserV2.email.address).toBe('otto.other@example.com');
    const res = await invite(world.tokens.admin1, person('otto.other@example.com', { role: 'TEACHER' }));
    expect(res.errors).toBeUndefined();
    expect(res.data!.inviteUser.userId).toBe(toGlobalId('User', world.ids.admin2));
    const { token } = await tokenMailedTo(smtp, 'otto.other@example.com', 1);
    expect((await activate(token)).errors).toBeUndefined();
    expect(codeOf(await api.graphql(ME, {}, { token: world.tokens.admin2 }))).toBe('UNAUTHENTICATED');
    world.tokens.admin2 = await api.login('otto.other@example.com', GOOD_PASSWORD);
    await quiet(api);
  });

  it('activation in an ecosystem that requires multi-factor log-in answers the set-up step instead of a token', async () => {
    const edited = await api.graphql('mutation E($id: ID!) { editEcosystem(ecosystemId: $id, ecosystemInput: { MFAEnabled: true }) { MFAEnabled } }',
      { id: world.e2 }, { token: world.tokens.platformAdmin });
    expect(edited.errors).toBeUndefined();
    const res = await invite(world.tokens.admin2, person('mia.mfa@example.com', { ecosystemId: world.e2 }));
    expect(res.errors).toBeUndefined();
    const { token } = await tokenMailedTo(smtp, 'mia.mfa@example.com', 1);
    expect((await lookup(token)).data!.getInvitedUserByToken).toMatchObject({ ecosystem: { MFAEnabled: true } });
    const activated = await api.graphql<{ activateAccountFromInvite: { token: string | null; mfaEnrolmentRequired: boolean; mfaMethods: string[] } }>(
      ACTIVATE, { token, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    expect(activated.errors).toBeUndefined();
    expect(activated.data!.activateAccountFromInvite).toMatchObject({ token: null, mfaEnrolmentRequired: true, mfaMethods: [] });
    await quiet(api);
  });

  it('a link stops working when it expires, and a resend brings a working one', async () => {
    const res = await invite(world.tokens.admin1, person('late@example.com'));
    const { token } = await tokenMailedTo(smtp, 'late@example.com', 1);
    await quiet(api);
    const admin = await api.loginAs('ecosystemAdmin');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(res.data!.inviteUser.expiresAt) + 1000);
    try {
      expect((await lookup(token)).data!.getInvitedUserByToken).toBeNull();
      await refusedUnchanged(api, () => activate(token), 'BAD_USER_INPUT');
      const adminNow = await api.loginAs('ecosystemAdmin');
      expect(adminNow).not.toBe(admin);
      const resent = await api.graphql(RESEND, { userId: res.data!.inviteUser.userId, ecosystemId: world.e1 }, { token: adminNow });
      expect(resent.errors).toBeUndefined();
      const second = await tokenMailedTo(smtp, 'late@example.com', 2);
      expect((await lookup(second.token)).data!.getInvitedUserByToken).toMatchObject({ name: 'Ada Lovelace' });
    } finally {
      vi.useRealTimers();
    }
  });
});
