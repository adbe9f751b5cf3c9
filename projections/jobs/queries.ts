/**
 * Queries over `read.batch_jobs` and `read.demo_data`. They run on whatever connection the caller
 * gives (the API's tenant-scoped one), so row-level security decides which tenants are visible.
 */
import { ValidationError } from '../../domain/shared/errors';
import { z } from 'zod';
import type { PoolClient } from 'pg';
import type { DemoItem } from '../../domain/job/demo-data/events';
import type { BatchJobStatus } from '../../domain/job/state';
import { commonMessages } from '../../domain/shared/messages';

type Queryable = Pick<PoolClient, 'query'>;

export interface BatchJobRow {
  id: string;
  ecosystemId: string;
  jobName: string;
  metadata: Record<string, unknown>;
  state: BatchJobStatus;
  workflowId: string | null;
  progressDone: number;
  progressTotal: number;
  error: string | null;
  /** Undefined when the query left it out (lists: a demo job's result names every item it made). */
  result?: Record<string, unknown> | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface DemoDataRow {
  ecosystemId: string;
  status: 'CREATING' | 'PRESENT' | 'DELETING';
  jobId: string;
  demoSessionsStartDate: string;
  items: DemoItem[];
  complete: boolean;
}

/** ISO-8601 in UTC with microseconds: output does not depend on the session time zone, and keyset cursors keep full precision. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const JOB_COLUMNS = `id, ecosystem_id AS "ecosystemId", job_name AS "jobName", metadata, state, workflow_id AS "workflowId",
  progress_done AS "progressDone", progress_total AS "progressTotal", error, result, created_by AS "createdBy",
  ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt", ${iso('finished_at')} AS "finishedAt"`;

export async function findBatchJob(db: Queryable, id: string): Promise<BatchJobRow | null> {
  const r = await db.query<BatchJobRow>(`SELECT ${JOB_COLUMNS} FROM read.batch_jobs WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function findBatchJobs(db: Queryable, ids: readonly string[]): Promise<BatchJobRow[]> {
  if (ids.length === 0) return [];
  const r = await db.query<BatchJobRow>(`SELECT ${JOB_COLUMNS} FROM read.batch_jobs WHERE id = ANY($1::uuid[])`, [ids]);
  return ids.map((id) => r.rows.find((row) => row.id === id)).filter((row): row is BatchJobRow => Boolean(row));
}

/** The newest job of an ecosystem (spec: getRecentBatchJob). */
export async function recentBatchJob(db: Queryable, ecosystemId: string): Promise<BatchJobRow | null> {
  const r = await db.query<BatchJobRow>(
    `SELECT ${JOB_COLUMNS} FROM read.batch_jobs WHERE ecosystem_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [ecosystemId]);
  return r.rows[0] ?? null;
}

/**
 * The newest job of each ecosystem asked for (none for one without jobs), in one query, without
 * `result` (batchJobResults reads it for the rows that need it): lists show a job's state, and a
 * demo job's result lists every item it made.
 */
export async function recentBatchJobs(db: Queryable, ecosystemIds: readonly string[]): Promise<BatchJobRow[]> {
  if (ecosystemIds.length === 0) return [];
  const r = await db.query<BatchJobRow>({
    // Named (prepared once per connection): the same plan fits every list of ids, and planning it
    // under row-level security cost as much as running it (decision 0033).
    name: 'jobs.recent-by-ecosystems',
    text: `SELECT DISTINCT ON (ecosystem_id) ${JOB_COLUMNS.replace(' result,', '')} FROM read.batch_jobs WHERE ecosystem_id = ANY($1::uuid[])
     ORDER BY ecosystem_id, created_at DESC, id DESC`,
    values: [ecosystemIds],
  });
  return r.rows;
}

/** The results of the jobs among `ids` that are visible, by job id. */
export async function batchJobResults(db: Queryable, ids: readonly string[]): Promise<Map<string, Record<string, unknown> | null>> {
  if (ids.length === 0) return new Map();
  const r = await db.query<{ id: string; result: Record<string, unknown> | null }>('SELECT id, result FROM read.batch_jobs WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(r.rows.map((row) => [row.id, row.result]));
}

export async function activeBatchJobs(db: Queryable, ecosystemId: string): Promise<BatchJobRow[]> {
  const r = await db.query<BatchJobRow>(
    `SELECT ${JOB_COLUMNS} FROM read.batch_jobs WHERE ecosystem_id = $1 AND state IN ('QUEUED', 'SUBMITTED', 'PROCESSING')
     ORDER BY created_at, id`, [ecosystemId]);
  return r.rows;
}

/**
 * Active jobs whose last change is older than `before`, oldest first: what the stalled-job reaper
 * (workflows/activities.ts) fails. Run on the owner connection: the reaper looks at every tenant.
 */
export async function stalledBatchJobs(db: Queryable, before: string, limit: number): Promise<BatchJobRow[]> {
  const r = await db.query<BatchJobRow>(
    `SELECT ${JOB_COLUMNS} FROM read.batch_jobs WHERE state IN ('QUEUED', 'SUBMITTED', 'PROCESSING') AND updated_at < $1
     ORDER BY updated_at, id LIMIT $2`, [before, limit]);
  return r.rows;
}

/** Newest first, keyset-paged by (created_at, id); `after` is the key of the last row already shown. */
const cursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);

/** A cursor is client input: one that is not (created_at, id) is refused, never handed to SQL casts. */
function cursorKey(after: readonly unknown[] | null | undefined): [string, string] | [null, null] {
  if (!after) return [null, null];
  const parsed = cursorSchema.safeParse(after);
  if (!parsed.success) throw ValidationError.forField('after', commonMessages.invalidCursor);
  return parsed.data;
}

export async function listBatchJobs(
  db: Queryable, options: { ecosystemId?: string | null; limit: number; after?: readonly unknown[] | null },
): Promise<BatchJobRow[]> {
  const [afterAt, afterId] = cursorKey(options.after);
  const r = await db.query<BatchJobRow>(
    `SELECT ${JOB_COLUMNS} FROM read.batch_jobs
     WHERE ($1::uuid IS NULL OR ecosystem_id = $1)
       AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [options.ecosystemId ?? null, afterAt, afterId, options.limit]);
  return r.rows;
}

export type DemoDataStatus = 'ABSENT' | DemoDataRow['status'];

/** Each ecosystem's demo-data status, ABSENT where the ledger has no row, in one query. */
export async function demoDataStatuses(db: Queryable, ecosystemIds: readonly string[]): Promise<Map<string, DemoDataStatus>> {
  const statuses = new Map<string, DemoDataStatus>(ecosystemIds.map((id) => [id, 'ABSENT']));
  if (ecosystemIds.length === 0) return statuses;
  const r = await db.query<{ ecosystemId: string; status: DemoDataRow['status'] }>({
    name: 'jobs.demo-data-statuses',
    text: 'SELECT ecosystem_id AS "ecosystemId", status FROM read.demo_data WHERE ecosystem_id = ANY($1::uuid[])',
    values: [ecosystemIds],
  });
  for (const row of r.rows) statuses.set(row.ecosystemId, row.status);
  return statuses;
}

export async function findDemoData(db: Queryable, ecosystemId: string): Promise<DemoDataRow | null> {
  const r = await db.query<DemoDataRow>(
    `SELECT ecosystem_id AS "ecosystemId", status, job_id AS "jobId", to_char(demo_sessions_start_date, 'YYYY-MM-DD') AS "demoSessionsStartDate",
       items, complete
     FROM read.demo_data WHERE ecosystem_id = $1`, [ecosystemId]);
  return r.rows[0] ?? null;
}
