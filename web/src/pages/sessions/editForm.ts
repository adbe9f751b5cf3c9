/**
 * The edit dialog's rules (docs/decisions/0067), apart from it so they can be tested alone. A
 * session becomes the booking form's draft (bookingForm.ts), the dialog changes that draft with
 * the booking form's own fields, and only what changed is sent: the meeting as a whole when any
 * part of it changed, the people when the viewer may change them, and the recurrence only for all
 * sessions of a series. The booking form's checks apply to what changed, so an untouched field the
 * viewer cannot see (another person's video link) never stops an edit.
 */
import { DateTime } from 'luxon';
import { recurrenceOf, validateBooking, type BookingDraft, type BookingErrors, type BookingField, type MeetingSolutionName, type Repeat, type SessionTypeName } from './bookingForm';
import type { Session } from './sessionOperations';

export interface EditOptions {
  /** The recurrence is edited (scope ALL of a series). */
  recurrence: boolean;
  /** The viewer may change who takes part. */
  people: boolean;
}

const ids = (session: Session, leaders: boolean) => session.participants.filter((p) => p.isLeader === leaders).map((p) => p.userId);

export function draftOfSession(session: Session): BookingDraft {
  const meeting = session.meetingSolution as MeetingSolutionName;
  return {
    programId: session.programId, sessionType: session.sessionType as SessionTypeName, subject: session.subject, description: session.sessionDescription,
    date: session.date, startTime: session.startTime, endTime: session.endTime, timeZoneId: session.timeZoneId,
    repeat: (session.frequency ?? 'NONE') as Repeat, recurringDays: [...session.recurringDays], endBy: session.recurringEndDate ? 'DATE' : 'WEEKS',
    weeksRecurring: session.weeksRecurring ?? 4, recurringEndDate: session.recurringEndDate ?? '',
    meetingSolution: meeting, customUrl: meeting === 'CUSTOM_URL' ? session.joinUrl ?? '' : '',
    locationName: session.physicalSessionOptions?.locationName ?? '', maxStudents: session.maxStudents ?? null,
    tutorIds: ids(session, true), tuteeIds: ids(session, false),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
const meetingChanged = (a: BookingDraft, b: BookingDraft) => a.meetingSolution !== b.meetingSolution
  || (b.meetingSolution === 'CUSTOM_URL' && a.customUrl.trim() !== b.customUrl.trim())
  || (b.meetingSolution === 'IN_PERSON' && a.locationName.trim() !== b.locationName.trim());
const recurrenceChanged = (a: BookingDraft, b: BookingDraft) => JSON.stringify(recurrenceOf(a)) !== JSON.stringify(recurrenceOf(b));
const whenChanged = (a: BookingDraft, b: BookingDraft) => a.date !== b.date || a.startTime !== b.startTime || a.endTime !== b.endTime;

/** The editSessionV3 changes from the session's draft to the edited one. */
export function editChanges(session: Session, before: BookingDraft, after: BookingDraft, options: EditOptions) {
  const changes: Record<string, unknown> = {};
  if (after.subject.trim() !== before.subject) changes.subject = after.subject.trim();
  if (after.description.trim() !== before.description) changes.sessionDescription = after.description.trim();
  for (const key of ['date', 'startTime', 'endTime'] as const) if (after[key] !== before[key]) changes[key] = after[key];
  if (meetingChanged(before, after)) {
    const inPerson = after.meetingSolution === 'IN_PERSON';
    Object.assign(changes, { location: inPerson ? 'IN_PERSON' : 'ONLINE', meetingSolution: after.meetingSolution,
      customUrl: after.meetingSolution === 'CUSTOM_URL' ? after.customUrl.trim() : null, locationName: inPerson ? after.locationName.trim() : null });
  }
  if (after.maxStudents !== before.maxStudents) changes.maxStudents = after.maxStudents;
  if (options.people && !sameSet(before.tutorIds, after.tutorIds)) changes.tutorIds = after.tutorIds;
  if (options.people && !sameSet(before.tuteeIds, after.tuteeIds)) changes.tuteeIds = after.tuteeIds;
  if (options.recurrence && recurrenceChanged(before, after)) {
    const recurrence = recurrenceOf(after);
    // The form has no "every other week": a series' own step is kept.
    changes.recurrence = recurrence && session.weeksRepeat ? { ...recurrence, weeksRepeat: session.weeksRepeat } : recurrence;
  }
  return changes;
}

/** The booking form's checks, for the parts of the session the edit changed. */
export function editErrors(before: BookingDraft, after: BookingDraft, options: EditOptions & { now: DateTime; isAdmin: boolean }): BookingErrors {
  const all = validateBooking(after, options);
  const changed: Record<BookingField, boolean> = {
    programId: false, subject: true, endTime: true,
    date: whenChanged(before, after),
    recurringDays: options.recurrence && recurrenceChanged(before, after),
    recurringEndDate: options.recurrence && recurrenceChanged(before, after),
    customUrl: meetingChanged(before, after), locationName: meetingChanged(before, after),
  };
  return Object.fromEntries(Object.entries(all).filter(([field]) => changed[field as BookingField])) as BookingErrors;
}
