/**
 * Read model of scheduled program-level reports (decision 0068; projections/README.md).
 *
 * - `read.scheduled_reports`: one row per report with its definition (as the ScheduledReport
 *   aggregate holds it), whether it is archived, the last run's fire time and failure, and when its
 *   schedule took its current form. The scheduler's tick reads it to find the reports due.
 *
 * Every update is guarded by the stream revision it comes from, so applying an event twice (or an
 * older one after a newer) changes nothing.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import {
  reportArchivedSchema, reportCreatedSchema, reportRunFailedSchema, reportRunSucceededSchema, reportUnarchivedSchema, reportUpdatedSchema,
} from '../../domain/report/state';
import type { Projection, ProjectionHandler } from '../types';

export const REPORTS_PROJECTION = 'reports';
export * from './queries';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.scheduled_reports (
      id              uuid PRIMARY KEY,
      ecosystem_id    uuid NOT NULL,
      report          jsonb NOT NULL,
      archived        boolean NOT NULL,
      created_by      uuid NOT NULL,
      created_at      timestamptz NOT NULL,
      last_modified   timestamptz NOT NULL,
      scheduled_since timestamptz NOT NULL,
      last_fired_at   timestamptz,
      error           text,
      revision        integer NOT NULL
    );
    COMMENT ON TABLE ${s}.scheduled_reports IS 'Scheduled program-level reports (spec: ScheduledProgramLevelReport), one row per report; archived ones stay.';
    COMMENT ON COLUMN ${s}.scheduled_reports.report IS 'The definition: name, type, recipients, language, programs, schedule (frequency, day, hour, zone), startDay, endDay.';
    COMMENT ON COLUMN ${s}.scheduled_reports.error IS 'The last run''s failure (English, keyed); null after a run that succeeded.';
    COMMENT ON COLUMN ${s}.scheduled_reports.scheduled_since IS 'When the schedule took its current form (created, changed, unarchived): fires before it are not due.';
  `;
}

function indexes(schema: string): string {
  return `CREATE INDEX IF NOT EXISTS scheduled_reports_active_idx ON "${schema}".scheduled_reports (id) WHERE NOT archived;`;
}

/** An UPDATE of one report row, applied only when the event is newer than what the row has seen. */
function updateReport(set: string, values: (event: RecordedEvent) => unknown[]): ProjectionHandler {
  return async (event, ctx) => {
    const reportId = (event.data as { reportId?: string; report?: { reportId: string } }).reportId ?? (event.data as { report: { reportId: string } }).report.reportId;
    await ctx.client.query(
      `UPDATE ${ctx.table('scheduled_reports')} SET ${set}, revision = $2 WHERE id = $1 AND revision < $2`,
      [reportId, event.revision, ...values(event)]);
  };
}

const handlers: Record<string, ProjectionHandler> = {
  ScheduledReportCreated: async (event, { client, table }) => {
    const d = reportCreatedSchema.parse(event.data);
    await client.query(
      `INSERT INTO ${table('scheduled_reports')} (id, ecosystem_id, report, archived, created_by, created_at, last_modified, scheduled_since, revision)
       VALUES ($1, $2, $3, false, $4, $5, $5, $5, $6) ON CONFLICT (id) DO NOTHING`,
      [d.report.reportId, d.report.ecosystemId, JSON.stringify(d.report), d.createdBy, d.at, event.revision]);
  },
  ScheduledReportUpdated: updateReport('report = $3, last_modified = $4, scheduled_since = $4', (e) => {
    const d = reportUpdatedSchema.parse(e.data);
    return [JSON.stringify(d.report), d.at];
  }),
  ScheduledReportArchived: updateReport('archived = true, last_modified = $3', (e) => {
    reportArchivedSchema.parse(e.data);
    return [e.metadata.occurredAt];
  }),
  ScheduledReportUnarchived: updateReport('archived = false, last_modified = $3, scheduled_since = $3', (e) => [reportUnarchivedSchema.parse(e.data).at]),
  ScheduledReportRunSucceeded: updateReport('last_fired_at = $3, error = NULL', (e) => [reportRunSucceededSchema.parse(e.data).firedAt]),
  ScheduledReportRunFailed: updateReport('last_fired_at = $3, error = $4', (e) => {
    const d = reportRunFailedSchema.parse(e.data);
    return [d.firedAt, d.error];
  }),
};

export const reportsProjection: Projection = {
  name: REPORTS_PROJECTION,
  version: 1,
  tables,
  indexes,
  exposedTables: ['scheduled_reports'],
  handlers,
};
