/**
 * Session.recording and Session.uploadedFiles (schema/session-lessonspace.graphql, decision 0065):
 * one statement for a whole page of sessions (a loader by session id); the recording only for the
 * readers the program lets see recordings (domain/session/recording-access.ts).
 */
import { canSeeRecording } from '../../domain/session/recording-access';
import { lessonspaceOfSessions, type SessionLessonspaceRow } from '../../projections/session-lessonspace';
import type { SessionRow } from '../../projections/sessions';
import type { SessionRecording, SessionUploadedFiles } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { loaderOf, type LoaderSpec } from '../loaders';
import { loaders } from '../tenants/loaders';

const rows: LoaderSpec<string, SessionLessonspaceRow> = { name: 'sessions.lessonspace', fetch: (client, ids) => lessonspaceOfSessions(client, ids) };

const rowOf = (ctx: RequestContext, sessionId: string) => loaderOf(ctx, rows).load(sessionId);

export async function recordingField(session: SessionRow, ctx: RequestContext): Promise<SessionRecording | null> {
  const row = await rowOf(ctx, session.id);
  if (!row || row.lessonspaceSessionId === null || row.recordedAt === null) return null;
  const program = await loaders(ctx).programs.load(session.programId);
  if (!program) return null;
  const rules = { sessionRecordingsProfileTypes: program.sessions.sessionRecordingsProfileTypes, disableProgramRecordings: program.disableProgramRecordings };
  if (!canSeeRecording(requireViewer(ctx), session, rules)) return null;
  return {
    url: row.recordingUrl, lessonspaceSessionId: row.lessonspaceSessionId, startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null, fileName: row.fileName, recordedAt: row.recordedAt.toISOString(),
  };
}

export async function uploadedFilesField(session: SessionRow, ctx: RequestContext): Promise<SessionUploadedFiles[]> {
  const row = await rowOf(ctx, session.id);
  return row && row.uploadedFiles.length > 0 ? [{ method: 'LESSONSPACE', fileNames: row.uploadedFiles }] : [];
}
