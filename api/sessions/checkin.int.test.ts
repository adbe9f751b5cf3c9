/**
 * checkInToSession / checkOutOfSession end to end on PostgreSQL (decision 0066): the program's
 * switch, who may ask, the window, idempotent repeats, admin corrections, the read model and
 * sessionCompletionStatus, the activity trail; every refusal writes nothing.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { addPerson, buildWorld, refusedUnchanged, type World } from '../people/testing';
import { insertSessions } from '../sessions-admin/testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let w: World;
const people: Record<string, { userId: string; token: string }> = {};
const ZONE = 'America/New_York';

interface Participant { userId: string; isLeader: boolean; joinedTime: string | null; checkedInTime: string | null; checkedOutTime: string | null }
interface Session { id: string; rawId: string; viewerCanCheckIn: boolean; sessionCompletionStatus: string | null; numAttendees: number; participants: Participant[] }
const FIELDS = 'id rawId viewerCanCheckIn sessionCompletionStatus numAttendees participants { userId isLeader joinedTime checkedInTime checkedOutTime }';
const CHECK_IN = `mutation($input: SessionCheckInInput!) { checkInToSession(input: $input) { ${FIELDS} } }`;
const CHECK_OUT = `mutation($input: SessionCheckInInput!) { checkOutOfSession(input: $input) { ${FIELDS} } }`;
const GET = `query($id: ID!) { getSession(sessionId: $id) { ${FIELDS} } }`;
const CREATE = 'mutation($input: CreateSessionInput!) { createSession(input: $input) { session { id rawId } } }';
const EDIT_PROGRAM = 'mutation($id: ID!, $input: ProgramInput!) { editProgram(programId: $id, programInput: $input) { id } }';

const user = (id: string) => toGlobalId('User', id);
const headers = () => ({ 'idempotency-key': crypto.randomUUID() });
const send = (doc: string, input: Record<string, unknown>, token: string): Promise<GraphQLResponse<Record<string, Session>>> =>
  api.graphql<Record<string, Session>>(doc, { input }, { token, headers: headers() });
const tutorOf = (s: Session) => s.participants.find((p) => p.userId === user(people.tutor.userId))!;

/** Books a one-hour session for the tutor and the student starting `start` (admins may book in the past). */
async function book(start: DateTime): Promise<Session> {
  const input = {
    programId: toGlobalId('Program', w.p1), sessionType: 'ONE_ON_ONE', subject: 'Check-in', date: start.toISODate(), startTime: start.toFormat('HH:mm'),
    endTime: start.plus({ hours: 1 }).toFormat('HH:mm'), timeZoneId: ZONE, location: 'IN_PERSON', meetingSolution: 'IN_PERSON',
    locationName: 'Room 4', tutorIds: [user(people.tutor.userId)], tuteeIds: [user(w.ids.student)], forceBook: true,
  };
  const res = await api.graphql<{ createSession: { session: Session } }>(CREATE, { input }, { token: w.tokens.admin1, headers: headers() });
  expect(res.errors).toBeUndefined();
  return res.data!.createSession.session;
}

/** The current quarter hour in ZONE: a session starting then is inside its check-in window now. */
function thisQuarter(): DateTime {
  const now = DateTime.now().setZone(ZONE);
  return now.set({ minute: Math.floor(now.minute / 15) * 15, second: 0, millisecond: 0 });
}

async function setCheckIn(on: boolean): Promise<void> {
  const res = await api.graphql(EDIT_PROGRAM, { id: toGlobalId('Program', w.p1), input: { tutorSelfCheckInOut: on } }, { token: w.tokens.admin1, headers: headers() });
  expect(res.errors).toBeUndefined();
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  people.tutor = await addPerson(api, 'tina.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  people.outsider = await addPerson(api, 'olga.outsider@example.com', [{ ecosystemId: w.e2, role: 'SUPER_ADMIN' }]);
  people.otherParent = await addPerson(api, 'omar.parent@example.com', [{ ecosystemId: w.e1, role: 'PARENT' }]);
});

afterAll(async () => {
  await api?.stop();
});

describe('a tutor checks in and out', () => {
  let session: Session;

  it('is refused while the program does not use check-in, and writes nothing', async () => {
    session = await book(thisQuarter());
    const res = await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: session.id }, people.tutor.token), 'FORBIDDEN');
    expect(res.errors![0].message).toBe('This program does not use tutor check-in.');
    const read = await api.graphql<{ getSession: Session }>(GET, { id: session.id }, { token: people.tutor.token });
    expect(read.data!.getSession.viewerCanCheckIn).toBe(false);
  });

  it('records the server\'s time once: a repeat keeps the first time and writes nothing', async () => {
    await setCheckIn(true);
    const before = Date.now();
    const res = await send(CHECK_IN, { sessionId: session.id }, people.tutor.token);
    expect(res.errors).toBeUndefined();
    const first = tutorOf(res.data!.checkInToSession);
    expect(Date.parse(first.checkedInTime!)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.data!.checkInToSession).toMatchObject({ viewerCanCheckIn: true, numAttendees: 1 });
    const events = await api.eventCount();
    const again = await send(CHECK_IN, { sessionId: session.id }, people.tutor.token);
    expect(tutorOf(again.data!.checkInToSession).checkedInTime).toBe(first.checkedInTime);
    expect(await api.eventCount()).toBe(events);
  });

  it('checks out after the check-in, once', async () => {
    const out = await send(CHECK_OUT, { sessionId: session.id }, people.tutor.token);
    expect(out.errors).toBeUndefined();
    const checkedOut = tutorOf(out.data!.checkOutOfSession).checkedOutTime;
    expect(Date.parse(checkedOut!)).toBeGreaterThanOrEqual(Date.parse(tutorOf(out.data!.checkOutOfSession).checkedInTime!));
    const events = await api.eventCount();
    const again = await send(CHECK_OUT, { sessionId: session.id }, people.tutor.token);
    expect(tutorOf(again.data!.checkOutOfSession).checkedOutTime).toBe(checkedOut);
    expect(await api.eventCount()).toBe(events);
  });

  it('shows the check-in to the ecosystem\'s admin, in the session and its activity', async () => {
    const read = await api.graphql<{ getSession: Session }>(GET, { id: session.id }, { token: w.tokens.admin1 });
    expect(tutorOf(read.data!.getSession)).toMatchObject({ checkedInTime: expect.any(String), checkedOutTime: expect.any(String) });
    expect(read.data!.getSession.viewerCanCheckIn).toBe(false);
    const { services } = api.platform;
    const head = await services.eventStore.headPosition();
    if (head) await services.projections.waitFor(head, ['audit'], services.config.PROJECTION_WAIT_MS);
    const crumbs = await api.graphql<{ getSessionActivityBreadcrumbs: Array<{ eventType: string }> }>(
      'query($id: ID!) { getSessionActivityBreadcrumbs(sessionId: $id) { eventType } }', { id: session.id }, { token: w.tokens.admin1 });
    expect(crumbs.data!.getSessionActivityBreadcrumbs.map((b) => b.eventType).slice(0, 2)).toEqual(['SessionCheckedOut', 'SessionCheckedIn']);
  });
});

describe('refusals write nothing', () => {
  let session: Session;
  beforeAll(async () => {
    session = await book(thisQuarter().plus({ minutes: 2 * 60 + 15 }));
  });

  it('checking in too early', async () => {
    const early = await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: session.id }, people.tutor.token), 'CONFLICT');
    expect(early.errors![0].message).toBe('You can check in from 10 minutes before the session starts.');
  });

  it('check-out before check-in', async () => {
    const fresh = await book(thisQuarter().minus({ hours: 2 }));
    const res = await refusedUnchanged(api, () => send(CHECK_OUT, { sessionId: fresh.id }, people.tutor.token), 'CONFLICT');
    expect(res.errors![0].message).toBe('Check in before checking out.');
  });

  it('learners, someone else\'s check-in, and a time from anyone but an admin', async () => {
    const now = await book(thisQuarter().minus({ hours: 4 }));
    const learner = await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: now.id }, w.tokens.student), 'FORBIDDEN');
    expect(learner.errors![0].message).toBe('Only the tutors of a session check in and out.');
    const other = await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: now.id, userId: user(w.ids.student) }, people.tutor.token), 'FORBIDDEN');
    expect(other.errors![0].message).toBe('You can check in and out only yourself.');
    const timed = await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: now.id, time: new Date().toISOString() }, people.tutor.token), 'FORBIDDEN');
    expect(timed.errors![0].message).toBe('Only admins can record a check-in or check-out at another time.');
  });

  it('a cancelled session, another tenant, and malformed input', async () => {
    const cancelled = await book(thisQuarter().minus({ hours: 6 }));
    const cancel = await api.graphql('mutation($input: CancelSessionInput!) { cancelSessionV3(input: $input) { count } }',
      { input: { sessionId: cancelled.id, scope: 'SINGLE', reason: 'Snow' } }, { token: w.tokens.admin1, headers: headers() });
    expect(cancel.errors).toBeUndefined();
    const res = await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: cancelled.id }, people.tutor.token), 'CONFLICT');
    expect(res.errors![0].message).toBe('This session is cancelled.');
    await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: session.id, userId: user(people.tutor.userId) }, people.outsider.token), 'FORBIDDEN');
    await refusedUnchanged(api, () => send(CHECK_OUT, { sessionId: session.id }, people.outsider.token), 'FORBIDDEN');
    // Parents (of the world's family and of another one) never check a tutor in.
    for (const token of [w.tokens.parent, people.otherParent.token]) {
      await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: session.id, userId: user(people.tutor.userId) }, token), 'FORBIDDEN');
    }
    await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: 'not-a-session' }, people.tutor.token), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: session.id, userId: 'nobody' }, w.tokens.admin1), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: session.id, time: 'yesterday' }, w.tokens.admin1), 'BAD_USER_INPUT');
  });
});

describe('an admin corrects a forgotten check-in', () => {
  it('records the tutor at the start of an ended session, which then reads as held by the tutor', async () => {
    const start = thisQuarter().minus({ hours: 3 });
    const ended = await book(start);
    const before = await api.graphql<{ getSession: Session }>(GET, { id: ended.id }, { token: w.tokens.admin1 });
    expect(before.data!.getSession.sessionCompletionStatus).toBe('NO_SHOW');
    const future = await refusedUnchanged(api, () => send(CHECK_IN, { sessionId: ended.id, userId: user(people.tutor.userId), time: DateTime.now().plus({ hours: 1 }).toISO() }, w.tokens.admin1), 'BAD_USER_INPUT');
    expect(future.errors![0].message).toBe('A corrected time cannot be in the future.');
    const res = await send(CHECK_IN, { sessionId: ended.id, userId: user(people.tutor.userId), time: start.toUTC().toISO() }, w.tokens.admin1);
    expect(res.errors).toBeUndefined();
    expect(tutorOf(res.data!.checkInToSession).checkedInTime).toBe(start.toUTC().toISO());
    expect(res.data!.checkInToSession).toMatchObject({ sessionCompletionStatus: 'TUTEE_NO_SHOW', numAttendees: 1 });
  });
});

describe('the completed-session summary', () => {
  it('counts a session held when the tutor checked in and the learner joined in time', async () => {
    const start = DateTime.utc().startOf('month').minus({ months: 2 }).plus({ days: 4, hours: 15 });
    const [id] = await insertSessions(api, [{
      ecosystemId: w.e1, programId: w.p1, subject: 'Summary', startAt: start.toJSDate(),
      people: [{ userId: people.tutor.userId, isLeader: true }, { userId: w.ids.student, isLeader: false }],
    }]);
    const set = (column: string, userId: string) => api.platform.pools.owner.query(
      `UPDATE read.session_participants SET ${column} = start_at WHERE session_id = $1 AND user_id = $2`, [id, userId]);
    const held = async () => {
      const res = await api.graphql<{ getCompletedSessionSummaryV3: { totals: { held: number; missed: number } } }>(
        'query($input: CompletedSessionSummaryInput) { getCompletedSessionSummaryV3(input: $input) { totals { held missed } } }',
        { input: { userId: user(people.tutor.userId), from: start.startOf('month').toISODate(), to: start.endOf('month').toISODate() } }, { token: w.tokens.admin1 });
      expect(res.errors).toBeUndefined();
      return res.data!.getCompletedSessionSummaryV3.totals;
    };
    await set('joined_time', w.ids.student);
    expect(await held()).toEqual({ held: 0, missed: 1 });
    await set('checked_in_time', people.tutor.userId);
    expect(await held()).toEqual({ held: 1, missed: 0 });
  });
});
