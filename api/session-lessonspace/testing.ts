/** Bookings for the Lessonspace tests: one-off sessions in UTC, booked and given their room through the command bus. */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { cancelSession, scheduleSession, setSessionMeetingRoom } from '../../domain/session/handlers';
import { occurrenceId, type MeetingSolution } from '../../domain/session/model';
import { spaceIdOf } from '../../infra/meetings/lessonspace';
import { SESSIONS_PROJECTION } from '../../projections/sessions';
import type { TestApi } from '../../tests/setup/api';
import { SYSTEM_ACTOR } from '../auth/seed';
import { toGlobalId } from '../relay';

export interface Booked { seriesId: string; rawId: string; id: string; startAt: string; endAt: string }

async function dispatch(api: TestApi, handler: Parameters<TestApi['platform']['services']['bus']['dispatch']>[0], input: unknown): Promise<void> {
  const { bus, projections, config } = api.platform.services;
  const result = await bus.dispatch(handler, input, { actor: SYSTEM_ACTOR, commandId: randomUUID(), now: new Date().toISOString() });
  if (result.position) await projections.waitFor(result.position, [SESSIONS_PROJECTION], config.PROJECTION_WAIT_MS);
}

/**
 * A one-hour session starting `minutesFromNow` (negative: already started), with a tutor and a
 * student; LESSONSPACE sessions get their series' space as their room unless `room` is false.
 */
export async function book(api: TestApi, o: { ecosystemId: string; programId: string; tutorId: string; studentId: string; minutesFromNow: number;
  solution?: MeetingSolution; room?: boolean }): Promise<Booked> {
  const seriesId = randomUUID();
  const start = DateTime.utc().plus({ minutes: o.minutesFromNow }).startOf('minute');
  const solution = o.solution ?? 'LESSONSPACE';
  await dispatch(api, scheduleSession, {
    seriesId, ecosystemId: o.ecosystemId, actorIsAdmin: true,
    schedule: { timeZoneId: 'UTC', startDate: start.toISODate(), startTime: start.toFormat('HH:mm'), durationMinutes: 60, recurrence: null },
    details: { sessionType: 'ONE_ON_ONE', programId: o.programId, subject: 'Chemistry', location: 'ONLINE', meeting: { solution } },
    participants: [
      { userId: o.tutorId, userType: 'TUTOR', isLeader: true, isPaired: true },
      { userId: o.studentId, userType: 'STUDENT', isLeader: false, isPaired: true },
    ],
  });
  if (solution === 'LESSONSPACE' && o.room !== false) {
    await dispatch(api, setSessionMeetingRoom, { seriesId, segmentId: seriesId, url: 'https://go.room.sh/?space=test', roomId: spaceIdOf(seriesId) });
  }
  const rawId = occurrenceId(seriesId, start.toISODate()!);
  return { seriesId, rawId, id: toGlobalId('Session', rawId), startAt: start.toISO()!, endAt: start.plus({ hours: 1 }).toISO()! };
}

export async function cancel(api: TestApi, b: Booked): Promise<void> {
  await dispatch(api, cancelSession, { seriesId: b.seriesId, occurrenceId: b.rawId, scope: 'SINGLE', reason: 'Ill' });
}
