/**
 * checkSessionConflicts and getTutorAvailabilityForDay (schema/sessions.graphql; decision 0057).
 * Both read only: the first answers what createSession would refuse, the second what a booking
 * page shows for a tutor's day. Everything is read under the reader's row-level security, so
 * another ecosystem's people and sessions are not there to count or show.
 */
import { IANAZone } from 'luxon';
import { hoursForDay, startOfDay, addDays, wallClock, type TimeRange } from '../../domain/session/conflicts-time';
import { expandSchedule } from '../../domain/session/recurrence';
import { validateSchedule } from '../../domain/session/schedule';
import { sessionMessages } from '../../domain/session/messages';
import type { Schedule } from '../../domain/session/model';
import { NotFoundError, UnauthenticatedError, ValidationError } from '../../domain/shared/errors';
import { isUuid } from '../../domain/shared/ids';
import { programMessages } from '../../domain/program/messages';
import { conflictMessages } from '../../domain/session/conflict-messages';
import type { PoolClient } from 'pg';
import { getEcosystemById, getProgramById } from '../../projections/tenants/queries';
import { ownProfile } from '../../projections/users';
import type { CreateSessionInput, Resolvers } from '../__generated__/resolvers';
import type { RequestContext, Viewer } from '../context';
import { apiMessages } from '../i18n/messages';
import { idOf } from '../relay';
import { loadPeople, personFacts } from './conflict-facts';
import { authorizeCreateSession } from './access';
import { conflictsForBooking, type BookingToCheck } from './conflicts';

function viewerOf(ctx: RequestContext): Viewer {
  if (!ctx.viewer) throw new UnauthenticatedError();
  return ctx.viewer;
}

export function rawId(type: string, value: string, field: string): string {
  const id = idOf(type, value);
  if (!isUuid(id)) throw ValidationError.forField(field, apiMessages.invalidGlobalId);
  return id;
}

/** Minutes from start to end; an end at or before the start is on the next day (a session across midnight). */
function durationOf(startTime: string, endTime: string): number {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const diff = minutes(endTime) - minutes(startTime);
  return diff > 0 ? diff : diff + 24 * 60;
}

/** The booking's schedule as the domain validates and expands it (zone already chosen). */
export function scheduleFromInput(input: Pick<CreateSessionInput, 'date' | 'startTime' | 'endTime' | 'recurrence'>, timeZoneId: string): Schedule {
  const r = input.recurrence;
  const schedule: Schedule = {
    timeZoneId, startDate: input.date, startTime: input.startTime, durationMinutes: durationOf(input.startTime, input.endTime),
    recurrence: r ? {
      frequency: r.frequency, interval: r.weeksRepeat ?? 1, recurringDays: r.recurringDays ?? [], weeks: r.weeksRecurring ?? null, endDate: r.recurringEndDate ?? null,
    } : null,
  };
  if (!/^\d{2}:\d{2}$/.test(input.endTime)) throw ValidationError.forField('input.endTime', sessionMessages.invalidTime);
  validateSchedule(schedule, 'input');
  return schedule;
}

/** The booker's zone, else the ecosystem's first supported zone (schema: CreateSessionInput.timeZoneId). */
async function defaultZone(client: PoolClient, userId: string, ecosystemId: string): Promise<string> {
  const own = (await ownProfile(client, userId)).profile.timeZoneId;
  if (own) return own;
  return (await getEcosystemById(client, ecosystemId))?.supportedTimezones[0]?.id ?? 'UTC';
}

/**
 * A breakout room's own lesson is not a clash (decision 0067): for a ONE_ON_ONE_BREAKOUT booking,
 * the GROUP sessions one of its leaders leads and one of its learners takes, at exactly the time of
 * one of its occurrences. One statement; an empty list for every other kind of booking.
 */
async function lessonsOfRoom(client: PoolClient, booking: Pick<BookingToCheck, 'ecosystemId' | 'occurrences' | 'tutorIds' | 'tuteeIds'>): Promise<string[]> {
  if (booking.tutorIds.length === 0 || booking.tuteeIds.length === 0) return [];
  const r = await client.query<{ id: string }>(
    `SELECT s.id FROM read.sessions s
      WHERE s.ecosystem_id = $1 AND s.session_type = 'GROUP' AND NOT s.cancelled
        AND (s.start_at, s.end_at) IN (SELECT * FROM unnest($2::timestamptz[], $3::timestamptz[]))
        AND EXISTS (SELECT 1 FROM read.session_participants p WHERE p.session_id = s.id AND p.is_leader AND p.user_id = ANY ($4::uuid[]))
        AND EXISTS (SELECT 1 FROM read.session_participants p WHERE p.session_id = s.id AND NOT p.is_leader AND p.user_id = ANY ($5::uuid[]))`,
    [booking.ecosystemId, booking.occurrences.map((o) => o.startAt), booking.occurrences.map((o) => o.endAt), booking.tutorIds, booking.tuteeIds]);
  return r.rows.map((row) => row.id);
}

/**
 * The booking a CreateSessionInput describes: its zone, occurrences and people (the booker leads
 * when they are a tutor there), with the validated schedule they were expanded from; a breakout
 * room leaves its lesson out of its conflicts.
 */
export async function bookingFromInput(ctx: RequestContext, input: CreateSessionInput): Promise<BookingToCheck & { schedule: Schedule }> {
  const viewer = viewerOf(ctx);
  const programId = rawId('Program', input.programId, 'input.programId');
  const tutorIds = (input.tutorIds ?? []).map((id, i) => rawId('User', id, `input.tutorIds.${i}`));
  const tuteeIds = (input.tuteeIds ?? []).map((id, i) => rawId('User', id, `input.tuteeIds.${i}`));
  const { program, zone } = await ctx.read(async (client) => {
    const found = await getProgramById(client, programId);
    return { program: found, zone: found ? input.timeZoneId ?? await defaultZone(client, viewer.userId, found.ecosystemId) : '' };
  });
  if (!program) throw new NotFoundError(programMessages.notFound);
  const leads = viewer.roles.some((r) => r.ecosystemId === program.ecosystemId && r.role === 'LEADER' && r.programId === programId);
  const schedule = scheduleFromInput(input, zone);
  const booking = {
    ecosystemId: program.ecosystemId, programId, timeZoneId: zone, schedule,
    occurrences: expandSchedule(schedule).map((o) => ({ date: o.originalDate, startAt: o.startAt, endAt: o.endAt })),
    tutorIds: input.tutorIds ? tutorIds : leads ? [viewer.userId] : [], tuteeIds,
  };
  if (input.sessionType !== 'ONE_ON_ONE_BREAKOUT') return booking;
  return { ...booking, excludeSessionIds: await ctx.read((client) => lessonsOfRoom(client, booking)) };
}

/** A tutor's day: their hours and their sessions, as `timeZoneId` (default: theirs) reads that date. */
async function tutorDay(ctx: RequestContext, args: { tutorId: string; date: string; timeZoneId?: string | null }) {
  viewerOf(ctx);
  const tutorId = rawId('User', args.tutorId, 'tutorId');
  if (args.timeZoneId && !IANAZone.isValidZone(args.timeZoneId)) throw ValidationError.forField('timeZoneId', sessionMessages.invalidTimeZone);
  return ctx.read(async (client) => {
    const person = (await loadPeople(client, null, [tutorId])).get(tutorId);
    if (!person) throw new NotFoundError(conflictMessages.personNotFound);
    const facts = personFacts(person, []);
    const zone = args.timeZoneId ?? facts.timeZoneId ?? 'UTC';
    const dayStart = startOfDay(args.date, zone);
    const dayEnd = startOfDay(addDays(args.date, 1), zone);
    const busy = await client.query<{ start_at: Date; end_at: Date }>(
      `SELECT start_at, end_at FROM read.session_participants
        WHERE user_id = $1 AND start_at < $3 AND start_at >= $2::timestamptz - interval '1 day' AND end_at > $2 AND NOT cancelled
        ORDER BY start_at`, [tutorId, new Date(dayStart), new Date(dayEnd)]);
    const toRange = (s: number, e: number): TimeRange => ({
      startTime: wallClock(Math.max(s, dayStart), zone), endTime: e >= dayEnd ? '24:00' : wallClock(e, zone),
    });
    return {
      date: args.date, timeZoneId: zone,
      available: hoursForDay(args.date, zone, facts.timeZoneId ?? zone, facts.availableHours, facts.availabilityOverrides),
      busy: busy.rows.map((r) => toRange(r.start_at.getTime(), r.end_at.getTime())),
    };
  });
}

export const sessionConflictResolvers: Resolvers = {
  Query: {
    checkSessionConflicts: async (_root, { input }, ctx) => {
      const booking = await bookingFromInput(ctx, input);
      // Only someone who may book it learns its conflicts (they name other people's sessions).
      // Pairing is not known here: the booking mutation's own check decides tutorAddNonPairedUsers.
      await authorizeCreateSession(ctx, {
        ecosystemId: booking.ecosystemId, programId: booking.programId, sessionType: input.sessionType,
        leaders: booking.tutorIds, learners: booking.tuteeIds.map((userId) => ({ userId, isPaired: true })),
      });
      return conflictsForBooking(ctx, booking);
    },
    getTutorAvailabilityForDay: (_root, args, ctx) => tutorDay(ctx, args),
  },
};
