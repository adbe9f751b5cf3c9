/**
 * Inputs of the session commands: plain ids, local dates and times and the model's types, so the
 * API maps GraphQL inputs onto them. Rules that answer the spec's own messages (lengths, days,
 * links, seats, reasons) are checked by the decider, not here.
 */
import type { CompletionCommand } from './completion';
import { z } from 'zod';
import { zodMessage as zm } from '../shared/i18n';
import { commonMessages } from '../shared/messages';
import { detailsSchema, overriddenConflictSchema, participantSchema } from './events';
import { EDIT_SCOPES, MEETING_SOLUTIONS, PARTICIPANT_TYPES } from './model';
import { localDateSchema, localTimeSchema, recurrenceSchema, scheduleSchema } from './schedule';
import type { CheckInCommand } from './checkin';
import type { RecordLessonspaceFilesInput, RecordLessonspaceLessonInput } from './lessonspace';

const id = z.uuid({ error: zm(commonMessages.invalidValue) });
const text = (max: number) => z.string().max(max);
const reason = text(2000).nullable().default(null);

/** A meeting as the booker gives it; room ids and join links of LESSONSPACE / ZOOM come from SetSessionMeetingRoom. */
export const meetingInput = z.object({
  solution: z.enum(MEETING_SOLUTIONS),
  url: text(2000).nullable().default(null),
  locationName: text(300).nullable().default(null),
  locationPoint: z.object({ lng: z.number().min(-180).max(180), lat: z.number().min(-90).max(90) }).nullable().default(null),
});

/** The fields a booking gives and an edit may change, without defaults (an edit's absent field is no change). */
const changeableDetails = {
  subject: text(300),
  subjectId: text(100).nullable(),
  sessionDescription: text(5000),
  location: detailsSchema.shape.location,
  meeting: meetingInput,
  maxStudents: z.number().int().nullable(),
  gradeLevels: z.array(text(100)).max(50),
  schools: z.array(text(300)).max(50),
  isPaid: z.boolean(),
  tutoringAmount: z.number().int().min(0).nullable(),
  customProperties: z.array(z.object({ key: text(100), value: text(1000) })).max(50),
};

export const detailsInput = z.object({
  ...changeableDetails,
  sessionType: detailsSchema.shape.sessionType,
  programId: id,
  subjectId: changeableDetails.subjectId.default(null),
  sessionDescription: changeableDetails.sessionDescription.default(''),
  maxStudents: changeableDetails.maxStudents.default(null),
  gradeLevels: changeableDetails.gradeLevels.default([]),
  schools: changeableDetails.schools.default([]),
  isPaid: changeableDetails.isPaid.default(false),
  tutoringAmount: changeableDetails.tutoringAmount.default(null),
  customProperties: changeableDetails.customProperties.default([]),
  courseSectionId: id.nullable().default(null),
});

export const scheduleSessionInput = z.object({
  seriesId: id,
  ecosystemId: id,
  schedule: scheduleSchema,
  details: detailsInput,
  participants: z.array(participantSchema).max(500),
  /** Awaiting approval (adminUpdateOneOrManyPendingSessions) from the start. */
  pending: z.boolean().default(false),
  /** The API says whether the actor is an admin of the ecosystem (a start in the past is then allowed). */
  actorIsAdmin: z.boolean().default(false),
  /** An admin booked despite these conflicts (the conflict check's answer, recorded as such). */
  forceBooked: z.boolean().default(false),
  overriddenConflicts: z.array(overriddenConflictSchema).max(2000).default([]),
});

const occurrence = { seriesId: id, occurrenceId: id };
const scope = z.enum(EDIT_SCOPES);

/** Absent fields stay as they are; `details` lists only the fields to change. */
export const sessionChangesInput = z.object({
  date: localDateSchema.optional(),
  startTime: localTimeSchema.optional(),
  durationMinutes: z.number().int().optional(),
  timeZoneId: z.string().min(1).max(64).optional(),
  recurrence: recurrenceSchema.nullable().optional(),
  details: z.object(changeableDetails).partial().optional(),
  participants: z.array(participantSchema).max(500).optional(),
});

export const editSessionInput = z.object({ ...occurrence, scope, changes: sessionChangesInput, actorIsAdmin: z.boolean().default(false) });
export const cancelSessionInput = z.object({ ...occurrence, scope, reason, deleted: z.boolean().default(false) });
export const restoreSessionInput = z.object({ ...occurrence, scope: scope.default('SINGLE') });
export const dropSessionInput = z.object({ ...occurrence, scope: scope.default('SINGLE'), userId: id, reason });
export const reserveSessionSeatInput = z.object({
  ...occurrence, scope: scope.default('SINGLE'), userId: id, userType: z.enum(PARTICIPANT_TYPES).default('STUDENT'), isPaired: z.boolean().default(false),
});
export const setSessionsPendingInput = z.object({ ...occurrence, scope: scope.default('SINGLE'), pending: z.boolean() });
export const setSessionMeetingRoomInput = z.object({ seriesId: id, segmentId: id, url: text(2000), roomId: text(300).nullable().default(null) });
export const recordSessionAttendanceInput = z.object({
  ...occurrence, userId: id, joinedTime: z.iso.datetime({ offset: true }).nullable().default(null), leftTime: z.iso.datetime({ offset: true }).nullable().default(null),
  isFallbackJoin: z.boolean().default(false),
});

export type ScheduleSessionInput = z.infer<typeof scheduleSessionInput>;
export type SessionChangesInput = z.infer<typeof sessionChangesInput>;
export type EditSessionInput = z.infer<typeof editSessionInput>;
export type CancelSessionInput = z.infer<typeof cancelSessionInput>;
export type RestoreSessionInput = z.infer<typeof restoreSessionInput>;
export type DropSessionInput = z.infer<typeof dropSessionInput>;
export type ReserveSessionSeatInput = z.infer<typeof reserveSessionSeatInput>;
export type SetSessionsPendingInput = z.infer<typeof setSessionsPendingInput>;
export type SetSessionMeetingRoomInput = z.infer<typeof setSessionMeetingRoomInput>;
export type RecordSessionAttendanceInput = z.infer<typeof recordSessionAttendanceInput>;

export type SessionCommand =
  | CheckInCommand
  | CompletionCommand
  | { type: 'ScheduleSession'; data: ScheduleSessionInput }
  | { type: 'EditSession'; data: EditSessionInput }
  | { type: 'CancelSession'; data: CancelSessionInput }
  | { type: 'RestoreSession'; data: RestoreSessionInput }
  | { type: 'DropSession'; data: DropSessionInput }
  | { type: 'ReserveSessionSeat'; data: ReserveSessionSeatInput }
  | { type: 'SetSessionsPending'; data: SetSessionsPendingInput }
  | { type: 'SetSessionMeetingRoom'; data: SetSessionMeetingRoomInput }
  | { type: 'RecordSessionAttendance'; data: RecordSessionAttendanceInput }
  | { type: 'RecordLessonspaceLesson'; data: RecordLessonspaceLessonInput }
  | { type: 'RecordLessonspaceFiles'; data: RecordLessonspaceFilesInput };
