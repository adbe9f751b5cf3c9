/**
 * Sign-up against the real platform (docs/decisions/0044): customSignupConfig decides who may sign
 * up and how the role starts; the answer never tells whether the address had an account; refused
 * input writes nothing; the applicant's draft survives a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { DEMO_PROFILE_ID } from '../seed';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { fieldsOf } from '../tenants/testing';
import {
  accountsWith, ACCEPT_WAIVER, deliveriesSettled, mailedLink, messagesTo, MY_APPLICATION, openSignup, SAVE_DRAFT, signUp, SIGNUP_PASSWORD, SUBMIT,
} from './testing';

let api: TestApi;
let w: World;

type App = { status: string; applicantType: string; backgroundCheckStatus: string; draft: Record<string, unknown>; waiverVersion: string | null };
const OPTIONS = 'query($p: String!) { getSignupOptions(profileId: $p) { ecosystemId tutor { enabled approvalProcessEnabled backgroundCheckEnabled } parent { enabled } studentSignupEnabled waiverVersion } }';

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  await openSignup(api, w.tokens.admin1, w.e1, {
    tutor: { enabled: true, emailVerificationEnabled: false, approvalProcessEnabled: true, backgroundCheckEnabled: true },
    parent: { enabled: true, emailVerificationEnabled: false, approvalProcessEnabled: false },
  });
});
afterAll(async () => { await api.stop(); });

async function loginPaas(email: string, ecosystemId?: string) {
  return api.graphql<{ loginPaas: { token: string | null } }>(
    'mutation($email: String!, $password: String!, $e: ID) { loginPaas(email: $email, password: $password, ecosystemId: $e) { token } }',
    { email, password: SIGNUP_PASSWORD, e: ecosystemId ?? null });
}

describe('getSignupOptions', () => {
  it('shows what sign-up offers before log-in, and nothing for an unknown profile id', async () => {
    const res = await api.graphql<{ getSignupOptions: Record<string, unknown> }>(OPTIONS, { p: DEMO_PROFILE_ID });
    expect(res.data!.getSignupOptions).toMatchObject({
      tutor: { enabled: true, approvalProcessEnabled: true, backgroundCheckEnabled: true }, parent: { enabled: true }, studentSignupEnabled: false,
    });
    const none = await api.graphql<{ getSignupOptions: null }>(OPTIONS, { p: 'no-such-place' });
    expect(none.data!.getSignupOptions).toBeNull();
  });
});

describe('signUp', () => {
  it('a tutor where approval is required: an APPLIED role, a draft application, a welcome message, and a log-in that works', async () => {
    const res = await signUp(api, { profileId: DEMO_PROFILE_ID, applicantType: 'TUTOR', email: 'Tess.Tutor@Example.com' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.signUp).toEqual({ accepted: true });
    expect(await messagesTo(api, 'tess.tutor@example.com')).toEqual(['SIGNUP_WELCOME']);
    // An applicant holds no role in force yet, and still signs in on the ecosystem's own page.
    const login = await loginPaas('tess.tutor@example.com', w.e1);
    expect(login.errors).toBeUndefined();
    const token = login.data!.loginPaas.token!;
    const elsewhere = await loginPaas('tess.tutor@example.com', w.e2);
    expect(elsewhere.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const mine = await api.graphql<{ getMyApplication: App }>(MY_APPLICATION, { e: w.e1 }, { token });
    expect(mine.data!.getMyApplication).toMatchObject({ status: 'DRAFT', applicantType: 'TUTOR', backgroundCheckStatus: 'NOT_STARTED' });
    const roles = await api.graphql<{ getCurrentUserV2: { profile: { ecosystemRoles: Array<{ role: string; status: string }> } } }>(
      '{ getCurrentUserV2 { profile { ecosystemRoles { role status } } } }', {}, { token });
    expect(roles.data!.getCurrentUserV2.profile.ecosystemRoles).toEqual([expect.objectContaining({ role: 'MEMBER', status: 'APPLIED' })]);
  });

  it('answers the same for an address that has an account, creates nothing, and tells the address instead', async () => {
    const again = await signUp(api, { profileId: DEMO_PROFILE_ID, applicantType: 'PARENT', email: 'tess.tutor@example.com', firstName: 'Other' });
    expect(again).toMatchObject({ data: { signUp: { accepted: true } } });
    expect(again.errors).toBeUndefined();
    expect(await accountsWith(api, 'tess.tutor@example.com')).toBe(1);
    expect(await messagesTo(api, 'tess.tutor@example.com')).toEqual(['SIGNUP_WELCOME', 'SIGNUP_EXISTING_ACCOUNT']);
    // Tried again within the hour: still the same answer, and no second message to the address.
    await signUp(api, { profileId: DEMO_PROFILE_ID, applicantType: 'PARENT', email: 'tess.tutor@example.com' });
    expect(await messagesTo(api, 'tess.tutor@example.com')).toEqual(['SIGNUP_WELCOME', 'SIGNUP_EXISTING_ACCOUNT']);
  });

  it('a parent where no approval is needed is a member at once: logs in on the ecosystem\'s page', async () => {
    await signUp(api, { profileId: DEMO_PROFILE_ID, email: 'paula.parent@example.com', firstName: 'Paula', lastName: 'Parent' });
    const login = await loginPaas('paula.parent@example.com', w.e1);
    expect(login.errors).toBeUndefined();
    expect(login.data!.loginPaas.token).toBeTruthy();
    const mine = await api.graphql<{ getMyApplication: App }>(MY_APPLICATION, { e: w.e1 }, { token: login.data!.loginPaas.token });
    expect(mine.data!.getMyApplication).toMatchObject({ applicantType: 'PARENT', status: 'DRAFT', backgroundCheckStatus: 'NOT_REQUIRED' });
  });

  it('refuses a closed type, an unknown ecosystem, a bad address and a weak password, writing nothing', async () => {
    await deliveriesSettled(api);
    await refusedUnchanged(api, () => signUp(api, { profileId: DEMO_PROFILE_ID, applicantType: 'STUDENT', email: 'stu@example.com' }), 'FORBIDDEN');
    await refusedUnchanged(api, () => signUp(api, { profileId: w.e2, email: 'x@example.com' }), 'NOT_FOUND');
    await refusedUnchanged(api, () => signUp(api, { profileId: DEMO_PROFILE_ID, email: 'not an address' }), 'BAD_USER_INPUT');
    const weak = await refusedUnchanged(api, () => signUp(api, { profileId: DEMO_PROFILE_ID, email: 'weak@example.com', password: 'password' }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(weak))).toEqual(['input.password']);
    const es = await refusedUnchanged(api, () => signUp(api, { profileId: DEMO_PROFILE_ID, applicantType: 'STUDENT', email: 's@example.com' }, { 'accept-language': 'es' }), 'FORBIDDEN');
    expect(es.errors![0].message).toBe('El registro como STUDENT no está abierto en este ecosistema.');
    expect(await accountsWith(api, 'weak@example.com')).toBe(0);
  });
});

describe('students', () => {
  it('sign up only where the landing allows it, following the parents\' settings', async () => {
    await openSignup(api, w.tokens.admin1, w.e1, { parent: { enabled: true, emailVerificationEnabled: false, approvalProcessEnabled: true }, students: true });
    const res = await signUp(api, { profileId: DEMO_PROFILE_ID, applicantType: 'STUDENT', email: 'stella.student@example.com', firstName: 'Stella' });
    expect(res.errors).toBeUndefined();
    const token = (await loginPaas('stella.student@example.com')).data!.loginPaas.token!;
    const roles = await api.graphql<{ getCurrentUserV2: { profile: { ecosystemRoles: Array<{ role: string; status: string }> } } }>(
      '{ getCurrentUserV2 { profile { ecosystemRoles { role status } } } }', {}, { token });
    expect(roles.data!.getCurrentUserV2.profile.ecosystemRoles).toEqual([expect.objectContaining({ role: 'STUDENT', status: 'APPLIED' })]);
    await openSignup(api, w.tokens.admin1, w.e1, {
      tutor: { enabled: true, emailVerificationEnabled: false, approvalProcessEnabled: true, backgroundCheckEnabled: true },
      parent: { enabled: true, emailVerificationEnabled: false, approvalProcessEnabled: false },
    });
  });
});

describe('the applicant\'s draft', () => {
  let token: string;
  beforeAll(async () => {
    await signUp(api, { profileId: DEMO_PROFILE_ID, applicantType: 'TUTOR', email: 'drew.draft@example.com', firstName: 'Drew' });
    token = (await loginPaas('drew.draft@example.com')).data!.loginPaas.token!;
  });

  it('saves as the person types, records nothing for unchanged answers, and survives a reload', async () => {
    const first = await api.graphql<{ saveApplicationDraft: App }>(SAVE_DRAFT, { e: w.e1, d: { bio: 'I teach alg', subjects: ['Math'] } }, { token });
    expect(first.errors).toBeUndefined();
    await api.graphql(SAVE_DRAFT, { e: w.e1, d: { bio: 'I teach algebra.', phoneNumber: '(555) 123-4567' } }, { token });
    const before = await api.eventCount();
    await api.graphql(SAVE_DRAFT, { e: w.e1, d: { bio: 'I teach algebra.' } }, { token });
    expect(await api.eventCount()).toBe(before);
    const reloaded = await api.graphql<{ getMyApplication: App }>(MY_APPLICATION, { e: w.e1 }, { token });
    expect(reloaded.data!.getMyApplication.draft).toMatchObject({
      bio: 'I teach algebra.', subjects: ['Math'], phoneNumber: '5551234567', paymentMethod: 'VENMO', locationPreference: 'no-preference',
    });
  });

  it('refuses malformed answers per field, and another ecosystem, writing nothing', async () => {
    await deliveriesSettled(api);
    const bad = await refusedUnchanged(api, () => api.graphql(SAVE_DRAFT, { e: w.e1, d: { zipCode: '12', gpa: 7, subjects: ['Astrology'] } }, { token }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(bad)).sort()).toEqual(['draft.gpa', 'draft.subjects.0', 'draft.zipCode']);
    await refusedUnchanged(api, () => api.graphql(SAVE_DRAFT, { e: w.e2, d: { bio: 'x' } }, { token }), 'NOT_FOUND');
    await refusedUnchanged(api, () => api.graphql(SAVE_DRAFT, { e: w.e1, d: { bio: 'x' } }), 'UNAUTHENTICATED');
    const other = await api.graphql<{ getMyApplication: App | null }>(MY_APPLICATION, { e: w.e2 }, { token });
    expect(other.data!.getMyApplication).toBeNull();
  });

  it('submits once every required answer is there; the waiver records its current version', async () => {
    const missing = await refusedUnchanged(api, () => api.graphql(SUBMIT, { e: w.e1 }, { token }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(missing)).sort()).toEqual(['draft.availability', 'draft.dateOfBirth']);
    await refusedUnchanged(api, () => api.graphql(ACCEPT_WAIVER, { e: w.e1, v: '2001-01-01' }, { token }), 'BAD_USER_INPUT');
    const options = await api.graphql<{ getSignupOptions: { waiverVersion: string } }>(OPTIONS, { p: DEMO_PROFILE_ID });
    const waiver = await api.graphql<{ acceptWaiver: App }>(ACCEPT_WAIVER, { e: w.e1, v: options.data!.getSignupOptions.waiverVersion }, { token });
    expect(waiver.data!.acceptWaiver.waiverVersion).toBe(options.data!.getSignupOptions.waiverVersion);
    await api.graphql(SAVE_DRAFT, { e: w.e1, d: { dateOfBirth: '2001-05-06', availability: 'Evenings' } }, { token });
    const sent = await api.graphql<{ submitApplication: App }>(SUBMIT, { e: w.e1 }, { token });
    expect(sent.data!.submitApplication.status).toBe('SUBMITTED');
    await refusedUnchanged(api, () => api.graphql(SAVE_DRAFT, { e: w.e1, d: { bio: 'Changed my mind' } }, { token }), 'CONFLICT');
  });
});

describe('e-mail verification', () => {
  it('where the ecosystem verifies addresses, sign-up mails a link instead of the welcome and the application waits for it', async () => {
    await openSignup(api, w.tokens.admin1, w.e1, { tutor: { enabled: true, emailVerificationEnabled: true, approvalProcessEnabled: true } });
    const res = await signUp(api, { profileId: DEMO_PROFILE_ID, applicantType: 'TUTOR', email: 'vic.verify@example.com', firstName: 'Vic' });
    expect(res.errors).toBeUndefined();
    // The link's message is recorded by the one-time links' own path, which does not wait for the outbox.
    await expect.poll(() => messagesTo(api, 'vic.verify@example.com')).toEqual(['VERIFY_EMAIL']);
    const token = (await loginPaas('vic.verify@example.com')).data!.loginPaas.token!;
    const mine = await api.graphql<{ getMyApplication: { emailVerificationRequired: boolean } }>(MY_APPLICATION, { e: w.e1 }, { token });
    expect(mine.data!.getMyApplication.emailVerificationRequired).toBe(true);
    await api.graphql(SAVE_DRAFT, { e: w.e1, d: { dateOfBirth: '2000-01-02', phoneNumber: '5550001111', subjects: ['Art'], availability: 'Mornings', bio: 'Painter.' } }, { token });
    await deliveriesSettled(api);
    const waiting = await refusedUnchanged(api, () => api.graphql(SUBMIT, { e: w.e1 }, { token }), 'CONFLICT');
    expect(waiting.errors![0].message).toBe('Please confirm your e-mail address before you submit your application.');
    const link = await mailedLink(api, 'vic.verify@example.com');
    const verified = await api.graphql('mutation($t: String!) { verifyEmail(token: $t) { email } }', { t: new URL(link).searchParams.get('token') });
    expect(verified.errors).toBeUndefined();
    const sent = await api.graphql<{ submitApplication: App }>(SUBMIT, { e: w.e1 }, { token });
    expect(sent.data!.submitApplication.status).toBe('SUBMITTED');
  });
});
