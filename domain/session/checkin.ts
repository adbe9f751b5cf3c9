/**
 * A leader's own check-in and check-out (docs/decisions/0066): commands and their decisions. The
 * first check-in is kept and so is the first check-out (a repeat records nothing); an admin's
 * correction (`time`) replaces the recorded time. Window and who may ask: checkin-rules.ts.
 */
import { z } from 'zod';
import type { CommandContext } from '../shared/decider';
import { zodMessage as zm } from '../shared/i18n';
import { commonMessages } from '../shared/messages';
import { IllegalStateError, ValidationError } from '../shared/errors';
import { checkInMessages as c } from './checkin-rules';
import type { SessionEvent } from './events';
import { sessionMessages as m } from './messages';
import type { Attendance, Occurrence } from './model';
import { findOccurrence, scheduled } from './select';
import type { SessionState } from './state';

const id = z.uuid({ error: zm(commonMessages.invalidValue) });

/** `time`: an admin's correction (the API lets only admins give it); otherwise the command's own time. */
export const checkInToSessionInput = z.object({
  seriesId: id, occurrenceId: id, userId: id, time: z.iso.datetime({ offset: true }).nullable().default(null),
});
export const checkOutOfSessionInput = checkInToSessionInput;

export type CheckInToSessionInput = z.infer<typeof checkInToSessionInput>;
export type CheckOutOfSessionInput = z.infer<typeof checkOutOfSessionInput>;

export type CheckInCommand =
  | { type: 'CheckInToSession'; data: CheckInToSessionInput }
  | { type: 'CheckOutOfSession'; data: CheckOutOfSessionInput };

/** The occurrence and the leader's attendance so far; refused for cancelled or pending sessions and non-leaders. */
function leaderAttendance(input: CheckInToSessionInput, state: SessionState): { s: { seriesId: string }; occurrence: Occurrence; attendance: Attendance } {
  const s = scheduled(state);
  const { occurrence } = findOccurrence(s, input.occurrenceId);
  if (occurrence.cancelled) throw new IllegalStateError(m.cancelled, 'CANCELLED');
  if (occurrence.pending) throw new IllegalStateError(c.pending, 'PENDING');
  const person = occurrence.participants.find((p) => p.userId === input.userId);
  if (!person) throw new IllegalStateError(m.notParticipant, 'NOT_PARTICIPANT');
  if (!person.isLeader) throw new IllegalStateError(c.notLeader, 'NOT_LEADER');
  return { s, occurrence, attendance: person.attendance };
}

function timeOf(input: CheckInToSessionInput, ctx: CommandContext): string {
  const time = new Date(Date.parse(input.time ?? ctx.now)).toISOString();
  if (Date.parse(time) > Date.parse(ctx.now)) throw ValidationError.forField('time', c.futureTime);
  return time;
}

export function checkInToSession(input: CheckInToSessionInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const { s, occurrence, attendance } = leaderAttendance(input, state);
  const corrected = input.time !== null;
  const time = timeOf(input, ctx);
  if (attendance.checkedInTime !== null && (!corrected || attendance.checkedInTime === time)) return [];
  if (attendance.checkedOutTime !== null && time > attendance.checkedOutTime) throw new IllegalStateError(c.inAfterOut, 'AFTER_CHECK_OUT');
  return [{ type: 'SessionCheckedIn', data: { seriesId: s.seriesId, occurrenceId: occurrence.id, userId: input.userId, checkedInTime: time, corrected, at: ctx.now } }];
}

export function checkOutOfSession(input: CheckOutOfSessionInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const { s, occurrence, attendance } = leaderAttendance(input, state);
  const corrected = input.time !== null;
  const time = timeOf(input, ctx);
  if (attendance.checkedInTime === null) throw new IllegalStateError(c.notCheckedIn, 'NOT_CHECKED_IN');
  if (attendance.checkedOutTime !== null && (!corrected || attendance.checkedOutTime === time)) return [];
  if (time < attendance.checkedInTime) throw new IllegalStateError(c.outBeforeIn, 'BEFORE_CHECK_IN');
  return [{ type: 'SessionCheckedOut', data: { seriesId: s.seriesId, occurrenceId: occurrence.id, userId: input.userId, checkedOutTime: time, corrected, at: ctx.now } }];
}
