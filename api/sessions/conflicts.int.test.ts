/**
 * Booking conflicts through checkSessionConflicts on the real platform (decision 0057): each
 * conflict type, every occurrence of a series, the reader's language, admins and the advance
 * limit, another ecosystem's sessions never counting, outsiders finding nothing, and the same
 * number of statements for a 52-week series as for one session.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editProfile } from '../../domain/user/handlers';
import { USERS_PROJECTION } from '../../projections/users';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { SYSTEM_ACTOR } from '../auth/seed';
import { addPerson, buildWorld, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { codeOf } from '../tenants/testing';
import { booking as occurrences, person, writeBooking } from '../../projections/sessions/testing';
import { conflictsForBooking } from './conflicts';
import { contextFor } from '../request-context';

let api: TestApi;
let w: World;
let tutor: { userId: string; token: string };
const ZONE = 'America/New_York';

const CHECK = `query($input: CreateSessionInput!) { checkSessionConflicts(input: $input) {
  type description date startAt userId dayAvailability { startTime endTime } remainingMinutes totalMinutes } }`;

interface Answer { type: string; description: string; date: string; startAt: string; userId: string | null; dayAvailability: Array<{ startTime: string; endTime: string }>; remainingMinutes: number | null; totalMinutes: number | null }

/** A Tuesday two weeks or more ahead, as a local date. */
const tuesday = (() => {
  const t = DateTime.now().setZone(ZONE).plus({ days: 14 }).startOf('day');
  return t.plus({ days: (2 - (t.weekday % 7) + 7) % 7 });
})();
const day = (plusDays = 0) => tuesday.plus({ days: plusDays }).toISODate()!;
const at = (plusDays: number, time: string) => DateTime.fromISO(`${day(plusDays)}T${time}`, { zone: ZONE }).toUTC().toISO()!;

function booking(more: Record<string, unknown> = {}) {
  return {
    programId: w.p1, sessionType: 'ONE_ON_ONE', subject: 'Algebra', date: day(), startTime: '10:00', endTime: '10:30', timeZoneId: ZONE,
    location: 'ONLINE', meetingSolution: 'LESSONSPACE', tutorIds: [toGlobalId('User', tutor.userId)], tuteeIds: [toGlobalId('User', w.ids.student)], ...more,
  };
}

async function check(input: Record<string, unknown>, token = tutor.token, headers: Record<string, string> = {}): Promise<Answer[]> {
  const res = await api.graphql<{ checkSessionConflicts: Answer[] }>(CHECK, { input }, { token, headers });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.checkSessionConflicts;
}

async function settings(input: Record<string, unknown>): Promise<void> {
  const res = await api.graphql('mutation($id: ID!, $input: EcosystemInput!) { editEcosystem(ecosystemId: $id, ecosystemInput: $input) { id } }',
    { id: w.e1, input }, { token: w.tokens.admin1 });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
}

const types = (answers: Answer[]) => answers.map((a) => a.type);

interface OtherSession { ecosystemId: string; programId: string; startAt: string; endAt: string; leaders?: string[]; learners?: string[]; cancelled?: boolean }

/** Writes another session straight into the read model (as the projection would); returns its id. */
async function insertSession(s: OtherSession): Promise<string> {
  const [occurrence] = occurrences({
    ecosystemId: s.ecosystemId, programId: s.programId, startAt: new Date(s.startAt), durationMinutes: (Date.parse(s.endAt) - Date.parse(s.startAt)) / 60_000,
    participants: [...(s.leaders ?? []).map((u) => person(u, 'TUTOR')), ...(s.learners ?? []).map((u) => person(u, 'STUDENT'))], cancelled: s.cancelled,
  });
  await writeBooking(api.platform.pools.owner, [occurrence]);
  return occurrence.id;
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  tutor = await addPerson(api, 'tina.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  const { bus, projections, config } = api.platform.services;
  const edited = await bus.dispatch(editProfile, {
    userId: tutor.userId,
    changes: { timeZoneId: ZONE, availableHours: [{ day: 2, startTime: '09:00', endTime: '17:00' }], advanceLimit: 30, advanceLength: 'DAYS' },
  }, { actor: SYSTEM_ACTOR, commandId: crypto.randomUUID(), now: new Date().toISOString() });
  if (edited.position) await projections.waitFor(edited.position, [USERS_PROJECTION], config.PROJECTION_WAIT_MS);
  await settings({ sessionSettings: { sessionDurations: [30, 60], sessionInterval: 15, sessionAdvanceDayLimit: 60 } });
}, 120_000);

afterAll(async () => {
  await api?.stop();
});

describe('checkSessionConflicts', () => {
  it('finds nothing for a booking inside every rule', async () => {
    expect(await check(booking())).toEqual([]);
  });

  it('finds an overlap of the tutee, in the reader language, and another ecosystem sessions never count', async () => {
    await insertSession({ ecosystemId: w.e1, programId: w.p1, startAt: at(0, '10:15'), endAt: at(0, '11:00'), learners: [w.ids.student] });
    await insertSession({ ecosystemId: w.e2, programId: w.p1, startAt: at(0, '10:00'), endAt: at(0, '10:30'), leaders: [tutor.userId] });
    await insertSession({ ecosystemId: w.e1, programId: w.p1, startAt: at(0, '10:00'), endAt: at(0, '10:30'), leaders: [tutor.userId], cancelled: true });
    const [overlap, ...rest] = await check(booking());
    expect(rest).toEqual([]);
    expect(overlap).toMatchObject({ type: 'OVERLAP', date: day(), startAt: new Date(at(0, '10:00')).toISOString(), userId: toGlobalId('User', w.ids.student) });
    expect(overlap.description).toBe('Learner Sam Student already has a session from 10:15 AM to 11:00 AM.');
    expect(overlap.dayAvailability).toEqual([]);
    const [es] = await check(booking(), tutor.token, { 'accept-language': 'es' });
    expect(es.description).toBe('Learner Sam Student ya tiene una sesión de 10:15 AM a 11:00 AM.');
  });

  it('keeps the time buffer between sessions when the ecosystem sets one', async () => {
    await settings({ timeBufferConfig: { enabled: true, lengthMinutes: 15 } });
    await insertSession({ ecosystemId: w.e1, programId: w.p1, startAt: at(0, '13:00'), endAt: at(0, '13:50'), leaders: [tutor.userId] });
    const found = await check(booking({ startTime: '14:00', endTime: '14:30' }));
    await settings({ timeBufferConfig: { enabled: false } });
    expect(found.map((c) => [c.type, c.userId])).toEqual([['TIME_BUFFER', toGlobalId('User', tutor.userId)]]);
    expect(await check(booking({ startTime: '14:00', endTime: '14:30' }))).toEqual([]);
  });

  it('checks the tutor availability and shows the day availability', async () => {
    const late = await check(booking({ startTime: '16:45', endTime: '17:15' }));
    expect(late.map((c) => [c.type, c.dayAvailability])).toEqual([['AVAILABILITY', [{ startTime: '09:00', endTime: '17:00' }]]]);
    expect(late[0].description).toBe('This time is outside the available hours of Leader Tina Tutor.');
    const wednesday = await check(booking({ date: day(1) }));
    expect(wednesday.map((c) => [c.type, c.dayAvailability])).toEqual([['AVAILABILITY', []]]);
  });

  it('checks the supported hours, the start interval and the length', async () => {
    await settings({ supportedHours: [{ day: 2, startTime: '08:00', endTime: '12:00' }] });
    const found = await check(booking({ startTime: '11:50', endTime: '12:35' }));
    await settings({ supportedHours: [] });
    expect(types(found).sort()).toEqual(['SESSION_DURATION', 'SESSION_INTERVAL', 'SUPPORTED_HOURS']);
    expect(found.every((c) => c.userId === null)).toBe(true);
  });

  it('holds tutors and tutees to the advance limits, and admins to none', async () => {
    const far = booking({ date: day(63) });
    expect((await check(far)).map((c) => [c.type, c.userId]))
      .toEqual([['ADVANCE_LIMIT', null], ['ADVANCE_LIMIT', toGlobalId('User', tutor.userId)]]);
    expect(await check(far, w.tokens.admin1)).toEqual([]);
  });

  it('tells what is left of the weekly session minutes', async () => {
    await settings({ sessionLimits: { sessionLimitType: 'WEEKLY', minuteLimit: 60 } });
    await insertSession({ ecosystemId: w.e1, programId: w.p1, startAt: at(6, '15:00'), endAt: at(6, '15:45'), learners: [w.ids.student] });
    const found = await check(booking({ date: day(7) }));
    await settings({ sessionLimits: { sessionLimitType: 'NONE' } });
    expect(found.map((c) => [c.type, c.remainingMinutes, c.totalMinutes])).toEqual([['MINUTE_LIMIT', 15, 60]]);
  });

  it('checks every occurrence of a weekly series against the tutor hours limit (as an admin: no advance limit)', async () => {
    await settings({ sessionSettings: { tutorHoursLimitConfig: { isEnabled: true, limits: [{ programIds: [w.p1], weeklyHourLimit: 1.5 }] } } });
    await insertSession({ ecosystemId: w.e1, programId: w.p1, startAt: at(22, '09:00'), endAt: at(22, '10:00'), leaders: [tutor.userId] });
    const found = await check(booking({ startTime: '09:00', endTime: '10:00', recurrence: { frequency: 'WEEKLY', recurringDays: [2], weeksRecurring: 6 } }), w.tokens.admin1);
    await settings({ sessionSettings: { tutorHoursLimitConfig: { isEnabled: false, limits: [] } } });
    expect(found.map((c) => [c.type, c.date, c.remainingMinutes, c.totalMinutes])).toEqual([
      // The first week already holds the tutor's 50 minutes of the buffer test (not the cancelled or the other ecosystem's sessions).
      ['TUTOR_HOURS_LIMIT', day(0), 40, 90],
      ['TUTOR_HOURS_LIMIT', day(21), 30, 90],
    ]);
  });

  it('counts a TOTAL limit from its reset date, sessions far from the booking included', async () => {
    await insertSession({ ecosystemId: w.e1, programId: w.p1, startAt: at(-5, '10:00'), endAt: at(-5, '11:00'), learners: [w.ids.student] });
    await insertSession({ ecosystemId: w.e1, programId: w.p1, startAt: at(200, '10:00'), endAt: at(200, '10:30'), learners: [w.ids.student] });
    await settings({ sessionLimits: { sessionLimitType: 'TOTAL', minuteLimit: 150, resetDate: day(-2) } });
    // Since the reset: 45 (day 0) + 45 (day 6) + 30 (day 200) = 120 minutes; the hour on day -5 came before it.
    const half = await check(booking({ date: day(14) }), w.tokens.admin1);
    const hour = await check(booking({ date: day(14), endTime: '11:00' }), w.tokens.admin1);
    await settings({ sessionLimits: { sessionLimitType: 'NONE' } });
    expect(half).toEqual([]);
    expect(hour.map((c) => [c.type, c.remainingMinutes, c.totalMinutes, c.description]))
      .toEqual([['MINUTE_LIMIT', 30, 150, 'Learner Sam Student would go over the limit of 150 session minutes in all: 30 of 150 minutes left.']]);
  });

  it('leaves out the occurrences an edit replaces (conflictsForBooking, as editSessionV3 calls it)', async () => {
    const own = await insertSession({ ecosystemId: w.e1, programId: w.p1, startAt: at(7, '11:00'), endAt: at(7, '11:30'), leaders: [tutor.userId] });
    const viewer = { userId: tutor.userId, email: 'tina.tutor@example.com', platformAdmin: false, roles: [{ ecosystemId: w.e1, role: 'LEADER' as const, programId: w.p1 }] };
    const ctx = contextFor(api.platform.services, {
      viewer, headers: { bearer: null, platformMode: null, ecosystemProfileId: null, reviewAppSecret: null, idempotencyKey: null },
      cookies: { get: () => undefined, set: () => undefined, clear: () => undefined }, requestId: crypto.randomUUID(), clientIp: 'test',
    });
    const moved = {
      ecosystemId: w.e1, programId: w.p1, timeZoneId: ZONE, tutorIds: [tutor.userId], tuteeIds: [w.ids.student],
      occurrences: [{ date: day(7), startAt: at(7, '11:15'), endAt: at(7, '11:45') }],
    };
    expect((await conflictsForBooking(ctx, moved)).map((c) => c.type)).toEqual(['OVERLAP']);
    expect(await conflictsForBooking(ctx, { ...moved, excludeSessionIds: [own] })).toEqual([]);
  });

  it('costs as many statements for 52 weekly occurrences as for one', async () => {
    const pool = api.platform.pools.api;
    const cost = async (input: Record<string, unknown>) => {
      await api.readsEnded();
      const before = pool.queries;
      await check(input);
      await api.readsEnded();
      return pool.queries - before;
    };
    const one = await cost(booking({ date: day(3) }));
    const many = await cost(booking({ date: day(3), recurrence: { frequency: 'WEEKLY', recurringDays: [5], weeksRecurring: 52 } }));
    expect(one).toBeGreaterThan(2);
    expect(many).toBe(one);
  });
});

describe('who may ask', () => {
  it('answers another ecosystem admin nothing, and refuses those who may not book it or people the reader may not see', async () => {
    const other = await api.graphql(CHECK, { input: booking() }, { token: w.tokens.admin2 });
    expect(codeOf(other)).toBe('NOT_FOUND');
    const parent = await api.graphql(CHECK, { input: booking() }, { token: w.tokens.parent });
    expect(codeOf(parent)).toBe('FORBIDDEN');
    const student = await api.graphql(CHECK, { input: booking({ tuteeIds: [toGlobalId('User', w.ids.parent)] }) }, { token: w.tokens.student });
    expect(codeOf(student)).toBe('FORBIDDEN');
    const stranger = await api.graphql(CHECK, { input: booking({ tutorIds: [toGlobalId('User', w.ids.admin2)] }) }, { token: w.tokens.admin1 });
    expect(codeOf(stranger)).toBe('BAD_USER_INPUT');
    expect(codeOf(await api.graphql(CHECK, { input: booking() }))).toBe('UNAUTHENTICATED');
  });

  it('refuses a malformed booking with the spec message', async () => {
    const res = await api.graphql(CHECK, { input: booking({ endTime: '10:10' }) }, { token: tutor.token });
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toBe('Please double check your selected start and end times. Sessions cannot be shorter than 15 minutes.');
  });
});

const DAY = `query($tutorId: ID!, $date: Date!, $zone: String) { getTutorAvailabilityForDay(tutorId: $tutorId, date: $date, timeZoneId: $zone) {
  date timeZoneId available { startTime endTime } busy { startTime endTime } } }`;

describe('getTutorAvailabilityForDay', () => {
  it('shows the tutor hours and sessions of the day in the zone asked for', async () => {
    const res = await api.graphql<{ getTutorAvailabilityForDay: unknown }>(DAY, { tutorId: toGlobalId('User', tutor.userId), date: day(), zone: 'America/Chicago' }, { token: w.tokens.student });
    expect(res.data?.getTutorAvailabilityForDay, JSON.stringify(res.errors)).toEqual({
      date: day(), timeZoneId: 'America/Chicago', available: [{ startTime: '08:00', endTime: '16:00' }], busy: [{ startTime: '12:00', endTime: '12:50' }],
    });
  });

  it('shows another ecosystem nothing, and refuses a zone that does not exist', async () => {
    const res = await api.graphql(DAY, { tutorId: toGlobalId('User', tutor.userId), date: day() }, { token: w.tokens.admin2 });
    expect(codeOf(res)).toBe('NOT_FOUND');
    const zone = await api.graphql(DAY, { tutorId: toGlobalId('User', tutor.userId), date: day(), zone: 'Mars/Olympus' }, { token: w.tokens.student });
    expect(codeOf(zone)).toBe('BAD_USER_INPUT');
  });
});
