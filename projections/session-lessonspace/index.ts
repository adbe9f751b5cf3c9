/**
 * What sessions hold in Lessonspace (docs/decisions/0065-lessonspace-recordings.md): one row per
 * occurrence that has a recorded lesson or uploaded files, in `read.session_lessonspace`. It keeps
 * what the events recorded, whoever may see it: who may read a recording is the API's to decide
 * (the program's sessionRecordingsProfileTypes and disableProgramRecordings, as they are now).
 * Only the two Lessonspace events are read (decision 0026); a row outlives a later change of the
 * session, so a lesson held stays recorded.
 */
import { lessonspaceEventSchemas } from '../../domain/session/lessonspace-events';
import type { RecordedEvent } from '../../domain/shared/events';
import type { Projection, ProjectionContext } from '../types';

export const SESSION_LESSONSPACE_PROJECTION = 'session_lessonspace';
export * from './queries';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.session_lessonspace (
      session_id             uuid PRIMARY KEY,
      ecosystem_id           uuid NOT NULL,
      series_id              uuid NOT NULL,
      lessonspace_session_id text,
      started_at             timestamptz,
      ended_at               timestamptz,
      recording_url          text,
      export_definition_id   uuid,
      file_name              text,
      recorded_at            timestamptz,
      uploaded_files         text[] NOT NULL DEFAULT '{}',
      updated_at             timestamptz NOT NULL
    );
    COMMENT ON TABLE ${s}.session_lessonspace IS 'A session''s Lessonspace lesson (with its recording) and the files put into its space.';
  `;
}

async function lessonRecorded(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const d = lessonspaceEventSchemas.SessionLessonspaceLessonRecorded.parse(event.data);
  await client.query(
    `INSERT INTO ${table('session_lessonspace')} AS t (session_id, ecosystem_id, series_id, lessonspace_session_id, started_at, ended_at,
       recording_url, export_definition_id, file_name, recorded_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
     ON CONFLICT (session_id) DO UPDATE SET lessonspace_session_id = EXCLUDED.lessonspace_session_id, started_at = EXCLUDED.started_at,
       ended_at = EXCLUDED.ended_at, recording_url = EXCLUDED.recording_url, export_definition_id = EXCLUDED.export_definition_id,
       file_name = EXCLUDED.file_name, recorded_at = EXCLUDED.recorded_at, updated_at = EXCLUDED.updated_at`,
    [d.occurrenceId, event.metadata.ecosystemId, d.seriesId, d.lessonspaceSessionId, d.startedAt, d.endedAt, d.recordingUrl,
      d.exportDefinitionId, d.fileName, d.at]);
}

async function filesUploaded(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const d = lessonspaceEventSchemas.SessionLessonspaceFilesUploaded.parse(event.data);
  // Names already there are not added twice: a replayed event leaves the row as it was.
  await client.query(
    `INSERT INTO ${table('session_lessonspace')} AS t (session_id, ecosystem_id, series_id, uploaded_files, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (session_id) DO UPDATE SET updated_at = EXCLUDED.updated_at,
       uploaded_files = t.uploaded_files || ARRAY(SELECT f FROM unnest(EXCLUDED.uploaded_files) AS f WHERE NOT (f = ANY(t.uploaded_files)))`,
    [d.occurrenceId, event.metadata.ecosystemId, d.seriesId, d.fileNames, d.at]);
}

export const sessionLessonspaceProjection: Projection = {
  name: SESSION_LESSONSPACE_PROJECTION,
  version: 1,
  tables,
  exposedTables: ['session_lessonspace'],
  handlers: { SessionLessonspaceLessonRecorded: lessonRecorded, SessionLessonspaceFilesUploaded: filesUploaded },
};
