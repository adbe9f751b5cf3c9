/**
 * Session timers on the embedded engine's activities (decision 0074), with the tick driven by an
 * injected clock (moved, not waited) and the bookings made through the real session commands and
 * sessions projection: a booking's 24-hour and 1-hour reminders go exactly once each, at their
 * instants, to the tutor (New York, English), the learner and the learner's parent (Madrid,
 * Spanish), through the message pipeline to the local SMTP capture; a moved session is reminded at
 * its new times only; a cancelled one no more; after a "this and following" edit none of the old
 * occurrences; a missed tick catches up within the window, never after the start; the completion is
 * recorded once with the status attendance gives, flags who attended, asks them for feedback, and
 * their feedback clears the flag.
 */
import { randomUUID } from 'node:crypto';
import type { AddressObject } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureUser, SYSTEM_ACTOR } from '../../api/auth/seed';
import { buildWorld, type World } from '../../api/people/testing';
import { editEcosystem } from '../../domain/ecosystem/handlers';
import { linkFamilyMember } from '../../domain/family/handlers';
import { cancelSession, dropSession, editSession, recordSessionAttendance, recordSessionFeedback, scheduleSession } from '../../domain/session/handlers';
import { occurrencesOf } from '../../domain/session/occurrences';
import type { SessionState } from '../../domain/session/state';
import type { CommandHandler, DomainEvent } from '../../domain/shared/decider';
import type { Actor } from '../../domain/shared/events';
import { editProfile } from '../../domain/user/handlers';
import { publicUrl } from '../../infra/config';
import { startSmtpCapture, type SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import { unsubscribePath } from '../../infra/unsubscribe';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { runSessionTimersFlow } from '../flows/sessionTimers';
import { createTimerActivities, type DueReminder } from './activities';
import { sessionTimerDeps } from './reads';

let api: TestApi;
let smtp: SmtpCapture;
let world: World;
let tutorId: string;
const ADMIN: Actor = { userId: '00000000-0000-4000-8000-00000000ad01', role: 'SUPER_ADMIN' };
const QUARTER = 15 * 60_000;
const HOUR = 60 * 60_000;

const TUTOR_MAIL = 'tom.tutor@example.com';
const STUDENT_MAIL = 'sam.student@example.com';
const PARENT_MAIL = 'pat.parent@example.com';

async function run<I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: unknown, now: string, actor: Actor = ADMIN) {
  const { bus, projections, config } = api.platform.services;
  const result = await bus.dispatch(handler, input, { actor, commandId: randomUUID(), now });
  if (result.position) expect(await projections.waitFor(result.position, ['sessions', 'users', 'families'], config.PROJECTION_WAIT_MS)).toBe(true);
  return result;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ SMTP_URL: smtp.url });
  world = await buildWorld(api);
  tutorId = (await ensureUser(api.platform.services, { email: TUTOR_MAIL, password: 'timers-test-password-1', firstName: 'Tom', lastName: 'Tutor', roles: [{ ecosystemId: world.e1, role: 'LEADER', programId: world.p1 }] })).userId;
  const now = '2027-01-01T00:00:00.000Z';
  await run(editProfile, { userId: tutorId, changes: { timeZoneId: 'America/New_York', languagePreference: 'en' } }, now, SYSTEM_ACTOR);
  await run(editProfile, { userId: world.ids.parent, changes: { timeZoneId: 'Europe/Madrid', languagePreference: 'sp' } }, now, SYSTEM_ACTOR);
  // Attendance counts up to 10 minutes after the start; the completion waits as long after the end.
  await run(editEcosystem, { ecosystemId: world.e1, changes: { sessionSettings: { attendanceGraceMinutes: 10 } } }, now, SYSTEM_ACTOR);
  await run(linkFamilyMember, { parentId: world.ids.parent, childId: world.ids.student, ecosystemId: world.e1, relationship: 'PARENT' }, now, SYSTEM_ACTOR);
});
afterAll(async () => {
  await api?.stop();
  await smtp?.close();
});

/** A booking of p1 with the tutor and the learner, 16:00-17:00 New York time on `date` (weekly `weeks` times when given). */
async function book(date: string, weeks: number | null = null, subject = 'Algebra'): Promise<{ seriesId: string; occurrenceIds: string[] }> {
  const seriesId = randomUUID();
  const result = await run(scheduleSession, {
    seriesId, ecosystemId: world.e1,
    schedule: {
      timeZoneId: 'America/New_York', startDate: date, startTime: '16:00', durationMinutes: 60,
      recurrence: weeks === null ? null : { frequency: 'WEEKLY', interval: 1, recurringDays: [new Date(`${date}T12:00:00Z`).getUTCDay()], weeks, endDate: null },
    },
    details: { sessionType: 'ONE_ON_ONE', programId: world.p1, subject, location: 'ONLINE', meeting: { solution: 'CUSTOM_URL', url: 'https://meet.example.org/algebra' } },
    participants: [{ userId: tutorId, userType: 'TUTOR', isLeader: true, isPaired: true }, { userId: world.ids.student, userType: 'STUDENT', isLeader: false, isPaired: true }],
  }, '2027-01-02T00:00:00.000Z');
  return { seriesId, occurrenceIds: occurrencesOf(result.state as SessionState).map((o) => o.id) };
}

interface Fired { at: string; sessionId: string; startAt: string; offsetMinutes: number; messages: number }

/** Ticks every quarter hour from `from` to `to` (inclusive) with the clock at each tick, skipping `down` (the server is off); answers the reminders sent. */
async function tick(from: string, to: string, down: Array<[string, string]> = []): Promise<{ fired: Fired[]; completed: string[]; feedbackRequests: number }> {
  let now = new Date(from);
  const { bus, engine } = api.platform.services;
  const { config, auth } = api.platform.services;
  // The platform's own links (decision 0072): signed with its secret, so the API's `unsubscribe` takes them.
  const deps = sessionTimerDeps(api.platform.pools.owner, bus, config, undefined, (claim) => publicUrl(config, unsubscribePath(auth.unsubscribe.sign(claim))));
  const acts = createTimerActivities({ ...deps, engine: () => engine }, bus, () => now);
  const fired: Fired[] = [];
  const completed: string[] = [];
  let feedbackRequests = 0;
  const recording = {
    ...acts,
    async sendSessionReminder(due: DueReminder) {
      const messages = await acts.sendSessionReminder(due);
      if (messages > 0) fired.push({ at: now.toISOString(), ...due, messages });
      return messages;
    },
    async completeSessionOccurrence(due: Parameters<typeof acts.completeSessionOccurrence>[0]) {
      const done = await acts.completeSessionOccurrence(due);
      if (done.completed) completed.push(`${now.toISOString()} ${due.occurrenceId}`);
      feedbackRequests += done.requests;
      return done;
    },
  };
  for (; now.getTime() <= Date.parse(to); now = new Date(now.getTime() + QUARTER)) {
    if (down.some(([a, b]) => now.getTime() >= Date.parse(a) && now.getTime() <= Date.parse(b))) continue;
    await runSessionTimersFlow(recording, {});
  }
  // What the ticks recorded, in the read models the next reads see.
  const head = await api.platform.services.eventStore.headPosition();
  if (head) expect(await api.platform.services.projections.waitFor(head, ['sessions', 'messages', 'notifications'], 10_000)).toBe(true);
  return { fired, completed, feedbackRequests };
}

/** The unsubscribe token of a captured e-mail's link (decision 0072). */
function tokenIn(m: { text?: string }): string {
  return decodeURIComponent(/\/unsubscribe\/(\S+)/.exec(m.text ?? '')?.[1] ?? '');
}

describe('session reminders', () => {
  it('go 24 hours and 1 hour before, exactly once each, to the tutor, the learner and the parent, each in their zone and language', async () => {
    const { occurrenceIds: [id] } = await book('2027-03-10');
    // 16:00 EST is 21:00 UTC. Ticks run from a day and two hours before until after the end.
    const { fired, completed } = await tick('2027-03-09T19:00:00Z', '2027-03-10T22:30:00Z');
    expect(fired).toEqual([
      { at: '2027-03-09T21:00:00.000Z', sessionId: id, startAt: '2027-03-10T21:00:00.000Z', offsetMinutes: 1440, messages: 3 },
      { at: '2027-03-10T20:00:00.000Z', sessionId: id, startAt: '2027-03-10T21:00:00.000Z', offsetMinutes: 60, messages: 3 },
    ]);
    // Nobody joined: the completion is recorded at the first tick after the end plus 10 grace minutes, and nobody owes feedback.
    expect(completed).toEqual([`2027-03-10T22:15:00.000Z ${id}`]);

    // The booking's own notice (decision 0072) goes to the same people: only the reminders here.
    const isReminder = (m: (typeof smtp.received)[number]) => /SESSION_REMINDER$/.test(String(m.headers.get('x-platform-message-kind')));
    await vi.waitFor(() => expect(smtp.received.filter(isReminder)).toHaveLength(6), { timeout: 20_000, interval: 100 });
    const reminders = (address: string) => smtp.to(address).filter(isReminder);
    const tutor = reminders(TUTOR_MAIL);
    expect(tutor.map((m) => m.subject)).toEqual([expect.stringMatching(/: your session "Algebra" starts in 1 day$/), expect.stringMatching(/: your session "Algebra" starts in 1 hour$/)]);
    expect(tutor[0].text).toContain('Wednesday 10 March 2027, 16:00 (America/New_York)');
    expect(tutor[0].html).toContain('href="https://meet.example.org/algebra"');
    const parent = reminders(PARENT_MAIL);
    expect(parent).toHaveLength(2);
    expect(parent[0].subject).toMatch(/la sesión "Algebra" de Sam empieza en 1 día$/);
    expect(parent[1].subject).toMatch(/empieza en 1 hora$/);
    expect(parent[0].text).toContain('miércoles 10 de marzo de 2027, 22:00 (Europe/Madrid)');
    expect(parent[0].html).not.toContain('meet.example.org');
    // The learner has no zone of their own: the session's.
    const student = reminders(STUDENT_MAIL);
    expect(student).toHaveLength(2);
    expect(student[0].text).toContain('Wednesday 10 March 2027, 16:00 (America/New_York)');
    expect([...tutor, ...parent, ...student].every((m) => /SESSION_REMINDER$/.test(String(m.headers.get('x-platform-message-kind'))))).toBe(true);
    // And in the app (decision 0073): one notification per person and reminder, the parent's naming the child.
    const inApp = await api.platform.pools.owner.query<{ recipient_user_id: string; kind: string; n: number }>(
      `SELECT recipient_user_id, kind, count(*)::int AS n FROM read.notifications WHERE params->>'startAt' = $1 AND kind LIKE '%REMINDER' GROUP BY 1, 2 ORDER BY 2, 1`, ['2027-03-10T21:00:00.000Z']);
    expect(inApp.rows).toEqual([
      { recipient_user_id: world.ids.parent, kind: 'CHILD_SESSION_REMINDER', n: 2 },
      ...[tutorId, world.ids.student].sort().map((u) => ({ recipient_user_id: u, kind: 'SESSION_REMINDER', n: 2 })),
    ]);
  });

  it('move with the session: after a move only the new times remind, under new keys', async () => {
    const { seriesId, occurrenceIds: [id] } = await book('2027-03-24');
    // 16:00 EDT is 20:00 UTC: the 24-hour reminder goes at 20:00 on the 23rd.
    const before = await tick('2027-03-23T19:00:00Z', '2027-03-23T20:45:00Z');
    expect(before.fired.map((f) => [f.at, f.offsetMinutes])).toEqual([['2027-03-23T20:00:00.000Z', 1440]]);
    // Moved to 18:00 (22:00 UTC): a new 24-hour reminder at 22:00 today, the 1-hour one at 21:00 tomorrow; 19:00 UTC no longer.
    await run(editSession, { seriesId, occurrenceId: id, scope: 'SINGLE', changes: { startTime: '18:00' } }, '2027-03-23T20:50:00.000Z');
    const after = await tick('2027-03-23T21:00:00Z', '2027-03-24T23:30:00Z');
    expect(after.fired.map((f) => [f.at, f.startAt, f.offsetMinutes, f.messages])).toEqual([
      ['2027-03-23T22:00:00.000Z', '2027-03-24T22:00:00.000Z', 1440, 3],
      ['2027-03-24T21:00:00.000Z', '2027-03-24T22:00:00.000Z', 60, 3],
    ]);
  });

  it('stop when the session is cancelled', async () => {
    const { seriesId, occurrenceIds: [id] } = await book('2027-03-31');
    expect((await tick('2027-03-30T19:45:00Z', '2027-03-30T20:00:00Z')).fired).toHaveLength(1);
    await run(cancelSession, { seriesId, occurrenceId: id, scope: 'SINGLE', reason: 'Tutor is ill' }, '2027-03-30T21:00:00.000Z');
    const after = await tick('2027-03-30T21:15:00Z', '2027-03-31T22:00:00Z');
    expect(after.fired).toEqual([]);
    // A cancelled session is not completed either.
    expect(after.completed).toEqual([]);
  });

  it('after a "this and following" edit, remind the new occurrences at their times and none of the old ones', async () => {
    const { seriesId, occurrenceIds } = await book('2027-04-05', 3);
    expect(occurrenceIds).toHaveLength(3);
    // From the second Monday on, 17:00 New York (21:00 UTC) instead of 16:00 (20:00 UTC).
    await run(editSession, { seriesId, occurrenceId: occurrenceIds[1], scope: 'SINGLE_AND_FOLLOWING', changes: { startTime: '17:00' } }, '2027-04-06T12:00:00.000Z');
    const windows = await Promise.all([['2027-04-11T18:00:00Z', '2027-04-12T21:45:00Z'], ['2027-04-18T18:00:00Z', '2027-04-19T21:45:00Z']]
      .map(async ([a, b]) => (await tick(a, b)).fired));
    const fired = windows.flat();
    expect(fired.map((f) => [f.at, f.startAt, f.offsetMinutes])).toEqual([
      ['2027-04-11T21:00:00.000Z', '2027-04-12T21:00:00.000Z', 1440], ['2027-04-12T20:00:00.000Z', '2027-04-12T21:00:00.000Z', 60],
      ['2027-04-18T21:00:00.000Z', '2027-04-19T21:00:00.000Z', 1440], ['2027-04-19T20:00:00.000Z', '2027-04-19T21:00:00.000Z', 60],
    ]);
    for (const f of fired) expect(occurrenceIds.slice(1)).not.toContain(f.sessionId);
  });

  it('follow the people: a learner who dropped (and their parent) hears no more, a substitute tutor hears instead of the tutor', async () => {
    const { seriesId, occurrenceIds: [id] } = await book('2027-05-19', null, 'Chemistry');
    const substitute = await ensureUser(api.platform.services, { email: 'sue.substitute@example.com', password: 'timers-test-password-1', firstName: 'Sue', lastName: 'Substitute', roles: [{ ecosystemId: world.e1, role: 'LEADER', programId: world.p1 }] });
    const about = (address: string) => smtp.to(address).filter((m) => m.subject?.includes('"Chemistry"')).length;
    const counts = () => ({ student: about(STUDENT_MAIL), parent: about(PARENT_MAIL), tutor: about(TUTOR_MAIL) });
    const start = { student: 0, parent: 0, tutor: 0 };
    // 16:00 EDT = 20:00 UTC. The 24-hour reminder goes to all three.
    expect((await tick('2027-05-18T19:45:00Z', '2027-05-18T20:00:00Z')).fired.map((f) => f.messages)).toEqual([3]);
    await vi.waitFor(() => expect(counts()).toEqual({ student: start.student + 1, parent: start.parent + 1, tutor: start.tutor + 1 }), { timeout: 20_000, interval: 100 });
    await run(dropSession, { seriesId, occurrenceId: id, userId: world.ids.student, reason: 'Exam' }, '2027-05-18T21:00:00.000Z');
    await run(editSession, { seriesId, occurrenceId: id, scope: 'SINGLE', changes: { participants: [{ userId: substitute.userId, userType: 'TUTOR', isLeader: true, isPaired: false }] } }, '2027-05-18T21:05:00.000Z');
    const { fired } = await tick('2027-05-19T18:45:00Z', '2027-05-19T19:30:00Z');
    expect(fired.map((f) => [f.at, f.offsetMinutes, f.messages])).toEqual([['2027-05-19T19:00:00.000Z', 60, 1]]);
    const [toSue] = await Promise.all([smtp.nextTo('sue.substitute@example.com', 0, 20_000)]);
    expect(toSue.subject).toMatch(/starts in 1 hour$/);
    expect(counts()).toEqual({ student: start.student + 1, parent: start.parent + 1, tutor: start.tutor + 1 });
  });

  it('catch up after a missed tick within the window, and never once the session has started', async () => {
    const { occurrenceIds: [id] } = await book('2027-05-12');
    // 16:00 EDT = 20:00 UTC. Down from 19:30 to 20:30 the day before: the 24-hour reminder goes at 20:45, late but once.
    // Down from 18:45 to 20:15 on the day: the 1-hour reminder (19:00) would be after the start; it never goes.
    const { fired } = await tick('2027-05-11T19:00:00Z', '2027-05-12T20:30:00Z', [['2027-05-11T19:30:00Z', '2027-05-11T20:30:00Z'], ['2027-05-12T18:45:00Z', '2027-05-12T20:15:00Z']]);
    expect(fired.map((f) => [f.at, f.sessionId, f.offsetMinutes])).toEqual([['2027-05-11T20:45:00.000Z', id, 1440]]);
  });
});

describe('session completion', () => {
  it('is recorded once after the end and grace, HELD when both showed, flags who attended, asks them for feedback, and their feedback clears the flag', async () => {
    const { seriesId, occurrenceIds: [id] } = await book('2027-06-07');
    // 16:00 EDT = 20:00 UTC; the tutor joins a minute early, the learner 8 minutes late (within the 10 grace minutes).
    await run(recordSessionAttendance, { seriesId, occurrenceId: id, userId: tutorId, joinedTime: '2027-06-07T19:59:00Z' }, '2027-06-07T19:59:00.000Z');
    await run(recordSessionAttendance, { seriesId, occurrenceId: id, userId: world.ids.student, joinedTime: '2027-06-07T20:08:00Z' }, '2027-06-07T20:08:00.000Z');
    const { completed, feedbackRequests } = await tick('2027-06-07T20:30:00Z', '2027-06-07T21:45:00Z');
    expect(completed).toEqual([`2027-06-07T21:15:00.000Z ${id}`]);
    expect(feedbackRequests).toBe(2);

    const events = await api.platform.services.eventStore.readStream(`session-${seriesId}`);
    const done = events.filter((e) => e.type === 'SessionOccurrenceCompleted');
    expect(done).toHaveLength(1);
    expect(done[0].data).toMatchObject({ occurrenceId: id, status: 'HELD', attended: [tutorId, world.ids.student].sort(), graceMinutes: 10 });

    const flags = async () => (await api.platform.pools.owner.query<{ user_id: string; has_pending_feedback: boolean }>(
      'SELECT user_id, has_pending_feedback FROM read.session_participants WHERE session_id = $1 ORDER BY user_id', [id])).rows;
    expect(await flags()).toEqual([tutorId, world.ids.student].sort().map((u) => ({ user_id: u, has_pending_feedback: true })));
    expect((await api.platform.pools.owner.query('SELECT completion_status FROM read.sessions WHERE id = $1', [id])).rows[0].completion_status).toBe('HELD');

    const requests = () => smtp.received.filter((m) => m.headers.get('x-platform-message-kind') === 'FEEDBACK_REQUESTED');
    await vi.waitFor(() => expect(requests()).toHaveLength(2), { timeout: 20_000, interval: 100 });
    expect(requests().map((m) => (m.to as AddressObject).text).sort()).toEqual([STUDENT_MAIL, TUTOR_MAIL]);
    expect(requests().map((m) => m.subject)).toEqual([expect.stringMatching(/how did "Algebra" go\?$/), expect.stringMatching(/how did "Algebra" go\?$/)]);
    // Each with the link that turns the person's own FEEDBACK_REQUESTED e-mail off (decision 0072), at its foot and as List-Unsubscribe.
    for (const m of requests()) {
      const token = tokenIn(m);
      expect(api.platform.services.auth.unsubscribe.verify(token)).toMatchObject({ variant: 'notificationPreference', kind: 'FEEDBACK_REQUESTED' });
      expect(JSON.stringify(m.headers.get('list'))).toContain(`/unsubscribe/${encodeURIComponent(token)}`);
    }

    await run(recordSessionFeedback, { seriesId, occurrenceId: id, userId: world.ids.student, rating: 5, comment: 'Great' }, '2027-06-08T10:00:00.000Z', { userId: world.ids.student, role: 'STUDENT' });
    expect(await flags()).toEqual([tutorId, world.ids.student].sort().map((u) => ({ user_id: u, has_pending_feedback: u === tutorId })));
    // Another tick changes nothing: no second completion, no second request.
    const again = await tick('2027-06-08T10:15:00Z', '2027-06-08T10:30:00Z');
    expect(again).toEqual({ fired: [], completed: [], feedbackRequests: 0 });
  });
});

describe('post-session feedback over GraphQL', () => {
  const PENDING = `query($f: CompletedSessionsWithoutFeedbackFilters) { getCompletedSessionsWithoutFeedback(selectedFilters: $f) {
    hasMore sessions { rawId sessionCompletionStatus participants { userId hasPendingFeedback feedbackSubmitDate feedbackSubmitBy } } } }`;
  const EDIT = `mutation($input: PostSessionFeedbackInput!) { editPostSessionFeedback(input: $input) {
    rawId participants { userId hasPendingFeedback feedbackSubmitBy } } }`;
  const errorOf = (res: { errors?: Array<{ message: string; extensions?: { code?: string } }> }) => res.errors?.[0];

  it('lists the signed-in person\'s completed sessions awaiting their feedback, takes it from them only, and then lists it no more', async () => {
    // A session that ended two hours ago (on the real clock the API reads), completed by a tick now.
    const end = new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR);
    const start = new Date(end.getTime() - HOUR);
    const seriesId = randomUUID();
    const booked = await run(scheduleSession, {
      seriesId, ecosystemId: world.e1, actorIsAdmin: true,
      schedule: { timeZoneId: 'UTC', startDate: start.toISOString().slice(0, 10), startTime: start.toISOString().slice(11, 16), durationMinutes: 60, recurrence: null },
      details: { sessionType: 'ONE_ON_ONE', programId: world.p1, subject: 'Reading', location: 'ONLINE', meeting: { solution: 'CUSTOM_URL', url: 'https://meet.example.org/reading' } },
      participants: [{ userId: tutorId, userType: 'TUTOR', isLeader: true, isPaired: true }, { userId: world.ids.student, userType: 'STUDENT', isLeader: false, isPaired: true }],
    }, new Date(start.getTime() - 24 * HOUR).toISOString());
    const id = occurrencesOf(booked.state as SessionState)[0].id;
    for (const userId of [tutorId, world.ids.student]) {
      await run(recordSessionAttendance, { seriesId, occurrenceId: id, userId, joinedTime: start.toISOString() }, start.toISOString());
    }
    const { completed } = await tick(new Date(Math.floor(Date.now() / QUARTER) * QUARTER).toISOString(), new Date(Date.now()).toISOString());
    expect(completed).toEqual([expect.stringContaining(id)]);
    // The query reads the sessions read model: wait until it has the completion (on a loaded machine it may lag the tick).
    const head = await api.platform.services.eventStore.headPosition();
    expect(await api.platform.services.projections.waitFor(head!, ['sessions'], 10_000)).toBe(true);

    const token = world.tokens.student;
    const pending = await api.graphql<{ getCompletedSessionsWithoutFeedback: { hasMore: boolean; sessions: Array<{ rawId: string; sessionCompletionStatus: string; participants: Array<{ hasPendingFeedback: boolean }> }> } }>(PENDING, {}, { token });
    expect(pending.errors).toBeUndefined();
    const listed = pending.data!.getCompletedSessionsWithoutFeedback.sessions.find((s) => s.rawId === id);
    expect(listed).toMatchObject({ sessionCompletionStatus: 'HELD' });
    expect(listed!.participants.every((p) => p.hasPendingFeedback)).toBe(true);

    // Not for someone else (FORBIDDEN, in the reader's language), not a rating out of range (BAD_USER_INPUT).
    const forTutor = await api.graphql(EDIT, { input: { sessionId: id, userId: tutorId, rating: 5 } }, { token, headers: { 'accept-language': 'es' } });
    expect(errorOf(forTutor)).toMatchObject({ message: 'Solo puede dar su propia opinión.', extensions: { code: 'FORBIDDEN' } });
    const outOfRange = await api.graphql(EDIT, { input: { sessionId: id, rating: 9 } }, { token });
    expect(errorOf(outOfRange)).toMatchObject({ message: 'Choose a rating from 1 to 5.', extensions: { code: 'BAD_USER_INPUT' } });
    // The parent of the learner is no participant.
    const byParent = await api.graphql(EDIT, { input: { sessionId: id, rating: 4 } }, { token: world.tokens.parent });
    expect(errorOf(byParent)?.extensions?.code).toMatch(/FORBIDDEN|CONFLICT/);

    const given = await api.graphql<{ editPostSessionFeedback: { participants: Array<{ userId: string; hasPendingFeedback: boolean; feedbackSubmitBy: string | null }> } }>(
      EDIT, { input: { sessionId: id, rating: 4, comment: 'Helpful' } }, { token });
    expect(given.errors).toBeUndefined();
    const mine = given.data!.editPostSessionFeedback.participants.find((p) => p.hasPendingFeedback === false);
    expect(mine?.feedbackSubmitBy).toBeTruthy();
    const after = await api.graphql<{ getCompletedSessionsWithoutFeedback: { sessions: Array<{ rawId: string }> } }>(PENDING, {}, { token });
    expect(after.data!.getCompletedSessionsWithoutFeedback.sessions.map((s) => s.rawId)).not.toContain(id);
    // The tutor still owes theirs.
    const tutorToken = await api.login(TUTOR_MAIL, 'timers-test-password-1');
    const tutorPending = await api.graphql<{ getCompletedSessionsWithoutFeedback: { sessions: Array<{ rawId: string }> } }>(PENDING, {}, { token: tutorToken });
    expect(tutorPending.data!.getCompletedSessionsWithoutFeedback.sessions.map((s) => s.rawId)).toContain(id);
  });
});

describe('the unsubscribe link of a reminder (decision 0072)', () => {
  const UNSUBSCRIBE = 'mutation($token: String!) { unsubscribe(token: $token) { kind variant } }';

  it("turns the parent's child-session reminders off without logging in: the next reminder reaches only the participants", async () => {
    await book('2027-07-14', null, 'Geometry');
    const about = (address: string) => smtp.to(address).filter((m) => m.subject?.includes('"Geometry"'));
    // 16:00 EDT = 20:00 UTC: the 24-hour reminder goes to the three.
    expect((await tick('2027-07-13T19:45:00Z', '2027-07-13T20:00:00Z')).fired.map((f) => f.messages)).toEqual([3]);
    await vi.waitFor(() => expect([PARENT_MAIL, TUTOR_MAIL, STUDENT_MAIL].map((a) => about(a).length)).toEqual([1, 1, 1]), { timeout: 20_000, interval: 100 });
    const [toParent] = about(PARENT_MAIL);
    const token = tokenIn(toParent);
    const verify = (t: string) => api.platform.services.auth.unsubscribe.verify(t);
    // The parent's reminder is a parent preference; the tutor's is their own SESSION_REMINDER.
    expect(verify(token)).toEqual({ userId: world.ids.parent, variant: 'parentNotificationPreference', kind: 'CHILD_SESSION_REMINDER' });
    expect(verify(tokenIn(about(TUTOR_MAIL)[0]))).toEqual({ userId: tutorId, variant: 'notificationPreference', kind: 'SESSION_REMINDER' });
    expect(JSON.stringify(toParent.headers.get('list'))).toContain(`/unsubscribe/${encodeURIComponent(token)}`);
    expect(toParent.html).toContain('No recibir más correos como este');

    // Followed from the e-mail, signed out: the parent's CHILD_SESSION_REMINDER e-mail is off, by the parent's own edit.
    const res = await api.graphql<{ unsubscribe: { kind: string; variant: string } }>(UNSUBSCRIBE, { token }, { token: null });
    expect(res.errors).toBeUndefined();
    expect(res.data?.unsubscribe).toEqual({ kind: 'CHILD_SESSION_REMINDER', variant: 'parentNotificationPreference' });
    const edit = await api.platform.pools.owner.query<{ type: string; actor: string }>(
      `SELECT type, metadata->'actor'->>'userId' AS actor FROM events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1`, [`user-${world.ids.parent}`]);
    expect(edit.rows[0]).toEqual({ type: 'UserProfileEdited', actor: world.ids.parent });

    // The 1-hour reminder: the tutor and the learner only; no second e-mail to the parent.
    expect((await tick('2027-07-14T18:45:00Z', '2027-07-14T19:00:00Z')).fired.map((f) => f.messages)).toEqual([2]);
    await vi.waitFor(() => expect([TUTOR_MAIL, STUDENT_MAIL].map((a) => about(a).length)).toEqual([2, 2]), { timeout: 20_000, interval: 100 });
    expect(about(PARENT_MAIL)).toHaveLength(1);
  });
});
