/**
 * uploadLessonspaceLesson (decision 0065): records the Lessonspace lesson that held a session. The
 * lesson is found in the session's space by its time (never taken from the client), and its
 * recording as the export definition for the ecosystem, else the platform's, asks.
 */
import { definitionsOf, PLATFORM_STREAM_ID, recordingExportsAggregate } from '../../domain/meetings/exports';
import { exportDefinitionFor, exportFileName } from '../../domain/session/lessonspace-export';
import { lessonspaceMessages as lm } from '../../domain/session/lessonspace-messages';
import { recordLessonspaceLesson } from '../../domain/session/handlers';
import { ForbiddenError, IllegalStateError } from '../../domain/shared/errors';
import { SESSION_LESSONSPACE_PROJECTION } from '../../projections/session-lessonspace';
import type { SessionRow } from '../../projections/sessions';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { loaders } from '../tenants/loaders';
import { sessionLoader } from '../sessions/loaders';
import { lessonspaceOf, lessonspaceSession, withProvider } from './room';

export async function uploadLessonspaceLessonMutation(ctx: RequestContext, sessionId: string): Promise<SessionRow> {
  const viewer = requireViewer(ctx);
  const { row, spaceId } = await lessonspaceSession(ctx, sessionId);
  const { programs, ecosystems } = loaders(ctx);
  const [program, ecosystem] = await Promise.all([programs.load(row.programId), ecosystems.load(row.ecosystemId)]);
  if (!program || !ecosystem) throw new ForbiddenError();
  if (program.disableProgramRecordings) throw new IllegalStateError(lm.recordingsDisabled, 'RECORDINGS_DISABLED');
  if (row.startAt.getTime() > ctx.services.clock().getTime()) throw new IllegalStateError(lm.notStarted, 'NOT_STARTED');
  const definition = exportDefinitionFor(definitionsOf(await ctx.loadAggregate(recordingExportsAggregate, PLATFORM_STREAM_ID)), row.ecosystemId);
  const adapter = await lessonspaceOf(ctx, row.ecosystemId);
  const lesson = await withProvider(ctx, () => adapter.findLesson(spaceId, row.startAt.toISOString(), row.endAt.toISOString(), definition));
  if (!lesson) throw new IllegalStateError(lm.lessonNotFound, 'LESSON_NOT_FOUND');
  const fileName = definition && lesson.recordingUrl
    ? exportFileName(definition.fileNameTemplate, { subject: row.subject, date: row.date, time: row.startTime, sessionId: row.id, ecosystem: ecosystem.name })
    : null;
  await ctx.execute(recordLessonspaceLesson, {
    seriesId: row.seriesId, occurrenceId: row.id, lessonspaceSessionId: lesson.sessionId, startedAt: lesson.startedAt, endedAt: lesson.endedAt,
    recordingUrl: lesson.recordingUrl, exportDefinitionId: lesson.recordingUrl ? definition?.definitionId ?? null : null, fileName, recordedBy: viewer.userId,
  }, { waitFor: [SESSION_LESSONSPACE_PROJECTION], ecosystemId: row.ecosystemId });
  return (await sessionLoader(ctx).load(row.id)) ?? row;
}
