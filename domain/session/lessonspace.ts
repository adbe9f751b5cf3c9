/**
 * Decisions about an occurrence's Lessonspace room (docs/decisions/0065-lessonspace-recordings.md):
 * recording the Lessonspace session that held it (uploadLessonspaceLesson) and the files put into
 * its space before the lesson (lessonSpaceUpload). The API has already done what needs Lessonspace
 * (found the lesson, uploaded the files) and checked the program's switches; here are the rules the
 * booking itself decides: the occurrence exists and is not cancelled, it meets in a Lessonspace room
 * that has been made, a lesson only once it has started, files only before it ends, and a repeat
 * that adds nothing records nothing.
 */
import { z } from 'zod';
import { zodMessage as zm } from '../shared/i18n';
import { commonMessages } from '../shared/messages';
import type { CommandContext } from '../shared/decider';
import { IllegalStateError } from '../shared/errors';
import { lessonspaceOf, type LessonspaceEvent } from './lessonspace-events';
import { lessonspaceMessages as lm } from './lessonspace-messages';
import { sessionMessages as m } from './messages';
import type { Occurrence } from './model';
import { findOccurrence, hasEnded, scheduled } from './select';
import type { SessionState } from './state';

const id = z.uuid({ error: zm(commonMessages.invalidValue) });
const instant = z.iso.datetime({ offset: true }).nullable().default(null);

export const recordLessonspaceLessonInput = z.object({
  seriesId: id,
  occurrenceId: id,
  lessonspaceSessionId: z.string().min(1).max(200),
  startedAt: instant,
  endedAt: instant,
  recordingUrl: z.string().max(2000).nullable().default(null),
  exportDefinitionId: id.nullable().default(null),
  fileName: z.string().max(300).nullable().default(null),
  recordedBy: id,
});

export const recordLessonspaceFilesInput = z.object({
  seriesId: id,
  occurrenceId: id,
  fileNames: z.array(z.string().min(1).max(200)).min(1).max(20),
  uploadedBy: id,
});

export type RecordLessonspaceLessonInput = z.infer<typeof recordLessonspaceLessonInput>;
export type RecordLessonspaceFilesInput = z.infer<typeof recordLessonspaceFilesInput>;

/** The occurrence, if it may have Lessonspace facts recorded: not cancelled, in a Lessonspace room that exists. */
export function lessonspaceOccurrence(state: SessionState, occurrenceId: string): Occurrence {
  const { occurrence } = findOccurrence(scheduled(state), occurrenceId);
  if (occurrence.cancelled) throw new IllegalStateError(m.cancelled, 'CANCELLED');
  if (occurrence.details.meeting.solution !== 'LESSONSPACE') throw new IllegalStateError(lm.notLessonspace, 'NOT_LESSONSPACE');
  if (!occurrence.details.meeting.roomId) throw new IllegalStateError(lm.noRoom, 'NO_ROOM');
  return occurrence;
}

export function recordLessonspaceLesson(input: RecordLessonspaceLessonInput, state: SessionState, ctx: CommandContext): LessonspaceEvent[] {
  const occurrence = lessonspaceOccurrence(state, input.occurrenceId);
  if (Date.parse(occurrence.startAt) > Date.parse(ctx.now)) throw new IllegalStateError(lm.notStarted, 'NOT_STARTED');
  const { lesson } = lessonspaceOf(scheduled(state), occurrence.id);
  const same = lesson !== null && lesson.lessonspaceSessionId === input.lessonspaceSessionId && lesson.recordingUrl === input.recordingUrl
    && lesson.exportDefinitionId === input.exportDefinitionId;
  if (same) return [];
  const iso = (t: string | null) => (t === null ? null : new Date(Date.parse(t)).toISOString());
  return [{
    type: 'SessionLessonspaceLessonRecorded',
    data: { ...input, occurrenceId: occurrence.id, startedAt: iso(input.startedAt), endedAt: iso(input.endedAt), at: ctx.now },
  }];
}

export function recordLessonspaceFiles(input: RecordLessonspaceFilesInput, state: SessionState, ctx: CommandContext): LessonspaceEvent[] {
  const occurrence = lessonspaceOccurrence(state, input.occurrenceId);
  if (hasEnded(occurrence, ctx.now)) throw new IllegalStateError(m.ended, 'ENDED');
  const known = lessonspaceOf(scheduled(state), occurrence.id).uploadedFiles;
  const fileNames = [...new Set(input.fileNames)].filter((n) => !known.includes(n));
  if (fileNames.length === 0) return [];
  return [{
    type: 'SessionLessonspaceFilesUploaded',
    data: { seriesId: input.seriesId, occurrenceId: occurrence.id, method: 'LESSONSPACE', fileNames, uploadedBy: input.uploadedBy, at: ctx.now },
  }];
}
