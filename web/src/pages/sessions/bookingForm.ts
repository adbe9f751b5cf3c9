/**
 * The booking form's rules, apart from its fields so they can be tested alone: the spec's
 * validation (section 5: length 15 minutes to 7 hours, a weekday for a weekly series, a valid
 * custom video link, no start in the past for non-admins), the start times offered (the
 * ecosystem's sessionInterval, 15 minutes when it sets none) and the GraphQL input it becomes.
 */
import { DateTime } from 'luxon';
import type { SessionsMessageId } from '../../i18n/sessions.en';

export type SessionTypeName = 'ONE_ON_ONE' | 'DROP_IN' | 'GROUP' | 'ONE_ON_ONE_BREAKOUT' | 'COURSE' | 'MODULE';
export type Repeat = 'NONE' | 'DAILY' | 'WEEKLY' | 'MONTHLY';
export type MeetingSolutionName = 'LESSONSPACE' | 'ZOOM' | 'IN_PERSON' | 'CUSTOM_URL';

export interface BookingDraft {
  programId: string;
  sessionType: SessionTypeName;
  subject: string;
  description: string;
  /** Local date (YYYY-MM-DD) and times (HH:mm) in timeZoneId. */
  date: string;
  startTime: string;
  endTime: string;
  timeZoneId: string;
  repeat: Repeat;
  /** 0 = Sunday ... 6 = Saturday. */
  recurringDays: number[];
  endBy: 'WEEKS' | 'DATE';
  weeksRecurring: number;
  recurringEndDate: string;
  meetingSolution: MeetingSolutionName;
  customUrl: string;
  locationName: string;
  maxStudents: number | null;
  tutorIds: string[];
  tuteeIds: string[];
}

export type BookingField = 'programId' | 'subject' | 'date' | 'endTime' | 'recurringDays' | 'recurringEndDate' | 'customUrl' | 'locationName';
export type BookingErrors = Partial<Record<BookingField, SessionsMessageId>>;

export const MIN_MINUTES = 15;
export const MAX_MINUTES = 7 * 60;
const DEFAULT_STEP = 15;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i;

export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Start and end times offered, a step apart: the ecosystem's sessionInterval, else 15 minutes. */
export function timeOptions(sessionInterval: number): string[] {
  const step = sessionInterval > 0 ? sessionInterval : DEFAULT_STEP;
  const times: string[] = [];
  for (let minute = 0; minute < 24 * 60; minute += step) times.push(clock(minute));
  return times;
}

/** The end a new start suggests: the ecosystem's default length (its first sessionDurations entry, else 30). */
export function endFor(startTime: string, durations: readonly number[]): string {
  const length = durations[0] ?? 30;
  return clock(Math.min(minutesOf(startTime) + length, 24 * 60 - 1));
}

export function isValidMeetingUrl(value: string): boolean {
  return URL_PATTERN.test(value.trim());
}

function timeError(draft: BookingDraft): SessionsMessageId | undefined {
  const length = minutesOf(draft.endTime) - minutesOf(draft.startTime);
  if (length > MAX_MINUTES) return 'sessions.validation.tooLong';
  if (length < MIN_MINUTES) return 'sessions.validation.tooShort';
  return undefined;
}

function startsInPast(draft: BookingDraft, now: DateTime): boolean {
  const start = DateTime.fromISO(`${draft.date}T${draft.startTime}`, { zone: draft.timeZoneId });
  return start.isValid && start < now;
}

/** The fields in error, each with its message; empty when the booking may be sent. */
export function validateBooking(draft: BookingDraft, context: { now: DateTime; isAdmin: boolean }): BookingErrors {
  const errors: BookingErrors = {};
  if (!draft.programId) errors.programId = 'sessions.validation.program';
  if (!draft.subject.trim()) errors.subject = 'sessions.validation.subject';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) errors.date = 'sessions.validation.date';
  else if (!context.isAdmin && startsInPast(draft, context.now)) errors.date = 'sessions.validation.past';
  const time = timeError(draft);
  if (time) errors.endTime = time;
  if (draft.repeat === 'WEEKLY' && draft.recurringDays.length === 0) errors.recurringDays = 'sessions.validation.weekday';
  if (draft.repeat !== 'NONE' && draft.endBy === 'DATE' && !(draft.recurringEndDate >= draft.date)) {
    errors.recurringEndDate = 'sessions.validation.endDate';
  }
  if (draft.meetingSolution === 'CUSTOM_URL' && !isValidMeetingUrl(draft.customUrl)) errors.customUrl = 'sessions.validation.customUrl';
  if (draft.meetingSolution === 'IN_PERSON' && !draft.locationName.trim()) errors.locationName = 'sessions.validation.locationName';
  return errors;
}

export interface RecurrenceInput {
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  recurringDays?: number[];
  weeksRecurring?: number;
  recurringEndDate?: string;
}

export function recurrenceOf(draft: BookingDraft): RecurrenceInput | null {
  if (draft.repeat === 'NONE') return null;
  const until = draft.endBy === 'DATE' ? { recurringEndDate: draft.recurringEndDate } : { weeksRecurring: draft.weeksRecurring };
  const days = draft.repeat === 'WEEKLY' ? { recurringDays: [...draft.recurringDays].sort((a, b) => a - b) } : {};
  return { frequency: draft.repeat, ...days, ...until };
}

/** The createSession / checkSessionConflicts input the draft stands for. */
export function bookingInput(draft: BookingDraft, forceBook = false) {
  const inPerson = draft.meetingSolution === 'IN_PERSON';
  return {
    programId: draft.programId,
    sessionType: draft.sessionType,
    subject: draft.subject.trim(),
    sessionDescription: draft.description.trim() || null,
    date: draft.date,
    startTime: draft.startTime,
    endTime: draft.endTime,
    timeZoneId: draft.timeZoneId,
    recurrence: recurrenceOf(draft),
    location: inPerson ? 'IN_PERSON' as const : 'ONLINE' as const,
    meetingSolution: draft.meetingSolution,
    customUrl: draft.meetingSolution === 'CUSTOM_URL' ? draft.customUrl.trim() : null,
    locationName: inPerson ? draft.locationName.trim() : null,
    maxStudents: draft.maxStudents,
    tutorIds: draft.tutorIds.length > 0 ? draft.tutorIds : null,
    tuteeIds: draft.tuteeIds,
    forceBook: forceBook || null,
  };
}

function weekdayOf(date: string): number | null {
  const day = DateTime.fromISO(date);
  return day.isValid ? day.weekday % 7 : null;
}

/**
 * The draft after a change. A weekly series' days follow the date while they are just the date's
 * own weekday (as a new form starts), so picking a Tuesday books Tuesdays; days chosen by hand stay.
 */
export function withChanges(draft: BookingDraft, changes: Partial<BookingDraft>): BookingDraft {
  const next = { ...draft, ...changes };
  const before = weekdayOf(draft.date);
  const after = weekdayOf(next.date);
  const untouched = draft.recurringDays.length === 1 && draft.recurringDays[0] === before;
  if (changes.date !== undefined && changes.recurringDays === undefined && untouched && after !== null) next.recurringDays = [after];
  return next;
}

/** A new booking starts on the next free step after now, in the given zone. */
export function emptyDraft(options: { now: DateTime; timeZoneId: string; sessionInterval: number; durations: readonly number[]; programId: string; tutorIds: string[] }): BookingDraft {
  const local = options.now.setZone(options.timeZoneId);
  const step = options.sessionInterval > 0 ? options.sessionInterval : DEFAULT_STEP;
  const next = Math.ceil((local.hour * 60 + local.minute + 1) / step) * step;
  const tomorrow = next + (options.durations[0] ?? 30) >= 24 * 60;
  const date = (tomorrow ? local.plus({ days: 1 }) : local).toISODate() ?? '';
  const startTime = clock(tomorrow ? 9 * 60 : next);
  return {
    programId: options.programId, sessionType: 'ONE_ON_ONE', subject: '', description: '', date, startTime,
    endTime: endFor(startTime, options.durations), timeZoneId: options.timeZoneId, repeat: 'NONE',
    recurringDays: [weekdayOf(date) ?? 0], endBy: 'WEEKS', weeksRecurring: 4, recurringEndDate: '',
    meetingSolution: 'LESSONSPACE', customUrl: '', locationName: '', maxStudents: null, tutorIds: options.tutorIds, tuteeIds: [],
  };
}
