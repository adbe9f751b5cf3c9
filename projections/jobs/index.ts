/**
 * Read model of background jobs (projections/README.md).
 *
 * - `read.batch_jobs`: one row per batch job with its state (QUEUED, SUBMITTED, PROCESSING,
 *   FINISHED, FAILED, CANCELLED), progress counters and error. Jobs are history: rows stay after the
 *   job ends, so an ecosystem's job list shows what ran.
 * - `read.demo_data`: one row per ecosystem that has (or is getting) demo data, from the DemoData
 *   ledger; the row disappears when the demo data is deleted.
 *
 * Every update is guarded by the stream revision it comes from, so applying an event twice (or an
 * older one after a newer) changes nothing.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import {
  batchJobCancelledSchema, batchJobFailedSchema, batchJobFinishedSchema, batchJobProgressedSchema, batchJobQueuedSchema,
  batchJobStartedSchema, batchJobSubmittedSchema,
} from '../../domain/job/events';
import {
  demoDataCreationBeganSchema, demoDataDeletedSchema, demoDataItemAddedSchema, demoDataItemRemovedSchema,
} from '../../domain/job/demo-data/events';
import type { Projection, ProjectionHandler } from '../types';
import { registerDemoDataBreadcrumbs } from './breadcrumbs';

registerDemoDataBreadcrumbs();

export const JOBS_PROJECTION = 'jobs';
export * from './queries';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.batch_jobs (
      id             uuid PRIMARY KEY,
      ecosystem_id   uuid NOT NULL,
      job_name       text NOT NULL,
      metadata       jsonb NOT NULL,
      state          text NOT NULL CHECK (state IN ('QUEUED', 'SUBMITTED', 'PROCESSING', 'FINISHED', 'FAILED', 'CANCELLED')),
      workflow_id    text,
      progress_done  integer NOT NULL DEFAULT 0,
      progress_total integer NOT NULL DEFAULT 0,
      error          text,
      result         jsonb,
      created_by     text NOT NULL,
      created_at     timestamptz NOT NULL,
      updated_at     timestamptz NOT NULL,
      finished_at    timestamptz,
      revision       integer NOT NULL
    );
    COMMENT ON TABLE ${s}.batch_jobs IS 'Background jobs per ecosystem (spec section 4, job processing). Rows stay after a job ends.';
    COMMENT ON COLUMN ${s}.batch_jobs.state IS 'QUEUED, SUBMITTED (handed to the workflow engine), PROCESSING, FINISHED, FAILED, CANCELLED.';
    COMMENT ON COLUMN ${s}.batch_jobs.finished_at IS 'When the job ended (finished, failed or cancelled); null while active.';

    CREATE TABLE ${s}.demo_data (
      ecosystem_id             uuid PRIMARY KEY,
      status                   text NOT NULL CHECK (status IN ('CREATING', 'PRESENT', 'DELETING')),
      job_id                   uuid NOT NULL,
      demo_sessions_start_date date NOT NULL,
      items                    jsonb NOT NULL DEFAULT '[]'::jsonb,
      complete                 boolean NOT NULL DEFAULT false,
      updated_at               timestamptz NOT NULL,
      revision                 integer NOT NULL
    );
    COMMENT ON TABLE ${s}.demo_data IS 'Demo content per ecosystem (the DemoData ledger): what a demo-data job added, for deletion. No row: no demo data.';
  `;
}

/**
 * The job lists' orders (newest first), and the active jobs (few, whatever the history holds) by
 * tenant and by last change for the stalled-job reaper. Created after a rebuild's load: handlers
 * look rows up by id only (decision 0022).
 */
function indexes(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE INDEX IF NOT EXISTS batch_jobs_ecosystem_recent_idx ON ${s}.batch_jobs (ecosystem_id, created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS batch_jobs_recent_idx ON ${s}.batch_jobs (created_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS batch_jobs_active_idx ON ${s}.batch_jobs (ecosystem_id, created_at, id) WHERE state IN ('QUEUED', 'SUBMITTED', 'PROCESSING');
    CREATE INDEX IF NOT EXISTS batch_jobs_active_updated_idx ON ${s}.batch_jobs (updated_at, id) WHERE state IN ('QUEUED', 'SUBMITTED', 'PROCESSING');
  `;
}

/** An UPDATE of one job row, applied only when the event is newer than what the row has seen. */
function updateJob(set: string, values: (event: RecordedEvent) => unknown[]): ProjectionHandler {
  return async (event, ctx) => {
    const jobId = (event.data as { jobId: string }).jobId;
    await ctx.client.query(
      `UPDATE ${ctx.table('batch_jobs')} SET ${set}, updated_at = $2, revision = $3 WHERE id = $1 AND revision < $3`,
      [jobId, event.metadata.occurredAt, event.revision, ...values(event)]);
  };
}

/** Ledger updates; `status` and `items` are recomputed in SQL from the row, like the aggregate's evolve. */
function updateLedger(set: string, values: (event: RecordedEvent) => unknown[]): ProjectionHandler {
  return async (event, ctx) => {
    const ecosystemId = (event.data as { ecosystemId: string }).ecosystemId;
    await ctx.client.query(
      `UPDATE ${ctx.table('demo_data')} SET ${set}, updated_at = $2, revision = $3 WHERE ecosystem_id = $1 AND revision < $3`,
      [ecosystemId, event.metadata.occurredAt, event.revision, ...values(event)]);
  };
}

const handlers: Record<string, ProjectionHandler> = {
  BatchJobQueued: async (event, { client, table }) => {
    const d = batchJobQueuedSchema.parse(event.data);
    await client.query(
      `INSERT INTO ${table('batch_jobs')} (id, ecosystem_id, job_name, metadata, state, created_by, created_at, updated_at, revision)
       VALUES ($1, $2, $3, $4, 'QUEUED', $5, $6, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [d.jobId, d.ecosystemId, d.jobName, JSON.stringify(d.metadata), d.createdBy, event.metadata.occurredAt, event.revision]);
  },
  BatchJobSubmitted: updateJob(`state = 'SUBMITTED', workflow_id = $4`, (e) => [batchJobSubmittedSchema.parse(e.data).workflowId]),
  BatchJobStarted: updateJob(`state = 'PROCESSING', progress_done = 0, progress_total = $4`, (e) => [batchJobStartedSchema.parse(e.data).total]),
  BatchJobProgressed: updateJob(`state = 'PROCESSING', progress_done = $4, progress_total = $5`, (e) => {
    const d = batchJobProgressedSchema.parse(e.data);
    return [d.done, d.total];
  }),
  BatchJobFinished: updateJob(`state = 'FINISHED', result = $4, finished_at = $2`, (e) => [JSON.stringify(batchJobFinishedSchema.parse(e.data).result)]),
  BatchJobFailed: updateJob(`state = 'FAILED', error = $4, finished_at = $2`, (e) => [batchJobFailedSchema.parse(e.data).error]),
  BatchJobCancelled: updateJob(`state = 'CANCELLED', finished_at = $2`, (e) => {
    batchJobCancelledSchema.parse(e.data);
    return [];
  }),

  DemoDataCreationBegan: async (event, { client, table }) => {
    const d = demoDataCreationBeganSchema.parse(event.data);
    await client.query(
      `INSERT INTO ${table('demo_data')} (ecosystem_id, status, job_id, demo_sessions_start_date, items, complete, updated_at, revision)
       VALUES ($1, 'CREATING', $2, $3, '[]'::jsonb, false, $4, $5)
       ON CONFLICT (ecosystem_id) DO UPDATE SET status = 'CREATING', job_id = EXCLUDED.job_id,
         demo_sessions_start_date = EXCLUDED.demo_sessions_start_date, items = '[]'::jsonb, complete = false,
         updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision
       WHERE demo_data.revision < EXCLUDED.revision`,
      [d.ecosystemId, d.jobId, d.demoSessionsStartDate, event.metadata.occurredAt, event.revision]);
  },
  DemoDataItemAdded: updateLedger(`items = items || $4::jsonb`, (e) => [JSON.stringify([demoDataItemAddedSchema.parse(e.data).item])]),
  DemoDataCreated: updateLedger(`status = 'PRESENT', complete = true`, () => []),
  DemoDataCreationAbandoned: updateLedger(`status = 'PRESENT', complete = false`, () => []),
  DemoDataDeletionBegan: updateLedger(`status = 'DELETING', job_id = $4`, (e) => [(e.data as { jobId: string }).jobId]),
  DemoDataItemRemoved: updateLedger(
    `items = COALESCE((SELECT jsonb_agg(i) FROM jsonb_array_elements(items) i WHERE i->>'id' <> $4), '[]'::jsonb)`,
    (e) => [demoDataItemRemovedSchema.parse(e.data).itemId]),
  DemoDataDeletionAbandoned: updateLedger(`status = 'PRESENT', complete = false`, () => []),
  DemoDataDeleted: async (event, { client, table }) => {
    const d = demoDataDeletedSchema.parse(event.data);
    await client.query(`DELETE FROM ${table('demo_data')} WHERE ecosystem_id = $1 AND revision < $2`, [d.ecosystemId, event.revision]);
  },
};

export const jobsProjection: Projection = {
  name: JOBS_PROJECTION,
  // 2: list indexes created after a rebuild's load, active-job indexes, the planner-friendly tenant policy (decision 0027).
  version: 2,
  tables,
  indexes,
  exposedTables: ['batch_jobs', 'demo_data'],
  handlers,
};
