/**
 * When and by whom a leader's check-in or check-out may be recorded (docs/decisions/0066). Pure:
 * the API gathers the facts (the program's switches, the viewer) and asks these before dispatching;
 * the decider (checkin.ts) checks what depends on the booking's state.
 */
import { DateTime } from 'luxon';
import { defineMessages } from '../shared/i18n';
import type { Message } from '../shared/i18n';
import type { LocalDate } from './model';

/** English; Spanish in api/i18n/es/session-checkin.ts. */
export const checkInMessages = defineMessages('session.checkIn', {
  notAllowed: 'This program does not use tutor check-in.',
  notLeader: 'Only the tutors of a session check in and out.',
  others: 'You can check in and out only yourself.',
  timeAdminsOnly: 'Only admins can record a check-in or check-out at another time.',
  futureTime: 'A corrected time cannot be in the future.',
  tooEarly: 'You can check in from {minutes, number} minutes before the session starts.',
  tooLate: 'Check-in and check-out close {hours, number} hours after the session ends.',
  onlyToday: 'You can check in only to today\'s sessions.',
  pending: 'This session is awaiting approval.',
  notCheckedIn: 'Check in before checking out.',
  outBeforeIn: 'A check-out cannot be before the check-in.',
  inAfterOut: 'A check-in cannot be after the check-out.',
});

/** How long after a session's end its leaders may still check in or out (a forgotten check-out, a late record). */
export const CHECK_IN_HOURS_AFTER_END = 6;

export interface CheckInWindow {
  startAt: string;
  endAt: string;
  /** The session's local date and zone (onlyJoinSessionsToday). */
  date: LocalDate;
  timeZoneId: string;
  /** The program's sessionJoinMinutesPrior. */
  minutesPrior: number;
  /** The ecosystem's onlyJoinSessionsToday; applies to checking in, not out (a session may end after midnight). */
  onlyToday: boolean;
}

export type CheckAction = 'in' | 'out';

export interface WindowRefusal { message: Message; code: 'TOO_EARLY' | 'TOO_LATE' | 'NOT_TODAY' }

/**
 * Why `instant` is outside the window for `action`, or null when inside: from minutesPrior before
 * the start until CHECK_IN_HOURS_AFTER_END after the end, and for a check-in with onlyToday, only on
 * the session's own local date.
 */
export function checkInWindowRefusal(w: CheckInWindow, instant: string, action: CheckAction): WindowRefusal | null {
  const t = Date.parse(instant);
  if (t < Date.parse(w.startAt) - w.minutesPrior * 60_000) return { message: checkInMessages.tooEarly({ minutes: w.minutesPrior }), code: 'TOO_EARLY' };
  if (t > Date.parse(w.endAt) + CHECK_IN_HOURS_AFTER_END * 3_600_000) {
    return { message: checkInMessages.tooLate({ hours: CHECK_IN_HOURS_AFTER_END }), code: 'TOO_LATE' };
  }
  if (action === 'in' && w.onlyToday && DateTime.fromMillis(t, { zone: w.timeZoneId }).toISODate() !== w.date) {
    return { message: checkInMessages.onlyToday, code: 'NOT_TODAY' };
  }
  return null;
}

export interface CheckInActor {
  viewerId: string;
  /** Platform admin, the ecosystem's SUPER_ADMIN or the program's PROGRAM_ADMIN (policy isSessionAdmin). */
  isAdmin: boolean;
}

export type CheckInVerdict = { allowed: true } | { allowed: false; message: Message };

/**
 * Leaders (`leads`: the viewer leads the session as the read model shows it) check themselves in;
 * admins may record it for anyone, and only admins may give a time other than now (a correction).
 * The decider still refuses a person who does not lead the occurrence when the command runs.
 */
export function canRecordCheckIn(actor: CheckInActor, userId: string, correcting: boolean, leads: boolean): CheckInVerdict {
  if (actor.isAdmin) return { allowed: true };
  if (userId !== actor.viewerId) return { allowed: false, message: checkInMessages.others };
  if (!leads) return { allowed: false, message: checkInMessages.notLeader };
  return correcting ? { allowed: false, message: checkInMessages.timeAdminsOnly } : { allowed: true };
}
