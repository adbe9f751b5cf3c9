/**
 * Queries over `read.big_jobs`. They run on whatever connection the caller gives (the API's
 * tenant-scoped one), so row-level security decides which tenants are visible.
 */
import type { PoolClient } from 'pg';
import { z } from 'zod';
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';
import type { BigJobParams, BigJobRowError, BigJobStatus, BigJobType } from '../../domain/bigjob/model';

type Queryable = Pick<PoolClient, 'query'>;

export interface BigJobRow {
  id: string;
  ecosystemId: string;
  type: BigJobType;
  params: BigJobParams;
  state: BigJobStatus;
  attempt: number;
  total: number | null;
  rowsDone: number;
  chunksDone: number;
  runStartedAt: string | null;
  runStartRows: number;
  runStartChunks: number;
  lastChunkAt: string | null;
  errors: BigJobRowError[];
  errorCount: number;
  error: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const COLUMNS = `id, ecosystem_id AS "ecosystemId", type, params, state, attempt, total, rows_done AS "rowsDone", chunks_done AS "chunksDone",
  ${iso('run_started_at')} AS "runStartedAt", run_start_rows AS "runStartRows", run_start_chunks AS "runStartChunks", ${iso('last_chunk_at')} AS "lastChunkAt",
  errors, error_count AS "errorCount", error, created_by AS "createdBy",
  ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt", ${iso('finished_at')} AS "finishedAt"`;

export async function findBigJob(db: Queryable, id: string): Promise<BigJobRow | null> {
  const r = await db.query<BigJobRow>(`SELECT ${COLUMNS} FROM read.big_jobs WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

const cursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);

/** A cursor is client input: one that is not (created_at, id) is refused, never handed to SQL casts. */
function cursorKey(after: readonly unknown[] | null): [string, string] | [null, null] {
  if (!after) return [null, null];
  const parsed = cursorSchema.safeParse(after);
  if (!parsed.success) throw ValidationError.forField('after', commonMessages.invalidCursor);
  return parsed.data;
}

/** Newest first, of one ecosystem or of all (platform admins), after a (createdAt, id) cursor. */
export async function listBigJobs(db: Queryable, options: { ecosystemId: string | null; limit: number; after: readonly unknown[] | null }): Promise<BigJobRow[]> {
  const [afterAt, afterId] = cursorKey(options.after);
  const r = await db.query<BigJobRow>(
    `SELECT ${COLUMNS} FROM read.big_jobs
     WHERE ($1::uuid IS NULL OR ecosystem_id = $1)
       AND ($2::timestamptz IS NULL OR (created_at, id) < ($2::timestamptz, $3::uuid))
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [options.ecosystemId, afterAt, afterId, options.limit]);
  return r.rows;
}
