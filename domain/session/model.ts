/**
 * The session model (issue 8, docs/decisions/0055-sessions-series-and-occurrences.md): the
 * shapes shared by the Session aggregate (domain/session), its read model (projections/sessions)
 * and the API (api/sessions). This file is the contract between them.
 *
 * - A booking is one stream, `session-<seriesId>`. A one-off session is a series with one
 *   occurrence; a recurring booking is a series of one or more segments.
 * - A segment is what the spec calls a recurring series (`recurringSessionId` is its id): one rule
 *   (schedule), one set of details and one participant list. "This and following" ends a segment
 *   before the chosen occurrence and starts a new segment there, in the same stream, so earlier
 *   occurrences and their attendance are untouched and the whole booking stays one consistency
 *   boundary (the stream revision decides concurrent seat bookings).
 * - An occurrence is one session (spec section 3, Session). Its id is derived from its segment and
 *   the local date the rule generated it on (`occurrenceId`), so expanding the rule again, in the
 *   domain, in a projection rebuild or in a test, gives the same ids. A SINGLE edit that moves an
 *   occurrence to another day keeps its id.
 * - The aggregate state keeps the segments and the per-occurrence exceptions; `occurrencesOf(state)`
 *   (domain/session/occurrences.ts) expands them into `Occurrence`s, which the projection writes as
 *   rows. Time-dependent statuses (UPCOMING, RECENTLY_COMPLETED, COMPLETED) are derived when read.
 */
import type { OccurrenceCompletion, ParticipantFeedback } from './completion-events';
import { v5 as uuidv5 } from 'uuid';

export const SESSION_TYPES = ['ONE_ON_ONE', 'DROP_IN', 'GROUP', 'ONE_ON_ONE_BREAKOUT', 'COURSE', 'MODULE'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];
export const SESSION_LOCATIONS = ['ONLINE', 'IN_PERSON'] as const;
export type SessionLocation = (typeof SESSION_LOCATIONS)[number];
export const MEETING_SOLUTIONS = ['LESSONSPACE', 'ZOOM', 'IN_PERSON', 'CUSTOM_URL'] as const;
export type MeetingSolution = (typeof MEETING_SOLUTIONS)[number];
export const PARTICIPANT_TYPES = ['STUDENT', 'TUTOR', 'ADMIN', 'TEACHER', 'PARENT', 'STAFF'] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number];
export const EDIT_SCOPES = ['SINGLE', 'SINGLE_AND_FOLLOWING', 'ALL'] as const;
export type EditScope = (typeof EDIT_SCOPES)[number];
export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** Spec section 4; UPCOMING, RECENTLY_COMPLETED and COMPLETED are derived from the clock when read. */
export const SESSION_STATUSES = ['UPCOMING', 'PENDING', 'RECENTLY_COMPLETED', 'COMPLETED', 'CANCELLED', 'ERROR'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Local calendar date `YYYY-MM-DD` and local wall time `HH:mm`, both in the schedule's zone. */
export type LocalDate = string;
export type LocalTime = string;

/**
 * How a segment repeats. Occurrences fall on local dates from the schedule's start date on:
 * - DAILY: every `interval` days;
 * - WEEKLY: on `recurringDays` (0 = Sunday ... 6 = Saturday; spec: weeks start on Sunday) of every
 *   `interval`-th week (`weeksRepeat`), counting weeks from the start date's week;
 * - MONTHLY: on the start date's day of the month, every `interval` months; in a month without that
 *   day, on its last day (the spec clamps days to the month's length).
 * It ends after `weeks` weeks (`weeksRecurring`: the occurrences on dates before start + 7 x weeks
 * days) or on `endDate` (inclusive, `recurringEndDate`), whichever the booking gave; never more than
 * MAX_OCCURRENCES occurrences or MAX_SERIES_DAYS days after the start date.
 */
export interface Recurrence {
  frequency: Frequency;
  interval: number;
  recurringDays: number[];
  weeks: number | null;
  endDate: LocalDate | null;
}
export const MAX_OCCURRENCES = 366;
export const MAX_SERIES_DAYS = 366;

/**
 * When a segment's occurrences happen: the wall-clock time is fixed in `timeZoneId` through
 * daylight-saving changes; a wall time that does not exist on a day moves forward by the gap; an
 * ambiguous one takes the first (earlier) instant.
 */
export interface Schedule {
  timeZoneId: string;
  startDate: LocalDate;
  startTime: LocalTime;
  durationMinutes: number;
  recurrence: Recurrence | null;
}

export interface MeetingDetails {
  solution: MeetingSolution;
  /** CUSTOM_URL: the link the booker gave (validated); LESSONSPACE/ZOOM: the room's join link once created. */
  url: string | null;
  /** LESSONSPACE room id or ZOOM meeting id, once created. */
  roomId: string | null;
  /** IN_PERSON: where (spec physicalSessionOptions). */
  locationName: string | null;
  locationPoint: { lng: number; lat: number } | null;
}

/** What a session is, apart from when and who. */
export interface SessionDetails {
  sessionType: SessionType;
  programId: string;
  subject: string;
  subjectId: string | null;
  sessionDescription: string;
  location: SessionLocation;
  meeting: MeetingDetails;
  /** Seats for learners (GROUP, DROP_IN, COURSE, breakout); null means no limit. */
  maxStudents: number | null;
  gradeLevels: string[];
  schools: string[];
  isPaid: boolean;
  /** Cents, when paid. */
  tutoringAmount: number | null;
  customProperties: { key: string; value: string }[];
  courseSectionId: string | null;
}

export interface Participant {
  userId: string;
  userType: ParticipantType;
  /** Leaders (tutors, teachers, staff running it) against learners (students; parents for them). */
  isLeader: boolean;
  isPaired: boolean;
}

export interface Attendance {
  joinedTime: string | null;
  /** Minutes after the start the participant first joined (negative: early). */
  joinedTimeDelta: number | null;
  leftTime: string | null;
  isFallbackJoin: boolean;
  /** A leader's own check-in and check-out (decision 0066); a check-in counts as attendance like a join. */
  checkedInTime: string | null;
  checkedOutTime: string | null;
}

/** One session: what the projection stores as a row of read.sessions with its participants. */
export interface Occurrence {
  id: string;
  seriesId: string;
  segmentId: string;
  /** Whether the segment repeats (the spec's recurringSessionId is then `segmentId`). */
  recurring: boolean;
  ecosystemId: string;
  /** The local date the rule generated it on (its identity); `date` is where it is now. */
  originalDate: LocalDate;
  date: LocalDate;
  startTime: LocalTime;
  timeZoneId: string;
  durationMinutes: number;
  /** ISO-8601 instants. */
  startAt: string;
  endAt: string;
  details: SessionDetails;
  cancelled: boolean;
  cancelReason: string | null;
  /** Awaiting an admin's or the tutor's approval (adminUpdateOneOrManyPendingSessions). */
  pending: boolean;
  participants: (Participant & { attendance: Attendance })[];
  createdBy: string;
  forceBooked: boolean;
  /** ISO instant of the last event that changed this occurrence. */
  lastModified: string;
  /** Decision 0074: how it went, recorded by the session-timers tick after its end and grace minutes; absent before. */
  completion?: OccurrenceCompletion;
  /** Decision 0074: post-session feedback by participant id. */
  feedback?: Record<string, ParticipantFeedback>;
}

const OCCURRENCE_NAMESPACE = '6f1c2a4e-0c53-4c1e-9a55-8d6e7b1a2f30';

/** The id of the occurrence a segment's rule generates on a local date. */
export function occurrenceId(segmentId: string, originalDate: LocalDate): string {
  return uuidv5(`session-occurrence/${segmentId}/${originalDate}`, OCCURRENCE_NAMESPACE);
}
