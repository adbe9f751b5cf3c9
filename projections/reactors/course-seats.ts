/**
 * Participants follow enrolment (decisions 0061, 0069): when a section records an enrolment or an
 * unenrolment, or gets a new COURSE booking, the learner takes, or leaves, a seat in each of the
 * section's bookings from the first occurrence of each segment that has not started ("this and
 * following"), so ended occurrences and their attendance are never touched. Done by a reactor, not
 * in the request: the section and the bookings are separate aggregates, and a crash between the
 * enrolment and its seats is completed when the reactor runs again.
 *
 * "Already a participant" and "not a participant" are the wanted outcome, not failures. The
 * section is read as of the event (its bookings and learners then); the bookings as they are now.
 */
import { courseEventSchemas } from '../../domain/course/events';
import { courseAggregate } from '../../domain/course/state';
import { IllegalStateError } from '../../domain/shared/errors';
import { dropSession, reserveSessionSeat } from '../../domain/session/handlers';
import type { Occurrence } from '../../domain/session/model';
import { occurrencesOf } from '../../domain/session/occurrences';
import { sessionAggregate } from '../../domain/session/state';
import type { Reactor, ReactorContext } from './types';

export const COURSE_SEATS_REACTOR = 'course_seats';

/** The first occurrence of each segment that starts after `now` and is not cancelled. */
export function firstUpcomingPerSegment(occurrences: readonly Occurrence[], now: Date): Occurrence[] {
  const firsts = new Map<string, Occurrence>();
  for (const o of occurrences) {
    // occurrencesOf sorts by start then id: the first seen per segment is the one wanted.
    if (!o.cancelled && Date.parse(o.startAt) > now.getTime() && !firsts.has(o.segmentId)) firsts.set(o.segmentId, o);
  }
  return [...firsts.values()];
}

async function ignoring(code: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (e) {
    if (!(e instanceof IllegalStateError && e.conflictType === code)) throw e;
  }
}

/** Seats (`reason` undefined) or drops of one learner in the given bookings. */
async function follow(ctx: ReactorContext, seriesIds: readonly string[], userId: string, reason?: string | null): Promise<void> {
  for (const seriesId of seriesIds) {
    const booking = await ctx.stateAt(sessionAggregate, seriesId);
    for (const first of firstUpcomingPerSegment(occurrencesOf(booking), ctx.now())) {
      const base = { seriesId, occurrenceId: first.id, scope: 'SINGLE_AND_FOLLOWING' as const, userId };
      // The key names the effect, not the occurrence: a replay later (another first occurrence) is still the same effect.
      const key = `${reason === undefined ? 'seat' : 'drop'}:${seriesId}:${first.segmentId}:${userId}`;
      if (reason === undefined) {
        await ignoring('ALREADY_PARTICIPANT', () => ctx.execute(reserveSessionSeat, { ...base, userType: 'STUDENT', isPaired: false }, key));
      } else {
        await ignoring('NOT_PARTICIPANT', () => ctx.execute(dropSession, { ...base, reason }, key));
      }
    }
  }
}

async function sectionAt(ctx: ReactorContext, sectionId: string): Promise<{ seriesIds: string[]; enrolled: string[] }> {
  const state = await ctx.stateAt(courseAggregate, sectionId);
  return state.status === 'none' ? { seriesIds: [], enrolled: [] } : state;
}

export const courseSeatsReactor: Reactor = {
  name: COURSE_SEATS_REACTOR,
  handlers: {
    // The store delivers only events that passed these schemas; parsing here gives them their types.
    async CourseEnrolled(event, ctx) {
      const { sectionId, userId } = courseEventSchemas.CourseEnrolled.parse(event.data);
      await follow(ctx, (await sectionAt(ctx, sectionId)).seriesIds, userId);
    },
    async CourseUnenrolled(event, ctx) {
      const { sectionId, userId, reason } = courseEventSchemas.CourseUnenrolled.parse(event.data);
      await follow(ctx, (await sectionAt(ctx, sectionId)).seriesIds, userId, reason);
    },
    async CourseSessionsAttached(event, ctx) {
      const { sectionId, seriesId } = courseEventSchemas.CourseSessionsAttached.parse(event.data);
      for (const userId of (await sectionAt(ctx, sectionId)).enrolled) await follow(ctx, [seriesId], userId);
    },
  },
};
