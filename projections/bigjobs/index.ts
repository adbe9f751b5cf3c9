/**
 * Read model of big jobs (decision 0075; projections/README.md).
 *
 * - `read.big_jobs`: one row per big job: kind, what it works on, state, attempt, progress (rows
 *   and chunks done of the total), the current run's start and last chunk (for the rate and the
 *   time left), the row errors kept and their count, the failure. Rows stay after a job ends.
 *
 * Every update is guarded by the stream revision it comes from, so applying an event twice (or an
 * older one after a newer) changes nothing.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import {
  bigJobChunkCompletedSchema, bigJobCreatedSchema, bigJobFailedSchema, bigJobFinishedSchema, bigJobRetriedSchema, bigJobStartedSchema,
} from '../../domain/bigjob/events';
import type { Projection, ProjectionHandler } from '../types';

export const BIG_JOBS_PROJECTION = 'bigjobs';
export * from './queries';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.big_jobs (
      id             uuid PRIMARY KEY,
      ecosystem_id   uuid NOT NULL,
      type           text NOT NULL,
      params         jsonb NOT NULL,
      state          text NOT NULL CHECK (state IN ('QUEUED', 'RUNNING', 'CANCELLING', 'FINISHED', 'FAILED', 'CANCELLED')),
      attempt        integer NOT NULL DEFAULT 1,
      total          integer,
      rows_done      integer NOT NULL DEFAULT 0,
      chunks_done    integer NOT NULL DEFAULT 0,
      run_started_at timestamptz,
      run_start_rows integer NOT NULL DEFAULT 0,
      run_start_chunks integer NOT NULL DEFAULT 0,
      last_chunk_at  timestamptz,
      errors         jsonb NOT NULL DEFAULT '[]'::jsonb,
      error_count    integer NOT NULL DEFAULT 0,
      error          text,
      created_by     text NOT NULL,
      created_at     timestamptz NOT NULL,
      updated_at     timestamptz NOT NULL,
      finished_at    timestamptz,
      revision       integer NOT NULL
    );
    COMMENT ON TABLE ${s}.big_jobs IS 'Big jobs (exports and reports in chunks, decision 0075), one row per job; rows stay after a job ends.';
    COMMENT ON COLUMN ${s}.big_jobs.run_started_at IS 'When the current attempt started; with run_start_rows and last_chunk_at it gives the rate and the time left.';
    COMMENT ON COLUMN ${s}.big_jobs.errors IS 'Row errors kept (at most 100: chunk, row, keyed English error); error_count counts them all.';
  `;
}

function indexes(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE INDEX IF NOT EXISTS big_jobs_ecosystem_recent_idx ON ${s}.big_jobs (ecosystem_id, created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS big_jobs_recent_idx ON ${s}.big_jobs (created_at DESC, id DESC);
  `;
}

function update(set: string, values: (event: RecordedEvent) => unknown[]): ProjectionHandler {
  return async (event, ctx) => {
    const jobId = (event.data as { jobId: string }).jobId;
    await ctx.client.query(
      `UPDATE ${ctx.table('big_jobs')} SET ${set}, updated_at = $2, revision = $3 WHERE id = $1 AND revision < $3`,
      [jobId, event.metadata.occurredAt, event.revision, ...values(event)]);
  };
}

const handlers: Record<string, ProjectionHandler> = {
  BigJobCreated: async (event, { client, table }) => {
    const d = bigJobCreatedSchema.parse(event.data);
    await client.query(
      `INSERT INTO ${table('big_jobs')} (id, ecosystem_id, type, params, state, created_by, created_at, updated_at, revision)
       VALUES ($1, $2, $3, $4, 'QUEUED', $5, $6, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [d.jobId, d.ecosystemId, d.type, JSON.stringify(d.params), d.createdBy, d.at, event.revision]);
  },
  BigJobStarted: update(`state = 'RUNNING', total = $4, run_started_at = $5, run_start_rows = rows_done, run_start_chunks = chunks_done, last_chunk_at = NULL`, (e) => {
    const d = bigJobStartedSchema.parse(e.data);
    return [d.total, d.at];
  }),
  BigJobChunkCompleted: update(
    `rows_done = rows_done + $4, chunks_done = $5 + 1, last_chunk_at = $6, errors = (errors || $7::jsonb), error_count = error_count + $8`, (e) => {
      const d = bigJobChunkCompletedSchema.parse(e.data);
      return [d.rows, d.index, d.at, JSON.stringify(d.errors), d.errorCount];
    }),
  BigJobFinished: update(`state = 'FINISHED', finished_at = $4, error = NULL`, (e) => [bigJobFinishedSchema.parse(e.data).at]),
  BigJobFailed: update(`state = 'FAILED', finished_at = $4, error = $5`, (e) => {
    const d = bigJobFailedSchema.parse(e.data);
    return [d.at, d.error];
  }),
  BigJobCancelRequested: update(`state = 'CANCELLING'`, () => []),
  BigJobCancelled: update(`state = 'CANCELLED', finished_at = $2`, () => []),
  BigJobRetried: update(`state = 'QUEUED', attempt = $4, finished_at = NULL, error = NULL`, (e) => [bigJobRetriedSchema.parse(e.data).attempt]),
};

export const bigJobsProjection: Projection = {
  name: BIG_JOBS_PROJECTION,
  version: 1,
  tables,
  indexes,
  exposedTables: ['big_jobs'],
  handlers,
};
