/**
 * The session reads over HTTP on the real PostgreSQL (decision 0056): lists by status and page, who
 * sees which sessions (a parent their child's and no other family's, nobody of another ecosystem),
 * the join link, the viewer's rights, and bad arguments. Rows are written into the read model by
 * writeOccurrences, as the projection writes them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, person, writeBooking } from '../../projections/sessions/testing';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { addPerson, buildWorld, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { codeOf } from '../tenants/testing';

let api: TestApi;
let w: World;
const people: Record<string, { userId: string; token: string }> = {};
const HOUR = 3_600_000;
const ids: Record<string, string> = {};

const LIST = `query($input: SessionsFilterInput) { getSessionsForUser(input: $input) {
  hasMore pageNumber sessions { id rawId status subject joinUrl viewerIsParticipant viewerCanEdit viewerCanCancel startTime endTime
    participants { userId userType isLeader user { id } } program { name } } } }`;
const ONE = 'query($id: ID!) { getSession(sessionId: $id) { rawId joinUrl viewerCanEdit viewerCanCancel viewerIsParticipant status sessionCompletionStatus fullness } }';
type ListAnswer = { getSessionsForUser: { hasMore: boolean; pageNumber: number; sessions: Array<Record<string, unknown>> } };

const token = (who: string) => (who in people ? people[who].token : w.tokens[who as keyof World['tokens']]);
const list = (who: string, input: Record<string, unknown> = {}) => api.graphql<ListAnswer>(LIST, { input }, { token: token(who) });
const rawIds = (res: { data?: ListAnswer | null }) => res.data!.getSessionsForUser.sessions.map((s) => s.rawId);

async function link(parentId: string, childId: string): Promise<void> {
  const res = await api.graphql('mutation($input: LinkFamilyMemberInput!) { linkFamilyMember(input: $input) { id } }',
    { input: { parentId, childId, ecosystemId: w.e1, relationship: 'PARENT' } }, { token: w.tokens.admin1 });
  expect(res.errors).toBeUndefined();
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  people.tutor = await addPerson(api, 'tia.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  people.otherChild = await addPerson(api, 'olly.child@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }]);
  people.otherParent = await addPerson(api, 'oren.parent@example.com', [{ ecosystemId: w.e1, role: 'PARENT' }]);
  people.teacher = await addPerson(api, 'tom.teacher@example.com', [{ ecosystemId: w.e1, role: 'TEACHER' }]);
  people.stranger = await addPerson(api, 'sid.stranger@example.com', [{ ecosystemId: w.e2, role: 'STUDENT' }]);
  await link(w.ids.parent, w.ids.student);
  await link(people.otherParent.userId, people.otherChild.userId);
  const e1 = (start: number, extra: Partial<Parameters<typeof booking>[0]> = {}) => booking({
    ecosystemId: w.e1, programId: w.p1, startAt: new Date(Date.now() + start * HOUR),
    participants: [person(people.tutor.userId, 'TUTOR'), person(w.ids.student, 'STUDENT')], ...extra,
  });
  const weekly = e1(2, { count: 5 });
  ids.first = weekly[0].id;
  await writeBooking(api.db.ownerPool, weekly);
  const past = e1(-3);
  ids.past = past[0].id;
  await writeBooking(api.db.ownerPool, past);
  const theirs = e1(5, { participants: [person(people.tutor.userId, 'TUTOR'), person(people.otherChild.userId, 'STUDENT')] });
  ids.theirs = theirs[0].id;
  await writeBooking(api.db.ownerPool, theirs);
  const elsewhere = booking({ ecosystemId: w.e2, programId: randomUUID(), startAt: new Date(Date.now() + HOUR), participants: [person(people.stranger.userId, 'STUDENT')] });
  ids.elsewhere = elsewhere[0].id;
  await writeBooking(api.db.ownerPool, elsewhere);
});

afterAll(async () => {
  await api?.stop();
});

describe('a person\'s sessions', () => {
  it('lists the upcoming ones by page, soonest first, with hasMore', async () => {
    const first = await list('student', { pageSize: 3 });
    expect(first.errors).toBeUndefined();
    expect(first.data!.getSessionsForUser).toMatchObject({ hasMore: true, pageNumber: 1 });
    expect(rawIds(first)[0]).toBe(ids.first);
    const second = await list('student', { pageSize: 3, pageNumber: 2 });
    expect(second.data!.getSessionsForUser.hasMore).toBe(false);
    expect(rawIds(second)).toHaveLength(2);
    const session = first.data!.getSessionsForUser.sessions[0];
    expect(session).toMatchObject({ status: 'UPCOMING', joinUrl: 'https://meet.example.com/room', viewerIsParticipant: true, viewerCanEdit: false, program: { name: expect.any(String) } });
    expect(session.participants).toHaveLength(2);
  });

  it('lists the completed ones apart, latest first, with how they went', async () => {
    const res = await list('student', { status: 'COMPLETED' });
    expect(rawIds(res)).toEqual([ids.past]);
    const one = await api.graphql<{ getSession: Record<string, unknown> }>(ONE, { id: toGlobalId('Session', ids.past) }, { token: token('tutor') });
    expect(one.data!.getSession).toMatchObject({ status: 'RECENTLY_COMPLETED', sessionCompletionStatus: 'NO_SHOW', viewerCanEdit: true, viewerCanCancel: true });
  });

  it('shows a parent their child\'s sessions and no other family\'s', async () => {
    const own = await list('parent', { userId: toGlobalId('User', w.ids.student) });
    expect(rawIds(own)).toHaveLength(5);
    expect(own.data!.getSessionsForUser.sessions[0].joinUrl).toBe('https://meet.example.com/room');
    expect(rawIds(await list('otherParent', { userId: toGlobalId('User', w.ids.student) }))).toEqual([]);
    const theirs = await api.graphql<{ getSession: unknown }>(ONE, { id: ids.theirs }, { token: token('parent') });
    expect(theirs.data!.getSession).toBeNull();
    const parentList = await api.graphql<{ getSessionsForParent: { sessions: Array<{ rawId: string }> } }>(
      'query { getSessionsForParent { sessions { rawId } } }', {}, { token: token('otherParent') });
    expect(parentList.data!.getSessionsForParent.sessions.map((s) => s.rawId)).toEqual([ids.theirs]);
  });

  it('shows the ecosystem\'s overseers the sessions without the join link', async () => {
    const teacher = await api.graphql<{ getSession: Record<string, unknown> }>(ONE, { id: ids.first }, { token: token('teacher') });
    expect(teacher.data!.getSession).toMatchObject({ rawId: ids.first, joinUrl: null, viewerIsParticipant: false });
    const admin = await api.graphql<{ getSession: Record<string, unknown> }>(ONE, { id: ids.first }, { token: w.tokens.admin1 });
    expect(admin.data!.getSession).toMatchObject({ joinUrl: 'https://meet.example.com/room', viewerCanEdit: true, viewerCanCancel: true });
    const teacherList = await api.graphql<{ getSessionsForTeacher: { sessions: unknown[] } }>('query { getSessionsForTeacher { sessions { rawId } } }', {}, { token: token('teacher') });
    expect(teacherList.data!.getSessionsForTeacher.sessions.length).toBeGreaterThanOrEqual(6);
  });

  it('shows nothing to a person of another ecosystem, nor to a student who is nothing to the session', async () => {
    for (const who of ['stranger', 'admin2']) {
      expect(rawIds(await list(who, { userId: toGlobalId('User', w.ids.student) }))).toEqual([]);
      const one = await api.graphql<{ getSession: unknown }>(ONE, { id: ids.first }, { token: token(who) });
      expect(one.data!.getSession).toBeNull();
    }
    expect((await api.graphql<{ getSession: unknown }>(ONE, { id: ids.first }, { token: token('otherChild') })).data!.getSession).toBeNull();
    const own = await list('stranger');
    expect(rawIds(own)).toEqual([ids.elsewhere]);
  });

  it('hides learners from a co-participant who may not see them, and answers leaders and hours', async () => {
    const group = booking({ ecosystemId: w.e1, programId: w.p1, startAt: new Date(Date.now() + 40 * HOUR), details: { sessionType: 'GROUP', maxStudents: 2 },
      participants: [person(people.tutor.userId, 'TUTOR'), person(w.ids.student, 'STUDENT'), person(people.otherChild.userId, 'STUDENT')] });
    await writeBooking(api.db.ownerPool, group);
    const seen = async (who: string) => ((await api.graphql<{ getSession: { participants: Array<{ userId: string }>; fullness: string } }>(
      'query($id: ID!) { getSession(sessionId: $id) { fullness participants { userId } } }', { id: group[0].id }, { token: token(who) })).data!.getSession);
    const byStudent = await seen('student');
    expect(byStudent.participants.map((p) => p.userId)).toEqual([people.tutor.userId, w.ids.student].map((id) => toGlobalId('User', id)));
    expect(byStudent.fullness).toBe('FULL');
    expect((await seen('tutor')).participants).toHaveLength(3);
    const leaders = await api.graphql<{ getIsUserLeaderInSessions: Array<{ userId: string; isLeader: boolean }> }>(
      'query($ids: [ID!]!) { getIsUserLeaderInSessions(userIds: $ids) { userId isLeader } }',
      { ids: [people.tutor.userId, w.ids.student] }, { token: w.tokens.admin1 });
    expect(leaders.data!.getIsUserLeaderInSessions.map((l) => l.isLeader)).toEqual([true, false]);
    const hours = await api.graphql<{ getEcosystemHoursTutored: number }>('query($id: ID) { getEcosystemHoursTutored(userId: $id) }',
      { id: people.tutor.userId }, { token: w.tokens.admin1 });
    expect(hours.data!.getEcosystemHoursTutored).toBe(1);
    const strangerHours = await api.graphql<{ getEcosystemHoursTutored: number }>('query($id: ID) { getEcosystemHoursTutored(userId: $id) }',
      { id: people.tutor.userId }, { token: token('otherParent') });
    expect(strangerHours.data!.getEcosystemHoursTutored).toBe(0);
  });

  it('offers drop-ins with a seat left to the ecosystem\'s learners, and the ones they lead to tutors', async () => {
    const dropIn = (start: number, maxStudents: number) => booking({ ecosystemId: w.e1, programId: w.p1, startAt: new Date(Date.now() + start * HOUR),
      details: { sessionType: 'DROP_IN', maxStudents }, participants: [person(people.tutor.userId, 'TUTOR'), person(w.ids.student, 'STUDENT')] });
    const open = dropIn(50, 3);
    const full = dropIn(51, 1);
    await writeBooking(api.db.ownerPool, open);
    await writeBooking(api.db.ownerPool, full);
    const offers = async (who: string, isTutorContext = false) => ((await api.graphql<{ getUpcomingDropInSessions: Array<{ rawId: string; joinUrl: string | null }> }>(
      'query($t: Boolean) { getUpcomingDropInSessions(isTutorContext: $t) { rawId joinUrl } }', { t: isTutorContext }, { token: token(who) })).data!.getUpcomingDropInSessions);
    expect(await offers('otherChild')).toEqual([{ rawId: open[0].id, joinUrl: null }]);
    expect((await offers('tutor', true)).map((s) => s.rawId)).toEqual([open[0].id, full[0].id]);
    expect(await offers('stranger')).toEqual([]);
    expect(await offers('otherParent')).toEqual([{ rawId: open[0].id, joinUrl: null }]);
  });

  it('lists the staff\'s ecosystem sessions, and a person\'s sessions in the browsed ecosystem', async () => {
    const staff = await addPerson(api, 'stella.staff@example.com', [{ ecosystemId: w.e1, role: 'STAFF' }]);
    const res = await api.graphql<{ getSessionsForStaff: { sessions: Array<{ rawId: string }> } }>(
      'query($input: SessionsFilterInput) { getSessionsForStaff(input: $input) { sessions { rawId } } }',
      { input: { userId: toGlobalId('User', people.otherChild.userId) } }, { token: staff.token });
    // Their one-on-one and the group session of the test before.
    expect(res.data!.getSessionsForStaff.sessions.map((s) => s.rawId)).toEqual([ids.theirs, expect.any(String)]);
    const none = await api.graphql<{ getSessionsForStaff: { sessions: unknown[] } }>('query { getSessionsForStaff { sessions { rawId } } }', {}, { token: token('teacher') });
    expect(none.data!.getSessionsForStaff.sessions).toEqual([]);
    const browsed = (ecosystem: string) => api.graphql<{ getAllEcosystemSessionsForUser: { sessions: Array<{ rawId: string }> } }>(
      'query { getAllEcosystemSessionsForUser(input: { pageSize: 100 }) { sessions { rawId } } }', {},
      { token: token('tutor'), headers: { 'x-ecosystem-profile-id': toGlobalId('Ecosystem', ecosystem) } });
    expect((await browsed(w.e1)).data!.getAllEcosystemSessionsForUser.sessions.length).toBeGreaterThan(0);
    expect((await browsed(w.e2)).data!.getAllEcosystemSessionsForUser.sessions).toEqual([]);
  });

  it('answers bad arguments with BAD_USER_INPUT on the field', async () => {
    expect(codeOf(await list('student', { pageNumber: 0 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await list('student', { pageSize: 101 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await list('student', { userId: 'not-an-id' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await api.graphql(ONE, { id: 'nope' }, { token: token('student') }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await list('student', { from: '2026-12-02T00:00:00Z', to: '2026-12-01T00:00:00Z' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await api.graphql(LIST, {}, { token: null }))).toBe('UNAUTHENTICATED');
  });
});
