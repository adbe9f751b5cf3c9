/**
 * Course seats through the course_seats reactor (decisions 0061, 0069) on the whole platform: a
 * crash between the enrolment and its seats (the reactor stopped) ends with the seats once it runs
 * again; delivering the same events again writes nothing; a booking attached later seats the
 * learners already enrolled; and (fast-check) any sequence of enrolments and unenrolments, with the
 * reactor stopped for part of it, ends with the upcoming sessions' learners equal to the enrolled.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachCourseSessions, enrollCourse, unenrollCourse } from '../../domain/course/handlers';
import { courseAggregate } from '../../domain/course/state';
import { DomainError } from '../../domain/shared/errors';
import type { Position } from '../../domain/shared/events';
import { occurrencesOf } from '../../domain/session/occurrences';
import { sessionAggregate } from '../../domain/session/state';
import { getReactor } from '../../projections/reactors/checkpoints';
import { COURSE_SEATS_REACTOR } from '../../projections/reactors/course-seats';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { addPerson, buildWorld, type World } from '../people/testing';
import { fromGlobalId, toGlobalId } from '../relay';

let api: TestApi;
let w: World;
const learners: string[] = [];
let adminId: string;
let tutorId: string;
const ZONE = 'America/New_York';
const CREATE = `mutation($input: CreateCourseSectionInput!) { createCourseSection(input: $input) { section { rawId } } }`;

const local = (d: DateTime) => d.toFormat("yyyy-MM-dd'T'HH:mm");
const now = () => DateTime.now().setZone(ZONE);
const services = () => api.platform.services;
const reactors = () => services().projections.reactors;

let weeks = 0;

/** A section (with a daily booking for a week of its own, so its leader is never double-booked, or none) for up to 10 learners; its id. */
async function section(withSessions = true): Promise<string> {
  weeks += 1;
  const input = {
    ecosystemId: w.e1, name: 'Geometry', programIds: [toGlobalId('Program', w.p1)], maxEnrollments: 10, timeZoneId: ZONE,
    enrollmentStart: local(now().minus({ hours: 1 })), enrollmentEnd: local(now().plus({ days: 10 })), leaderIds: [toGlobalId('User', tutorId)],
    ...(withSessions ? {
      sessions: {
        date: now().plus({ days: 7 * weeks }).toISODate(), startTime: '16:00', endTime: '17:00', location: 'ONLINE', meetingSolution: 'CUSTOM_URL',
        customUrl: 'https://meet.example.com/geometry', recurrence: { frequency: 'DAILY', weeksRecurring: 1 },
      },
    } : {}),
  };
  const res = await api.graphql<{ createCourseSection: { section: { rawId: string } } }>(CREATE, { input }, { token: w.tokens.admin1, headers: { 'idempotency-key': crypto.randomUUID() } });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.createCourseSection.section.rawId;
}

/** Runs a course command as the first half of a mutation would, without waiting for anything. */
async function command(kind: 'enrol' | 'unenrol' | 'attach', sectionId: string, value: string): Promise<Position | null> {
  const ctx = { actor: { userId: adminId, role: 'SUPER_ADMIN' as const }, commandId: crypto.randomUUID() };
  const bus = services().bus;
  if (kind === 'attach') return (await bus.dispatch(attachCourseSessions, { sectionId, seriesId: value }, ctx)).position;
  if (kind === 'enrol') return (await bus.dispatch(enrollCourse, { sectionId, userId: value }, ctx)).position;
  return (await bus.dispatch(unenrollCourse, { sectionId, userId: value, reason: null, actorIsAdmin: true }, ctx)).position;
}

async function seriesOf(sectionId: string): Promise<string[]> {
  const s = await services().bus.load(courseAggregate, sectionId);
  return s.status === 'none' ? [] : s.seriesIds;
}

/** The learners of each session of the bookings that has not started, from the Session aggregate. */
async function upcomingLearners(seriesIds: readonly string[]): Promise<string[][]> {
  const out: string[][] = [];
  for (const id of seriesIds) {
    for (const o of occurrencesOf(await services().bus.load(sessionAggregate, id))) {
      if (Date.parse(o.startAt) > Date.now()) out.push(o.participants.filter((p) => !p.isLeader).map((p) => p.userId).sort());
    }
  }
  return out;
}

/** The reactor has acted on `position` (an appended event's: the head of the log may still be short of it) and the sessions read model has followed. */
async function caughtUp(position: Position | null): Promise<void> {
  if (position) expect(await services().projections.waitFor(position, [COURSE_SEATS_REACTOR, 'sessions'], 20_000)).toBe(true);
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  tutorId = (await addPerson(api, 'hal.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }])).userId;
  adminId = (await addPerson(api, 'gus.admin@example.com', [{ ecosystemId: w.e1, role: 'SUPER_ADMIN' }])).userId;
  for (const name of ['dee', 'eli', 'fay']) {
    learners.push((await addPerson(api, `${name}.learner@example.com`, [{ ecosystemId: w.e1, role: 'STUDENT' }])).userId);
  }
});

afterAll(async () => {
  await api?.stop();
});

describe('course seats through the reactor', () => {
  it('a crash between the enrolment and its seats ends with the seats once the reactor runs again; a replay writes nothing', async () => {
    const id = await section();
    const series = await seriesOf(id);
    await reactors().pause(COURSE_SEATS_REACTOR);
    const before = (await getReactor(services().ownerPool, COURSE_SEATS_REACTOR))?.position ?? null;
    const enrolled = await command('enrol', id, learners[0]);
    expect((await upcomingLearners(series)).flat()).toEqual([]);
    await reactors().resume(COURSE_SEATS_REACTOR);
    await caughtUp(enrolled);
    expect(await upcomingLearners(series)).toEqual(Array(7).fill([learners[0]]));
    const unenrolled = await command('unenrol', id, learners[0]);
    await caughtUp(unenrolled);
    expect(await upcomingLearners(series)).toEqual(Array(7).fill([]));

    // The same events delivered again (a checkpoint lost): nothing is written, the seat is not taken
    // again by the enrolment only to be dropped again by the unenrolment.
    const events = await api.eventCount();
    await reactors().pause(COURSE_SEATS_REACTOR);
    await services().ownerPool.query('UPDATE projections.reactor_checkpoints SET commit = $2, prepare = $3 WHERE name = $1',
      [COURSE_SEATS_REACTOR, before?.commit.toString() ?? null, before?.prepare.toString() ?? null]);
    await reactors().resume(COURSE_SEATS_REACTOR);
    await caughtUp(unenrolled);
    expect(await api.eventCount()).toBe(events);
    expect(await upcomingLearners(series)).toEqual(Array(7).fill([]));
  });

  it('the page shows the seats at once: the enrol mutation waits for the reactor', async () => {
    const id = await section();
    const res = await api.graphql<{ enrollCourseSection: { sessions: Array<{ participants: Array<{ userId: string }> }> } }>(
      'mutation($s: ID!, $u: ID) { enrollCourseSection(sectionId: $s, userId: $u) { sessions { participants { userId } } } }',
      { s: toGlobalId('CourseSection', id), u: toGlobalId('User', learners[1]) }, { token: w.tokens.admin1, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(res.errors).toBeUndefined();
    expect(res.extensions?.warnings ?? []).toEqual([]);
    const seated = res.data!.enrollCourseSection.sessions.filter((s) => s.participants.some((p) => fromGlobalId(p.userId)?.id === learners[1]));
    expect(seated).toHaveLength(7);
  });

  it('a booking attached later seats the learners already enrolled', async () => {
    const withBooking = await section();
    const [booking] = await seriesOf(withBooking);
    const bare = await section(false);
    await command('enrol', bare, learners[2]);
    await caughtUp(await command('attach', bare, booking));
    expect(await upcomingLearners([booking])).toEqual(Array(7).fill([learners[2]]));
  });

  it('any sequence of enrolments and unenrolments ends with the upcoming seats equal to the enrolment', async () => {
    const step = fc.record({ learner: fc.integer({ min: 0, max: 2 }), enrol: fc.boolean() });
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), fc.nat(8), async (steps, pauseAt) => {
      const id = await section();
      const series = await seriesOf(id);
      let last: Position | null = null;
      for (const [i, s] of steps.entries()) {
        // The reactor stops for the rest of the run at one step: what it missed it does when it runs again.
        if (i === pauseAt) await reactors().pause(COURSE_SEATS_REACTOR);
        try {
          last = await command(s.enrol ? 'enrol' : 'unenrol', id, learners[s.learner]) ?? last;
        } catch (err) {
          // Unenrolling someone not enrolled is refused and records nothing; anything else is a failure.
          if (!(err instanceof DomainError)) throw err;
        }
      }
      await reactors().resume(COURSE_SEATS_REACTOR);
      await caughtUp(last);
      const state = await services().bus.load(courseAggregate, id);
      const enrolled = state.status === 'none' ? [] : [...state.enrolled].sort();
      expect(await upcomingLearners(series)).toEqual(Array(7).fill(enrolled));
    }), { numRuns: 12 });
  });
});
