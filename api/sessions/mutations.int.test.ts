/**
 * The session mutations end to end on the real PostgreSQL (decisions 0055-0057): GraphQL, the
 * policy, the conflict check, the command bus, the Session aggregate and the sessions projection.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { addPerson, buildWorld, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { codeOf } from '../tenants/testing';
const AUDIT_PROJECTION = 'audit';

let api: TestApi;
let w: World;
const people: Record<string, { userId: string; token: string }> = {};
const ZONE = 'America/New_York';

const PAYLOAD = `count conflicts { type userId date } session { id rawId seriesId recurringSessionId date startTime endTime startAt status
  timeZoneId subject numLearners maxStudents fullness cancelReason participants { userId isLeader userType joinedTime } }`;
const CREATE = `mutation($input: CreateSessionInput!) { createSession(input: $input) { ${PAYLOAD} } }`;
const EDIT = `mutation($input: EditSessionInput!) { editSessionV3(input: $input) { ${PAYLOAD} } }`;
const CANCEL = `mutation($input: CancelSessionInput!) { cancelSessionV3(input: $input) { ${PAYLOAD} } }`;
const RESTORE = `mutation($input: RestoreSessionInput!) { restoreSession(input: $input) { ${PAYLOAD} } }`;
const DROP = `mutation($input: DropSessionInput!) { dropSession(input: $input) { ${PAYLOAD} } }`;
const SEAT = `mutation($input: ReserveSessionSeatInput!) { reserveSessionSeat(input: $input) { ${PAYLOAD} } }`;
const JOIN = `mutation($s: ID!, $t: ParticipantType!) { trackJoinedOnlineLesson(sessionId: $s, participantType: $t) { participants { userId joinedTime } } }`;
const SERIES = `query($input: SessionsFilterInput) { getSessionsForUser(input: $input) { sessions { rawId date startTime startAt status cancelReason recurringSessionId } } }`;

interface Session { id: string; rawId: string; seriesId: string; recurringSessionId: string | null; date: string; startTime: string; endTime: string; startAt: string; status: string; numLearners: number; fullness: string; participants: Array<{ userId: string; isLeader: boolean; joinedTime: string | null }> }
interface Payload { count: number; conflicts: Array<{ type: string; userId: string | null; date: string }>; session: Session | null }
type Answer<K extends string> = GraphQLResponse<Record<K, Payload>>;

const user = (id: string) => toGlobalId('User', id);
// `key` names the answer's field, for the type only.
const send = async <K extends string>(doc: string, input: Record<string, unknown>, token: string, _key: K): Promise<Answer<K>> =>
  api.graphql<Record<K, Payload>>(doc, { input }, { token, headers: { 'idempotency-key': crypto.randomUUID() } });

/** A Monday some weeks ahead, local to ZONE. */
function monday(weeksAhead: number): string {
  const now = DateTime.now().setZone(ZONE);
  return now.plus({ weeks: weeksAhead }).set({ weekday: 1 }).toISODate()!;
}

function booking(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    programId: toGlobalId('Program', w.p1), sessionType: 'ONE_ON_ONE', subject: 'Algebra', date: monday(2), startTime: '16:00', endTime: '17:00',
    timeZoneId: ZONE, location: 'ONLINE', meetingSolution: 'CUSTOM_URL', customUrl: 'https://meet.example.com/algebra',
    tutorIds: [user(people.tutor.userId)], tuteeIds: [user(w.ids.student)], ...extra,
  };
}

async function listOf(token: string, from: string): Promise<Array<{ rawId: string; date: string; startTime: string; startAt: string; status: string; cancelReason: string | null; recurringSessionId: string | null }>> {
  const res = await api.graphql<{ getSessionsForUser: { sessions: Array<{ rawId: string; date: string; startTime: string; startAt: string; status: string; cancelReason: string | null; recurringSessionId: string | null }> } }>(
    SERIES, { input: { status: 'UPCOMING', pageSize: 100, from } }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.getSessionsForUser.sessions;
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  people.tutor = await addPerson(api, 'tess.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  people.learner = await addPerson(api, 'lou.learner@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }, { ecosystemId: w.e1, role: 'PUPIL', programId: w.p1 }]);
  people.late = await addPerson(api, 'lee.late@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }]);
  people.outsider = await addPerson(api, 'otto.outsider@example.com', [{ ecosystemId: w.e2, role: 'SUPER_ADMIN' }]);
});

afterAll(async () => {
  await api?.stop();
});

describe('booking a weekly series across a clock change', () => {
  it('keeps the local time through the change, and "this and following" splits without touching the earlier ones', async () => {
    // From mid-February to the end of March: New York moves its clocks on the second Sunday of March.
    // The coming February's, whole weeks ahead: in February itself this year's mid-February may be over.
    const today = DateTime.now().setZone(ZONE);
    const start = today.startOf('day').set({ month: 2, day: 15 }).plus({ years: today.month >= 2 ? 1 : 0 });
    const first = start.set({ weekday: 1 }).toISODate()!;
    const res = await send(CREATE, booking({ date: first, recurrence: { frequency: 'WEEKLY', recurringDays: [1, 3], weeksRecurring: 6 } }), w.tokens.admin1, 'createSession');
    expect(res.errors).toBeUndefined();
    const created = res.data!.createSession;
    expect(created.conflicts).toEqual([]);
    expect(created.count).toBe(12);
    expect(created.session).toMatchObject({ date: first, startTime: '16:00', endTime: '17:00', status: 'UPCOMING' });
    const series = (await listOf(people.tutor.token, start.minus({ days: 1 }).toUTC().toISO()!)).filter((s) => s.recurringSessionId === created.session!.recurringSessionId);
    expect(series).toHaveLength(12);
    expect(new Set(series.map((s) => s.startTime))).toEqual(new Set(['16:00']));
    // The same wall time is a different UTC hour before and after the change.
    const utcHours = new Set(series.map((s) => new Date(s.startAt).getUTCHours()));
    expect(utcHours).toEqual(new Set([21, 20]));

    const fourth = series[3];
    const split = await send(EDIT, { sessionId: toGlobalId('Session', fourth.rawId), scope: 'SINGLE_AND_FOLLOWING', changes: { startTime: '17:00', endTime: '18:00' } }, w.tokens.admin1, 'editSessionV3');
    expect(split.errors).toBeUndefined();
    expect(split.data!.editSessionV3.conflicts).toEqual([]);
    const after = (await listOf(people.tutor.token, start.minus({ days: 1 }).toUTC().toISO()!)).filter((s) => series.some((o) => o.date <= s.date) && s.date >= first);
    const before = after.filter((s) => s.date < fourth.date);
    const following = after.filter((s) => s.date >= fourth.date);
    expect(before.map((s) => s.rawId)).toEqual(series.slice(0, 3).map((s) => s.rawId));
    expect(new Set(before.map((s) => s.startTime))).toEqual(new Set(['16:00']));
    expect(following).toHaveLength(9);
    expect(new Set(following.map((s) => s.startTime))).toEqual(new Set(['17:00']));
    expect(new Set(following.map((s) => s.recurringSessionId)).has(created.session!.recurringSessionId)).toBe(false);
  });
});

describe('conflicts', () => {
  it('books nothing when the tutor is busy, answers every clash, and lets an admin force it', async () => {
    const date = monday(3);
    const base = await send(CREATE, booking({ date, startTime: '10:00', endTime: '11:00' }), w.tokens.admin1, 'createSession');
    expect(base.data!.createSession.count).toBe(1);
    const clash = booking({ date, startTime: '10:30', endTime: '11:30', tuteeIds: [user(people.learner.userId)] });
    const refused = await send(CREATE, clash, people.tutor.token, 'createSession');
    expect(refused.errors).toBeUndefined();
    expect(refused.data!.createSession).toMatchObject({ count: 0, session: null });
    expect(refused.data!.createSession.conflicts).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'OVERLAP', userId: user(people.tutor.userId), date })]));
    const notAdmin = await send(CREATE, { ...clash, forceBook: true }, people.tutor.token, 'createSession');
    expect(codeOf(notAdmin)).toBe('FORBIDDEN');
    const forced = await send(CREATE, { ...clash, forceBook: true }, w.tokens.admin1, 'createSession');
    expect(forced.errors).toBeUndefined();
    expect(forced.data!.createSession.count).toBe(1);
    expect(forced.data!.createSession.conflicts.map((c) => c.type)).toContain('OVERLAP');
  });

  it('answers the spec\'s messages for a bad length and a weekly series without days', async () => {
    const short = await send(CREATE, booking({ startTime: '10:00', endTime: '10:10' }), w.tokens.admin1, 'createSession');
    expect(codeOf(short)).toBe('BAD_USER_INPUT');
    expect(short.errors![0].message).toContain('Sessions cannot be shorter than 15 minutes.');
    const noDays = await send(CREATE, booking({ recurrence: { frequency: 'WEEKLY', recurringDays: [], weeksRecurring: 2 } }), w.tokens.admin1, 'createSession');
    expect(codeOf(noDays)).toBe('BAD_USER_INPUT');
    expect(noDays.errors!.map((e) => e.message).join(' ')).toContain('Please select at least one day of the week for sessions to recur.');
  });
});

describe('group seats, drops, cancels and restores', () => {
  let groupId: string;
  let groupRaw: string;

  it('never seats more learners than maxStudents, and one leaving does not cancel the others', async () => {
    const group = await send(CREATE, booking({ date: monday(4), startTime: '12:00', endTime: '13:00', sessionType: 'DROP_IN', maxStudents: 2, tuteeIds: [user(w.ids.student)] }), w.tokens.admin1, 'createSession');
    expect(group.errors).toBeUndefined();
    groupId = group.data!.createSession.session!.id;
    groupRaw = group.data!.createSession.session!.rawId;
    const seat = await send(SEAT, { sessionId: groupId }, people.learner.token, 'reserveSessionSeat');
    expect(seat.errors).toBeUndefined();
    expect(seat.data!.reserveSessionSeat.session).toMatchObject({ numLearners: 2, fullness: 'FULL' });
    const full = await send(SEAT, { sessionId: groupId }, people.late.token, 'reserveSessionSeat');
    expect(full.errors?.[0].message).toBe('This session is full.');
    const drop = await send(DROP, { sessionId: groupId }, people.learner.token, 'dropSession');
    expect(drop.errors).toBeUndefined();
    expect(drop.data!.dropSession.session).toMatchObject({ status: 'UPCOMING', numLearners: 1, fullness: 'OPEN' });
    // The learner who left no longer sees the other learner (decision 0053); an admin sees who stays.
    const seen = await api.graphql<{ getSession: { participants: Array<{ userId: string }> } }>(
      'query($id: ID!) { getSession(sessionId: $id) { participants { userId } } }', { id: groupId }, { token: w.tokens.admin1 });
    expect(seen.data!.getSession.participants.map((p) => p.userId).sort()).toEqual([user(people.tutor.userId), user(w.ids.student)].sort());
  });

  it('cancels with a reason and restores, for those the program lets cancel', async () => {
    const refused = await send(CANCEL, { sessionId: groupId, scope: 'SINGLE' }, people.late.token, 'cancelSessionV3');
    expect(codeOf(refused)).toBe('FORBIDDEN');
    const cancelled = await send(CANCEL, { sessionId: groupId, scope: 'SINGLE', reason: 'Snow day' }, w.tokens.admin1, 'cancelSessionV3');
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data!.cancelSessionV3.session).toMatchObject({ status: 'CANCELLED' });
    const restored = await send(RESTORE, { sessionId: groupId }, w.tokens.admin1, 'restoreSession');
    expect(restored.errors).toBeUndefined();
    expect(restored.data!.restoreSession.session).toMatchObject({ status: 'UPCOMING' });
  });

  it('shows the session\'s recorded actions, newest first, to the ecosystem\'s admins only', async () => {
    const { services } = api.platform;
    const head = await services.eventStore.headPosition();
    if (head) await services.projections.waitFor(head, [AUDIT_PROJECTION], services.config.PROJECTION_WAIT_MS);
    const query = 'query($id: ID!) { getSessionActivityBreadcrumbs(sessionId: $id) { eventType actorName occurredAt changes } }';
    const res = await api.graphql<{ getSessionActivityBreadcrumbs: Array<{ eventType: string; actorName: string | null }> }>(query, { id: groupId }, { token: w.tokens.admin1 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.getSessionActivityBreadcrumbs.map((b) => b.eventType)).toEqual(
      ['SessionsRestored', 'SessionsCancelled', 'SessionParticipantDropped', 'SessionSeatReserved', 'SessionScheduled']);
    expect(res.data!.getSessionActivityBreadcrumbs.every((b) => b.actorName)).toBe(true);
    expect(codeOf(await api.graphql(query, { id: groupId }, { token: people.tutor.token }))).toBe('FORBIDDEN');
  });

  it('refuses another tenant\'s admin and writes nothing', async () => {
    const res = await send(CANCEL, { sessionId: groupId, scope: 'ALL', reason: 'x' }, people.outsider.token, 'cancelSessionV3');
    expect(codeOf(res)).toBe('FORBIDDEN');
    const row = await api.db.ownerPool.query('SELECT cancelled FROM read.sessions WHERE id = $1', [groupRaw]);
    expect(row.rows[0].cancelled).toBe(false);
  });
});

describe('joining an online lesson', () => {
  it('records the join time of a participant inside the join window, and refuses early joins', async () => {
    // Started a few minutes ago (admins may book in the past): inside the join window.
    const now = DateTime.now().setZone(ZONE);
    const start = now.set({ minute: Math.floor(now.minute / 15) * 15, second: 0, millisecond: 0 });
    const res = await send(CREATE, booking({ date: start.toISODate(), startTime: start.toFormat('HH:mm'), endTime: start.plus({ hours: 1 }).toFormat('HH:mm') }), w.tokens.admin1, 'createSession');
    expect(res.errors).toBeUndefined();
    const id = res.data!.createSession.session!.id;
    const joined = await api.graphql<{ trackJoinedOnlineLesson: { participants: Array<{ userId: string; joinedTime: string | null }> } }>(JOIN, { s: id, t: 'STUDENT' }, { token: w.tokens.student, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(joined.errors).toBeUndefined();
    const me = joined.data!.trackJoinedOnlineLesson.participants.find((p) => p.userId === user(w.ids.student));
    expect(me?.joinedTime).toEqual(expect.any(String));

    const later = await send(CREATE, booking({ date: monday(5), startTime: '09:00', endTime: '10:00' }), w.tokens.admin1, 'createSession');
    const early = await api.graphql(JOIN, { s: later.data!.createSession.session!.id, t: 'STUDENT' }, { token: w.tokens.student, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(early.errors?.[0].message).toBe('You can join this session from 10 minutes before it starts.');
  });
});
