/**
 * Lessonspace facts about single occurrences (docs/decisions/0065-lessonspace-recordings.md): the
 * Lessonspace session that held an occurrence, with the recording found for it, and the files put
 * into its space before the lesson. Kept in the booking's state by occurrence id, apart from the
 * occurrence exceptions, because neither changes when or with whom a session happens.
 */
import { z } from 'zod';
import type { ScheduledSession } from './state';

const instant = z.string().min(1);
const id = z.uuid();

export const UPLOAD_METHODS = ['LESSONSPACE'] as const;

export const sessionLessonspaceLessonRecordedSchema = z.object({
  seriesId: id,
  occurrenceId: id,
  /** Lessonspace's id of the session (a connection to the space) that held the lesson. */
  lessonspaceSessionId: z.string().min(1).max(200),
  startedAt: instant.nullable(),
  endedAt: instant.nullable(),
  /** The recording's link (room.sh), or null when Lessonspace had none (recording off). */
  recordingUrl: z.string().nullable(),
  /** The export definition that chose the recording's media, tracks and layout; null: Lessonspace's default. */
  exportDefinitionId: id.nullable(),
  fileName: z.string().nullable(),
  recordedBy: id,
  at: instant,
});

export const sessionLessonspaceFilesUploadedSchema = z.object({
  seriesId: id,
  occurrenceId: id,
  method: z.enum(UPLOAD_METHODS),
  /** The files put into the space by this upload (names only; the bytes are Lessonspace's). */
  fileNames: z.array(z.string().min(1).max(200)).min(1),
  uploadedBy: id,
  at: instant,
});

type Ev<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };
export type SessionLessonspaceLessonRecorded = Ev<'SessionLessonspaceLessonRecorded', typeof sessionLessonspaceLessonRecordedSchema>;
export type SessionLessonspaceFilesUploaded = Ev<'SessionLessonspaceFilesUploaded', typeof sessionLessonspaceFilesUploadedSchema>;
export type LessonspaceEvent = SessionLessonspaceLessonRecorded | SessionLessonspaceFilesUploaded;

export const lessonspaceEventSchemas = {
  SessionLessonspaceLessonRecorded: sessionLessonspaceLessonRecordedSchema,
  SessionLessonspaceFilesUploaded: sessionLessonspaceFilesUploadedSchema,
};

/** What an occurrence has of Lessonspace: its held lesson (the latest recorded) and every file uploaded. */
export interface OccurrenceLessonspace {
  lesson: Omit<SessionLessonspaceLessonRecorded['data'], 'seriesId' | 'occurrenceId'> | null;
  uploadedFiles: string[];
}

export function lessonspaceOf(s: ScheduledSession, occurrenceId: string): OccurrenceLessonspace {
  return s.lessonspace?.[occurrenceId] ?? { lesson: null, uploadedFiles: [] };
}

export function evolveLessonspace(s: ScheduledSession, event: LessonspaceEvent): ScheduledSession {
  const current = lessonspaceOf(s, event.data.occurrenceId);
  const next: OccurrenceLessonspace = event.type === 'SessionLessonspaceLessonRecorded'
    ? { ...current, lesson: withoutKeys(event.data) }
    : { ...current, uploadedFiles: [...current.uploadedFiles, ...event.data.fileNames.filter((n) => !current.uploadedFiles.includes(n))] };
  return { ...s, lessonspace: { ...(s.lessonspace ?? {}), [event.data.occurrenceId]: next } };
}

function withoutKeys(d: SessionLessonspaceLessonRecorded['data']): OccurrenceLessonspace['lesson'] {
  const { seriesId: _s, occurrenceId: _o, ...lesson } = d;
  return lesson;
}
