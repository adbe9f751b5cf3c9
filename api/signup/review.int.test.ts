/**
 * The admins' side of applications against the real platform (docs/decisions/0044): the review
 * list with filters and paging, each decision and background-check move allowed and refused, the
 * reminder, and that no one outside the ecosystem sees or changes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { DEMO_PROFILE_ID } from '../seed';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { codeOf } from '../tenants/testing';
import { toGlobalId } from '../relay';
import {
  deliveriesSettled, LIST, messagesTo, openSignup, REMIND, SAVE_DRAFT, signUp, SIGNUP_PASSWORD, SUBMIT, UPDATE,
} from './testing';

let api: TestApi;
let w: World;
type App = { rawId: string; status: string; backgroundCheckStatus: string; lastNote: string | null; applicant: { email: string } };
type List = { getUserApplications: { edges: Array<{ node: App }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

const ANSWERS = { dateOfBirth: '2000-02-03', phoneNumber: '5551112222', subjects: ['Math'], availability: 'Weekends', bio: 'Patient.' };

/** Signs a tutor up, fills in and submits the application; returns their token and application id. */
async function submittedTutor(email: string): Promise<{ token: string; id: string }> {
  await signUp(api, { profileId: DEMO_PROFILE_ID, applicantType: 'TUTOR', email });
  const token = await api.login(email, SIGNUP_PASSWORD);
  await api.graphql(SAVE_DRAFT, { e: w.e1, d: ANSWERS }, { token });
  const sent = await api.graphql<{ submitApplication: App }>(SUBMIT, { e: w.e1 }, { token });
  expect(sent.errors).toBeUndefined();
  return { token, id: sent.data!.submitApplication.rawId };
}

const update = (input: Record<string, unknown>, token: string, headers: Record<string, string> = {}) =>
  api.graphql<{ updateUserApplication: App }>(UPDATE, { input }, { token, headers });

/** The audit trail's rows for reviews in the ecosystem, once its projection has caught up to `count` of them. */
async function reviewTrail(ecosystemId: string, count: number): Promise<Array<{ actor_role: string; decision: string }>> {
  let rows: Array<{ actor_role: string; decision: string }> = [];
  for (let i = 0; i < 100 && rows.length < count; i++) {
    const r = await api.db.ownerPool.query<{ actor_role: string; decision: string }>(
      `SELECT actor_role, changes->>'decision' AS decision FROM read.breadcrumbs
       WHERE event_type = 'ApplicationReviewed' AND ecosystem_id = $1 ORDER BY position_commit, position_prepare`, [ecosystemId]);
    rows = r.rows;
    if (rows.length < count) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return rows;
}

let ana: { token: string; id: string };
let ben: { token: string; id: string };

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  await openSignup(api, w.tokens.admin1, w.e1, {
    tutor: { enabled: true, emailVerificationEnabled: false, approvalProcessEnabled: true, backgroundCheckEnabled: true, backgroundCheckConfig: { checkType: 'EXTERNAL_URL', externalURL: 'https://checks.example.org/start' } },
    parent: { enabled: true, emailVerificationEnabled: false, approvalProcessEnabled: true },
  });
  ana = await submittedTutor('ana.applicant@example.com');
  ben = await submittedTutor('ben.applicant@example.com');
  await signUp(api, { profileId: DEMO_PROFILE_ID, email: 'pia.parent@example.com' });
  await deliveriesSettled(api);
});
afterAll(async () => { await api.stop(); });

describe('getUserApplications', () => {
  it('lists the ecosystem\'s applications newest first, filtered and paged', async () => {
    const all = await api.graphql<List>(LIST, { input: { ecosystemId: w.e1 } }, { token: w.tokens.admin1 });
    expect(all.data!.getUserApplications.edges.map((e) => e.node.applicant.email)).toEqual(['pia.parent@example.com', 'ben.applicant@example.com', 'ana.applicant@example.com']);
    const tutors = await api.graphql<List>(LIST, { input: { ecosystemId: w.e1, statuses: ['SUBMITTED'], applicantTypes: ['TUTOR'] }, first: 1 }, { token: w.tokens.admin1 });
    expect(tutors.data!.getUserApplications.edges.map((e) => e.node.applicant.email)).toEqual(['ben.applicant@example.com']);
    const next = await api.graphql<List>(LIST, { input: { ecosystemId: w.e1, statuses: ['SUBMITTED'] }, first: 1, after: tutors.data!.getUserApplications.pageInfo.endCursor }, { token: w.tokens.admin1 });
    expect(next.data!.getUserApplications.edges.map((e) => e.node.applicant.email)).toEqual(['ana.applicant@example.com']);
    const search = await api.graphql<List>(LIST, { input: { ecosystemId: w.e1, search: 'PIA.P' } }, { token: w.tokens.platformAdmin });
    expect(search.data!.getUserApplications.edges).toHaveLength(1);
  });

  it('shows nothing to another ecosystem\'s admin, a parent, a program admin, an applicant or anyone signed out', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin, ana.token]) {
      const res = await api.graphql<List>(LIST, { input: { ecosystemId: w.e1 } }, { token });
      expect(codeOf(res)).toBe('FORBIDDEN');
    }
    expect(codeOf(await api.graphql(LIST, { input: { ecosystemId: w.e1 } }))).toBe('UNAUTHENTICATED');
    const own = await api.graphql<List>(LIST, { input: { ecosystemId: w.e2 } }, { token: w.tokens.admin2 });
    expect(own.data!.getUserApplications.edges).toEqual([]);
    const node = await api.graphql<{ node: App | null }>('query($id: ID!) { node(id: $id) { ... on UserApplication { rawId } } }',
      { id: toGlobalId('UserApplication', ana.id) }, { token: w.tokens.admin2 });
    expect(node.data?.node ?? null).toBeNull();
    const seen = await api.graphql<{ node: App | null }>('query($id: ID!) { node(id: $id) { ... on UserApplication { rawId } } }',
      { id: toGlobalId('UserApplication', ana.id) }, { token: w.tokens.admin1 });
    expect(seen.data!.node).toEqual({ rawId: ana.id });
  });
});

describe('updateUserApplication', () => {
  it('refuses anyone but the ecosystem\'s admins, and unknown or malformed ids, writing nothing', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent, w.tokens.programAdmin, ana.token]) {
      await refusedUnchanged(api, () => update({ applicationId: ana.id, decision: 'APPROVED' }, token), 'FORBIDDEN');
      await refusedUnchanged(api, () => update({ applicationId: ana.id, backgroundCheckStatus: 'APPROVED' }, token), 'FORBIDDEN');
    }
    await refusedUnchanged(api, () => update({ applicationId: crypto.randomUUID(), decision: 'DECLINED' }, w.tokens.admin1), 'FORBIDDEN');
    await refusedUnchanged(api, () => update({ applicationId: 'nope', decision: 'DECLINED' }, w.tokens.admin1), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => update({ applicationId: ana.id }, w.tokens.admin1), 'BAD_USER_INPUT');
  });

  it('refuses moves the rules do not allow, writing nothing', async () => {
    await refusedUnchanged(api, () => update({ applicationId: ana.id, decision: 'APPROVED' }, w.tokens.admin1), 'CONFLICT');
    await refusedUnchanged(api, () => update({ applicationId: ana.id, decision: 'CHANGES_REQUESTED' }, w.tokens.admin1), 'BAD_USER_INPUT');
    // A move refused after an allowed one in the same update writes neither.
    await refusedUnchanged(api, () => update({ applicationId: ana.id, backgroundCheckStatus: 'PENDING', decision: 'APPROVED' }, w.tokens.admin1), 'CONFLICT');
    await refusedUnchanged(api, () => update({ applicationId: ana.id, backgroundCheckStatus: 'NOT_REQUIRED', decision: 'APPROVED', programId: w.e2 }, w.tokens.admin1), 'BAD_USER_INPUT');
  });

  it('the reminder e-mails the applicant while the check is open, and only then', async () => {
    const res = await api.graphql<{ sendBackgroundCheckReminder: App }>(REMIND, { id: ana.id }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    expect(await messagesTo(api, 'ana.applicant@example.com')).toEqual(['SIGNUP_WELCOME', 'BACKGROUND_CHECK_REMINDER']);
    await deliveriesSettled(api);
    await refusedUnchanged(api, () => api.graphql(REMIND, { id: ana.id }, { token: w.tokens.admin2 }), 'FORBIDDEN');
  });

  it('background check, then approval with a program: the role is in force and the person leads there', async () => {
    const pending = await update({ applicationId: ana.id, backgroundCheckStatus: 'PENDING' }, w.tokens.admin1);
    expect(pending.data!.updateUserApplication.backgroundCheckStatus).toBe('PENDING');
    const approved = await update({ applicationId: ana.id, backgroundCheckStatus: 'APPROVED', decision: 'APPROVED', programId: w.p1 }, w.tokens.admin1);
    expect(approved.errors).toBeUndefined();
    expect(approved.data!.updateUserApplication).toMatchObject({ status: 'APPROVED', backgroundCheckStatus: 'APPROVED' });
    await deliveriesSettled(api);
    await refusedUnchanged(api, () => api.graphql(REMIND, { id: ana.id }, { token: w.tokens.admin1 }), 'CONFLICT');
    await refusedUnchanged(api, () => update({ applicationId: ana.id, decision: 'DECLINED' }, w.tokens.admin1), 'CONFLICT');
    const token = await api.login('ana.applicant@example.com', SIGNUP_PASSWORD);
    const me = await api.graphql<{ getCurrentUserV2: { profile: { backgroundCheckStatus: string; internalApprovalStatus: string; ecosystemRoles: Array<{ role: string; status: string }> } } }>(
      '{ getCurrentUserV2 { profile { backgroundCheckStatus internalApprovalStatus ecosystemRoles { role status } } } }', {}, { token });
    expect(me.data!.getCurrentUserV2.profile).toMatchObject({ backgroundCheckStatus: 'APPROVED', internalApprovalStatus: 'APPROVED' });
    expect(me.data!.getCurrentUserV2.profile.ecosystemRoles).toEqual(expect.arrayContaining([
      expect.objectContaining({ role: 'MEMBER', status: 'ACTIVATED' }), expect.objectContaining({ role: 'LEADER', status: 'ACTIVE' })]));
  });

  it('changes requested, answered, then declined: the role is archived; each decision is in the audit trail', async () => {
    const asked = await update({ applicationId: ben.id, decision: 'CHANGES_REQUESTED', note: 'Please add your courses.' }, w.tokens.admin1);
    expect(asked.data!.updateUserApplication).toMatchObject({ status: 'CHANGES_REQUESTED', lastNote: 'Please add your courses.' });
    await api.graphql(SAVE_DRAFT, { e: w.e1, d: { courses: ['Algebra I'] } }, { token: ben.token });
    await api.graphql(SUBMIT, { e: w.e1 }, { token: ben.token });
    const declined = await update({ applicationId: ben.id, decision: 'DECLINED', note: 'Not this term.' }, w.tokens.admin1);
    expect(declined.data!.updateUserApplication.status).toBe('DECLINED');
    const roles = await api.db.ownerPool.query<{ status: string }>(
      'SELECT m.status FROM read.user_memberships m JOIN read.users u ON u.id = m.user_id WHERE u.email = $1', ['ben.applicant@example.com']);
    expect(roles.rows.map((r) => r.status)).toEqual(['ARCHIVED']);
    expect(await reviewTrail(w.e1, 3)).toEqual([
      { actor_role: 'SUPER_ADMIN', decision: 'APPROVED' }, { actor_role: 'SUPER_ADMIN', decision: 'CHANGES_REQUESTED' }, { actor_role: 'SUPER_ADMIN', decision: 'DECLINED' },
    ]);
  });
});
