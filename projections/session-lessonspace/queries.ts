/** Reads of sessions' Lessonspace rows in the request's tenant scope (decision 0065). */
import type { PoolClient } from 'pg';

export interface SessionLessonspaceRow {
  sessionId: string;
  ecosystemId: string;
  lessonspaceSessionId: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  recordingUrl: string | null;
  exportDefinitionId: string | null;
  fileName: string | null;
  recordedAt: Date | null;
  uploadedFiles: string[];
}

/** The rows of many sessions in one statement; sessions without one are absent. */
export async function lessonspaceOfSessions(client: PoolClient, sessionIds: readonly string[]): Promise<Map<string, SessionLessonspaceRow>> {
  if (sessionIds.length === 0) return new Map();
  const r = await client.query<SessionLessonspaceRow>(
    `SELECT session_id AS "sessionId", ecosystem_id AS "ecosystemId", lessonspace_session_id AS "lessonspaceSessionId",
            started_at AS "startedAt", ended_at AS "endedAt", recording_url AS "recordingUrl", export_definition_id AS "exportDefinitionId",
            file_name AS "fileName", recorded_at AS "recordedAt", uploaded_files AS "uploadedFiles"
       FROM read.session_lessonspace WHERE session_id = ANY($1::uuid[])`, [sessionIds]);
  return new Map(r.rows.map((row) => [row.sessionId, row]));
}
