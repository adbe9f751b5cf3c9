/**
 * Events of the Session aggregate (stream `session-<seriesId>`, docs/decisions/0055): a booking's
 * segments (each a schedule, details and participants, possibly in versions from a local date on)
 * and the facts about single occurrences, by occurrence id.
 */
import { z } from 'zod';
import { MEETING_SOLUTIONS, PARTICIPANT_TYPES, SESSION_LOCATIONS, SESSION_TYPES } from './model';
import { localDateSchema, localTimeSchema, scheduleSchema } from './schedule';
import { sessionCheckedInSchema, sessionCheckedOutSchema, type SessionCheckedIn, type SessionCheckedOut } from './checkin-events';
import { lessonspaceEventSchemas, type LessonspaceEvent } from './lessonspace-events';
import {
  completionSchema, feedbackSchema, sessionFeedbackRecordedSchema, sessionOccurrenceCompletedSchema, type SessionFeedbackRecorded, type SessionOccurrenceCompleted,
} from './completion-events';

const instant = z.string().min(1);
const id = z.uuid();

export const meetingSchema = z.object({
  solution: z.enum(MEETING_SOLUTIONS),
  url: z.string().nullable(),
  roomId: z.string().nullable(),
  locationName: z.string().nullable(),
  locationPoint: z.object({ lng: z.number(), lat: z.number() }).nullable(),
});

export const detailsSchema = z.object({
  sessionType: z.enum(SESSION_TYPES),
  programId: id,
  subject: z.string(),
  subjectId: z.string().nullable(),
  sessionDescription: z.string(),
  location: z.enum(SESSION_LOCATIONS),
  meeting: meetingSchema,
  maxStudents: z.number().int().nullable(),
  gradeLevels: z.array(z.string()),
  schools: z.array(z.string()),
  isPaid: z.boolean(),
  tutoringAmount: z.number().int().nullable(),
  customProperties: z.array(z.object({ key: z.string(), value: z.string() })),
  courseSectionId: id.nullable(),
});

export const participantSchema = z.object({
  userId: id,
  userType: z.enum(PARTICIPANT_TYPES),
  isLeader: z.boolean(),
  isPaired: z.boolean(),
});

export const attendanceSchema = z.object({
  joinedTime: instant.nullable(), joinedTimeDelta: z.number().int().nullable(), leftTime: instant.nullable(), isFallbackJoin: z.boolean(),
  checkedInTime: instant.nullable().default(null), checkedOutTime: instant.nullable().default(null),
});

export const overriddenConflictSchema = z.object({ type: z.string(), date: localDateSchema, userId: id.nullable() });

/** What one version of a segment says: from `from` (a local date, inclusive) on, until the next version. */
export const segmentVersionSchema = z.object({
  from: localDateSchema,
  schedule: scheduleSchema,
  details: detailsSchema,
  participants: z.array(participantSchema),
  at: instant,
});

export const sessionScheduledSchema = z.object({
  seriesId: id,
  ecosystemId: id,
  segmentId: id,
  schedule: scheduleSchema,
  details: detailsSchema,
  participants: z.array(participantSchema),
  createdBy: z.string(),
  pending: z.boolean(),
  forceBooked: z.boolean(),
  overriddenConflicts: z.array(overriddenConflictSchema),
  at: instant,
});

/** A SINGLE edit: only the fields it changes; the occurrence keeps its id. */
export const occurrenceChangesSchema = z.object({
  date: localDateSchema.optional(),
  startTime: localTimeSchema.optional(),
  durationMinutes: z.number().int().optional(),
  timeZoneId: z.string().optional(),
  details: detailsSchema.partial().optional(),
  participants: z.array(participantSchema).optional(),
});

/** What differs for one occurrence from its segment's rule (state.ts OccurrenceException, without its key). */
export const occurrenceExceptionSchema = occurrenceChangesSchema.extend({
  added: z.array(participantSchema),
  removed: z.array(id),
  cancelled: z.boolean(),
  cancelReason: z.string().nullable(),
  deleted: z.boolean(),
  pending: z.boolean().nullable(),
  attendance: z.record(z.string(), attendanceSchema),
  /** Decision 0074: the completion and each participant's feedback, absent until recorded. */
  completion: completionSchema.optional(),
  feedback: z.record(z.string(), feedbackSchema).optional(),
});

export const sessionEditedSchema = z.object({ seriesId: id, occurrenceId: id, changes: occurrenceChangesSchema, at: instant });

/**
 * An ALL edit: the segment's occurrences from `version.from` on follow the new version (those
 * before it, already ended, keep theirs); `changed` names what SINGLE edits of those occurrences
 * lose (`time`, `participants` or a detail field), since the edit of all of them wins.
 */
export const sessionSegmentEditedSchema = z.object({ seriesId: id, segmentId: id, version: segmentVersionSchema, changed: z.array(z.string()) });

/**
 * "This and following": the segment ends before `until`; a new segment starts with the changes. What
 * the old occurrences had of their own (cancelled, deleted, drops, seats, attendance, SINGLE edits of
 * fields the split does not change) carries to the new occurrence on the same local date (moved as the rule moved).
 */
export const sessionSegmentSplitSchema = z.object({
  seriesId: id,
  segmentId: id,
  until: localDateSchema,
  newSegmentId: id,
  version: segmentVersionSchema,
  carried: z.array(z.object({ originalDate: localDateSchema, exception: occurrenceExceptionSchema })),
});

const occurrences = { seriesId: id, occurrenceIds: z.array(id).min(1), at: instant };
export const sessionsCancelledSchema = z.object({ ...occurrences, reason: z.string().nullable(), deleted: z.boolean() });
export const sessionsRestoredSchema = z.object(occurrences);
export const sessionParticipantDroppedSchema = z.object({ ...occurrences, userId: id, reason: z.string().nullable() });
export const sessionSeatReservedSchema = z.object({ ...occurrences, participant: participantSchema });
export const sessionsPendingSetSchema = z.object({ ...occurrences, pending: z.boolean() });
export const sessionMeetingRoomSetSchema = z.object({ seriesId: id, segmentId: id, url: z.string(), roomId: z.string().nullable(), at: instant });
export const sessionAttendanceRecordedSchema = z.object({
  seriesId: id,
  occurrenceId: id,
  userId: id,
  joinedTime: instant.nullable(),
  joinedTimeDelta: z.number().int().nullable(),
  leftTime: instant.nullable(),
  isFallbackJoin: z.boolean(),
  at: instant,
});

type Ev<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };
export type SessionScheduled = Ev<'SessionScheduled', typeof sessionScheduledSchema>;
export type SessionEdited = Ev<'SessionEdited', typeof sessionEditedSchema>;
export type SessionSegmentEdited = Ev<'SessionSegmentEdited', typeof sessionSegmentEditedSchema>;
export type SessionSegmentSplit = Ev<'SessionSegmentSplit', typeof sessionSegmentSplitSchema>;
export type SessionsCancelled = Ev<'SessionsCancelled', typeof sessionsCancelledSchema>;
export type SessionsRestored = Ev<'SessionsRestored', typeof sessionsRestoredSchema>;
export type SessionParticipantDropped = Ev<'SessionParticipantDropped', typeof sessionParticipantDroppedSchema>;
export type SessionSeatReserved = Ev<'SessionSeatReserved', typeof sessionSeatReservedSchema>;
export type SessionsPendingSet = Ev<'SessionsPendingSet', typeof sessionsPendingSetSchema>;
export type SessionMeetingRoomSet = Ev<'SessionMeetingRoomSet', typeof sessionMeetingRoomSetSchema>;
export type SessionAttendanceRecorded = Ev<'SessionAttendanceRecorded', typeof sessionAttendanceRecordedSchema>;

export type SessionEvent =
  | SessionCheckedIn | SessionCheckedOut
  | SessionScheduled | SessionEdited | SessionSegmentEdited | SessionSegmentSplit | SessionsCancelled | SessionsRestored
  | SessionParticipantDropped | SessionSeatReserved | SessionsPendingSet | SessionMeetingRoomSet | SessionAttendanceRecorded
  | LessonspaceEvent
  | SessionOccurrenceCompleted | SessionFeedbackRecorded;

export type SegmentVersion = z.infer<typeof segmentVersionSchema>;
export type OccurrenceChanges = z.infer<typeof occurrenceChangesSchema>;
export type OccurrenceExceptionData = z.infer<typeof occurrenceExceptionSchema>;
export type OverriddenConflict = z.infer<typeof overriddenConflictSchema>;

export const sessionEventSchemas = {
  SessionScheduled: sessionScheduledSchema,
  SessionEdited: sessionEditedSchema,
  SessionSegmentEdited: sessionSegmentEditedSchema,
  SessionSegmentSplit: sessionSegmentSplitSchema,
  SessionsCancelled: sessionsCancelledSchema,
  SessionsRestored: sessionsRestoredSchema,
  SessionParticipantDropped: sessionParticipantDroppedSchema,
  SessionSeatReserved: sessionSeatReservedSchema,
  SessionsPendingSet: sessionsPendingSetSchema,
  SessionMeetingRoomSet: sessionMeetingRoomSetSchema,
  SessionAttendanceRecorded: sessionAttendanceRecordedSchema,
  SessionCheckedIn: sessionCheckedInSchema,
  SessionCheckedOut: sessionCheckedOutSchema,
  ...lessonspaceEventSchemas,
  SessionOccurrenceCompleted: sessionOccurrenceCompletedSchema,
  SessionFeedbackRecorded: sessionFeedbackRecordedSchema,
};
