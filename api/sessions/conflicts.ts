/**
 * A booking's conflicts as the API answers them (docs/decisions/0057-booking-conflicts.md):
 * `conflictsForBooking` is what createSession, editSessionV3 and checkSessionConflicts call. It
 * loads the facts in one read (api/sessions/conflict-facts.ts), runs the pure check
 * (domain/session/conflicts.ts) and words each conflict in the reader's language.
 */
import type { BookingOccurrence, Conflict } from '../../domain/session/conflicts';
import { findConflicts } from '../../domain/session/conflicts';
import type { TimeRange } from '../../domain/session/conflicts-time';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { ecosystemMessages } from '../../domain/ecosystem/messages';
import { conflictMessages } from '../../domain/session/conflict-messages';
import { isSessionAdmin } from '../../domain/session/policy';
import type { RequestContext, Viewer } from '../context';
import { translate } from '../i18n/catalogue';
import { toGlobalId } from '../relay';
import { loadConflictFacts } from './conflict-facts';

export interface BookingToCheck {
  ecosystemId: string;
  programId: string;
  /** The zone the occurrences' local dates are in. */
  timeZoneId: string;
  /** Every occurrence the booking would create or move (for an edit: the edited ones, as they would be). */
  occurrences: BookingOccurrence[];
  /** Raw user ids. */
  tutorIds: string[];
  tuteeIds: string[];
  /** Occurrence ids an edit replaces: their own rows are not "another session". */
  excludeSessionIds?: string[];
}

/** A conflict as the SessionConflict type answers it. */
export interface SessionConflictAnswer {
  type: Conflict['type'];
  description: string;
  date: string;
  startAt: string;
  /** Global id of the person, null for the ecosystem's rules. */
  userId: string | null;
  dayAvailability: TimeRange[];
  remainingMinutes: number | null;
  totalMinutes: number | null;
}

/**
 * Who books as an admin (spec section 6: they ignore the advance limits, and only they may
 * force-book): the session policy's admins (platform admins, the ecosystem's SUPER_ADMIN, the
 * program's PROGRAM_ADMIN).
 */
export function booksAsAdmin(viewer: Viewer | null, ecosystemId: string, programId: string): boolean {
  return viewer !== null && isSessionAdmin(viewer, { ecosystemId, programId });
}

/**
 * Every conflict of every occurrence of the booking, worded in the reader's language. Refuses
 * (BAD_USER_INPUT on tutorIds/tuteeIds) a participant who is not a member of the ecosystem or whom
 * the reader may not see, and answers NOT_FOUND when the reader cannot see the ecosystem.
 */
export async function conflictsForBooking(ctx: RequestContext, booking: BookingToCheck): Promise<SessionConflictAnswer[]> {
  const conflicts = await rawConflictsForBooking(ctx, booking);
  return conflicts.map((c) => toAnswer(ctx, c));
}

/** The same, as the domain's conflicts (description still a keyed message): for callers that record them. */
export async function rawConflictsForBooking(ctx: RequestContext, booking: BookingToCheck): Promise<Conflict[]> {
  const check = {
    timeZoneId: booking.timeZoneId, programId: booking.programId, occurrences: booking.occurrences,
    tutorIds: booking.tutorIds, tuteeIds: booking.tuteeIds,
    bookedByAdmin: booksAsAdmin(ctx.viewer, booking.ecosystemId, booking.programId), now: ctx.services.clock().toISOString(),
  };
  const facts = await ctx.read((client) => loadConflictFacts(client, {
    ecosystemId: booking.ecosystemId, booking: check, excludeSessionIds: booking.excludeSessionIds ?? [],
  }));
  if (!facts) throw new NotFoundError(ecosystemMessages.notFound);
  if (facts.unknownUserIds.length) {
    const field = booking.tutorIds.includes(facts.unknownUserIds[0]) ? 'input.tutorIds' : 'input.tuteeIds';
    throw ValidationError.forField(field, conflictMessages.notInEcosystem);
  }
  return findConflicts(check, facts.rules, facts.people);
}

export function toAnswer(ctx: Pick<RequestContext, 'locale'>, c: Conflict): SessionConflictAnswer {
  return {
    type: c.type, description: translate(c.description, ctx.locale), date: c.date, startAt: c.startAt,
    userId: c.userId ? toGlobalId('User', c.userId) : null, dayAvailability: c.dayAvailability,
    remainingMinutes: c.remainingMinutes, totalMinutes: c.totalMinutes,
  };
}

/**
 * What createSession and editSessionV3 do with a booking's conflicts (spec: "optional force-book
 * overrides conflicts"): without conflicts they book; with conflicts they book nothing and answer
 * them, unless an admin (booksAsAdmin) asked to force the booking, which is then recorded as
 * forceBooked. Anyone else asking to force is FORBIDDEN before anything is checked or written.
 */
export function forceBookAllowed(ctx: Pick<RequestContext, 'viewer'>, booking: Pick<BookingToCheck, 'ecosystemId' | 'programId'>, forceBook: boolean | null | undefined): boolean {
  if (!forceBook) return false;
  if (!booksAsAdmin(ctx.viewer, booking.ecosystemId, booking.programId)) throw new ForbiddenError(conflictMessages.forceBookAdminsOnly);
  return true;
}

export type BookingOutcome = { book: true; forceBooked: boolean } | { book: false };

export function bookingOutcome(conflicts: readonly unknown[], forced: boolean): BookingOutcome {
  if (conflicts.length === 0) return { book: true, forceBooked: false };
  return forced ? { book: true, forceBooked: true } : { book: false };
}
