/**
 * Course sections end to end on the real PostgreSQL (decision 0061): GraphQL, the course policy,
 * the Course section and Session aggregates, and the courses and sessions read models.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { addPerson, buildWorld, refusedUnchanged, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { codeOf } from '../tenants/testing';

let api: TestApi;
let w: World;
const people: Record<string, { userId: string; token: string }> = {};
const ZONE = 'America/New_York';

const SECTION = `id rawId name enrolledStudentsAmt maxEnrollments period fullness isEnrolled canEnroll canUnenroll canManage dropDeadline
  nextSession { rawId } sessions { rawId startAt recurringSessionId sessionType participants { userId isLeader } }`;
const CREATE = `mutation($input: CreateCourseSectionInput!) { createCourseSection(input: $input) { conflicts { type } section { ${SECTION} } } }`;
const EDIT = `mutation($input: EditCourseSectionInput!) { editCourseSection(input: $input) { ${SECTION} } }`;
const ENROL = `mutation($s: ID!, $u: ID) { enrollCourseSection(sectionId: $s, userId: $u) { ${SECTION} } }`;
const UNENROL = `mutation($r: ID, $s: ID, $u: ID, $why: String) { unenrollCourse(recurringSessionId: $r, sectionId: $s, userId: $u, reason: $why) { ${SECTION} } }`;
const GROUPED = `query($p: Int, $n: String) { getGroupedCourses(pageNum: $p, name: $n) { pageNum more groups { name sections { rawId period fullness } } } }`;
const STUDENTS = `query($s: ID!) { getStudentsForSection(sectionId: $s) { userId enrolledAt user { id } } }`;

interface Section {
  id: string; rawId: string; name: string; enrolledStudentsAmt: number; maxEnrollments: number; period: string; fullness: string; isEnrolled: boolean;
  canEnroll: boolean; canUnenroll: boolean; canManage: boolean; dropDeadline: string | null; nextSession: { rawId: string } | null;
  sessions: Array<{ rawId: string; startAt: string; recurringSessionId: string | null; sessionType: string; participants: Array<{ userId: string; isLeader: boolean }> }>;
}

const user = (id: string) => toGlobalId('User', id);
const local = (d: DateTime) => d.toFormat("yyyy-MM-dd'T'HH:mm");
const now = () => DateTime.now().setZone(ZONE);
const call = <T>(doc: string, variables: Record<string, unknown>, token: string) =>
  api.graphql<T>(doc, variables, { token, headers: { 'idempotency-key': crypto.randomUUID() } });

function sectionInput(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ecosystemId: w.e1, name: 'Algebra I', programIds: [toGlobalId('Program', w.p1)], maxEnrollments: 2, timeZoneId: ZONE,
    enrollmentStart: local(now().minus({ hours: 1 })), enrollmentEnd: local(now().plus({ days: 10 })), leaderIds: [user(people.tutor.userId)], ...extra,
  };
}

/**
 * Daily for a week from yesterday, New York time, half an hour from the whole hour one to two hours
 * ahead of now: the first occurrence is over, today's and the others to come, whatever the hour the
 * suite runs at (a fixed 16:00 made today's occurrence ended after 16:30 New York time).
 */
const firstStart = () => now().plus({ hours: 2 }).startOf('hour').minus({ days: 1 });
const dailyFromYesterday = () => ({
  date: firstStart().toISODate(), startTime: firstStart().toFormat('HH:mm'), endTime: firstStart().plus({ minutes: 30 }).toFormat('HH:mm'),
  location: 'ONLINE', meetingSolution: 'CUSTOM_URL',
  customUrl: 'https://meet.example.com/algebra', recurrence: { frequency: 'DAILY', weeksRecurring: 1 },
});

async function create(extra: Record<string, unknown> = {}, token = w.tokens.admin1): Promise<Section> {
  const res = await call<{ createCourseSection: { conflicts: unknown[]; section: Section } }>(CREATE, { input: sectionInput(extra) }, token);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(res.data!.createCourseSection.conflicts).toEqual([]);
  return res.data!.createCourseSection.section;
}

async function enrol(sectionId: string, token: string, userId?: string): Promise<GraphQLResponse<{ enrollCourseSection: Section }>> {
  return call<{ enrollCourseSection: Section }>(ENROL, { s: sectionId, u: userId ? user(userId) : null }, token);
}

/** The section as its admin sees it: every session, past ones too. */
async function asAdmin(sectionId: string): Promise<Section> {
  const res = await api.graphql<{ node: Section }>(`query($id: ID!) { node(id: $id) { ... on CourseSection { ${SECTION} } } }`, { id: sectionId }, { token: w.tokens.admin1 });
  return res.data!.node;
}

const learnersOf = (s: Section) => s.sessions.map((o) => o.participants.filter((p) => !p.isLeader).map((p) => p.userId).sort());

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  people.tutor = await addPerson(api, 'cora.coach@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  people.ana = await addPerson(api, 'ana.able@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }]);
  people.ben = await addPerson(api, 'ben.bright@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }]);
  people.cy = await addPerson(api, 'cy.curious@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }]);
});

afterAll(async () => {
  await api?.stop();
});

describe('a course section with its sessions', () => {
  let section: Section;

  it('is created with a COURSE booking led by its leaders, ongoing and open', async () => {
    section = await create({ sessions: dailyFromYesterday() });
    expect(section).toMatchObject({ name: 'Algebra I', enrolledStudentsAmt: 0, period: 'ONGOING', fullness: 'OPEN', canManage: true });
    expect(section.sessions).toHaveLength(7);
    expect(section.sessions.every((s) => s.sessionType === 'COURSE' && s.participants.some((p) => p.isLeader && p.userId === user(people.tutor.userId)))).toBe(true);
    expect(section.nextSession?.rawId).toBe(section.sessions[1].rawId);
    // The ecosystem's default drop deadline: courseSectionConfig.dropDeadlineDays after enrolment ends.
    expect(Date.parse(section.dropDeadline!)).toBeGreaterThan(Date.now() + 10 * 86_400_000);
  });

  it('enrols learners into the upcoming sessions only, up to the limit', async () => {
    const res = await enrol(section.id, people.ana.token);
    expect(res.errors).toBeUndefined();
    const after = res.data!.enrollCourseSection;
    expect(after).toMatchObject({ enrolledStudentsAmt: 1, isEnrolled: true, canEnroll: false, canUnenroll: true, canManage: false });
    // The ended occurrence keeps its people; every later one has Ana.
    expect(after.sessions).toHaveLength(6);
    expect(learnersOf(await asAdmin(section.id))).toEqual([[], ...Array(6).fill([user(people.ana.userId)])]);
    const full = await enrol(section.id, w.tokens.admin1, people.ben.userId);
    expect(full.data!.enrollCourseSection).toMatchObject({ enrolledStudentsAmt: 2, fullness: 'FULL' });
    await refusedUnchanged(api, () => enrol(section.id, people.cy.token), 'CONFLICT');
    // Enrolling again records nothing new and answers the section.
    const before = await api.eventCount();
    const again = await enrol(section.id, people.ana.token);
    expect(again.data!.enrollCourseSection.isEnrolled).toBe(true);
    expect(await api.eventCount()).toBe(before);
  });

  it('unenrols through a session\'s recurringSessionId: the learner leaves the upcoming sessions', async () => {
    const recurring = section.sessions[2].recurringSessionId;
    const res = await call<{ unenrollCourse: Section }>(UNENROL, { r: recurring, why: 'Schedule clash' }, people.ana.token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.unenrollCourse).toMatchObject({ enrolledStudentsAmt: 1, isEnrolled: false, fullness: 'OPEN' });
    const admin = await call<{ enrollCourseSection: Section }>(ENROL, { s: section.id, u: user(people.cy.userId) }, w.tokens.admin1);
    expect(admin.errors).toBeUndefined();
    expect(learnersOf(await asAdmin(section.id))).toEqual([[], ...Array(6).fill([user(people.ben.userId), user(people.cy.userId)].sort())]);
  });

  it('lists the students for its managers and leaders only, and groups the courses by name', async () => {
    const asAdmin = await api.graphql<{ getStudentsForSection: Array<{ userId: string }> }>(STUDENTS, { s: section.id }, { token: w.tokens.admin1 });
    expect(asAdmin.data!.getStudentsForSection.map((s) => s.userId).sort()).toEqual([user(people.ben.userId), user(people.cy.userId)].sort());
    const asLeader = await api.graphql<{ getStudentsForSection: unknown[] }>(STUDENTS, { s: section.id }, { token: people.tutor.token });
    expect(asLeader.data!.getStudentsForSection).toHaveLength(2);
    expect(codeOf(await api.graphql(STUDENTS, { s: section.id }, { token: people.ben.token }))).toBe('FORBIDDEN');
    await create({ name: 'Algebra I', maxEnrollments: 5 });
    await create({ name: 'Biology' });
    const grouped = await api.graphql<{ getGroupedCourses: { pageNum: number; more: boolean; groups: Array<{ name: string; sections: Array<{ rawId: string }> }> } }>(
      GROUPED, { p: 1 }, { token: people.ana.token });
    expect(grouped.errors).toBeUndefined();
    const groups = grouped.data!.getGroupedCourses.groups;
    expect(groups.map((g) => g.name)).toEqual(['Algebra I', 'Biology']);
    expect(groups[0].sections).toHaveLength(2);
    const one = await api.graphql<{ getGroupedCourses: { groups: Array<{ name: string }> } }>(GROUPED, { n: 'Biology' }, { token: people.ana.token });
    expect(one.data!.getGroupedCourses.groups.map((g) => g.name)).toEqual(['Biology']);
    expect(codeOf(await api.graphql(GROUPED, { p: 0 }, { token: people.ana.token }))).toBe('BAD_USER_INPUT');
  });

  it('shows nothing to another ecosystem, and refuses its admin every mutation without writing', async () => {
    const other = w.tokens.admin2;
    const grouped = await api.graphql<{ getGroupedCourses: { groups: unknown[] } }>(GROUPED, { p: 1 }, { token: other });
    expect(grouped.data!.getGroupedCourses.groups).toEqual([]);
    expect(codeOf(await api.graphql(STUDENTS, { s: section.id }, { token: other }))).toBe('FORBIDDEN');
    expect((await api.graphql<{ node: unknown }>('query($id: ID!) { node(id: $id) { id } }', { id: section.id }, { token: other })).data!.node).toBeNull();
    await refusedUnchanged(api, () => call(ENROL, { s: section.id, u: user(w.ids.admin2) }, other), 'FORBIDDEN');
    await refusedUnchanged(api, () => call(UNENROL, { s: section.id, u: user(people.ben.userId) }, other), 'FORBIDDEN');
    await refusedUnchanged(api, () => call(EDIT, { input: { sectionId: section.id, maxEnrollments: 9 } }, other), 'FORBIDDEN');
    await refusedUnchanged(api, () => call(CREATE, { input: sectionInput() }, other), 'NOT_FOUND');
  });
});

describe('rules of enrolment and editing', () => {
  it('refuses malformed and forbidden input without writing', async () => {
    await refusedUnchanged(api, () => call(CREATE, { input: sectionInput({ timeZoneId: 'Mars/Base' }) }, w.tokens.admin1), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => call(CREATE, { input: sectionInput({ enrollmentEnd: local(now().minus({ days: 1 })) }) }, w.tokens.admin1), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => call(CREATE, { input: sectionInput({ programIds: ['not-an-id'] }) }, w.tokens.admin1), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => call(CREATE, { input: sectionInput() }, people.ana.token), 'FORBIDDEN');
    // A program admin runs the sections of their own programs only.
    const both = { programIds: [toGlobalId('Program', w.p1), toGlobalId('Program', w.p2)] };
    await refusedUnchanged(api, () => call(CREATE, { input: sectionInput(both) }, w.tokens.programAdmin), 'FORBIDDEN');
    expect((await create({ name: 'Geometry' }, w.tokens.programAdmin)).canManage).toBe(true);
    await refusedUnchanged(api, () => call(UNENROL, {}, people.ana.token), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => call(CREATE, { input: sectionInput({ leaderIds: [], sessions: dailyFromYesterday() }) }, w.tokens.admin1), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => call(UNENROL, { s: 'not-an-id', why: 'a\nb' }, people.ana.token), 'BAD_USER_INPUT');
    const s = await create({ name: 'Chemistry' });
    await refusedUnchanged(api, () => enrol(s.id, people.ana.token, people.ben.userId), 'FORBIDDEN');
    await refusedUnchanged(api, () => call(EDIT, { input: { sectionId: s.id, maxEnrollments: 0 } }, w.tokens.admin1), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => call(EDIT, { input: { sectionId: s.id, description: 'x' } }, people.tutor.token), 'FORBIDDEN');
  });

  it('keeps the drop deadline for learners, not for admins; archived sections leave the learners\' list', async () => {
    const s = await create({ name: 'Drawing', dropDeadline: local(now().minus({ minutes: 5 })) });
    expect((await enrol(s.id, people.ana.token)).errors).toBeUndefined();
    await refusedUnchanged(api, () => call(UNENROL, { s: s.id }, people.ana.token), 'CONFLICT');
    const byAdmin = await call<{ unenrollCourse: Section }>(UNENROL, { s: s.id, u: user(people.ana.userId) }, w.tokens.admin1);
    expect(byAdmin.data!.unenrollCourse.enrolledStudentsAmt).toBe(0);
    const edited = await call<{ editCourseSection: Section }>(EDIT, { input: { sectionId: s.id, description: 'Pencils', archived: true } }, w.tokens.admin1);
    expect(edited.data!.editCourseSection.period).toBe('CLOSED');
    const list = await api.graphql<{ getGroupedCourses: { groups: Array<{ name: string }> } }>(GROUPED, { n: 'Drawing' }, { token: people.ana.token });
    expect(list.data!.getGroupedCourses.groups).toEqual([]);
  });

  it('gives the last seat to exactly one of two learners enrolling at once', async () => {
    const s = await create({ name: 'Latin', maxEnrollments: 1 });
    const results = await Promise.all([enrol(s.id, people.ben.token), enrol(s.id, people.cy.token)]);
    expect(results.map((r) => codeOf(r) ?? 'OK').sort()).toEqual(['CONFLICT', 'OK']);
    const students = await api.graphql<{ getStudentsForSection: unknown[] }>(STUDENTS, { s: s.id }, { token: w.tokens.admin1 });
    expect(students.data!.getStudentsForSection).toHaveLength(1);
  });
});
