/**
 * Queries over `read.scheduled_reports`. They run on whatever connection the caller gives: the
 * API's tenant-scoped one (row-level security decides which tenants are visible), or the owner
 * connection for the scheduler, which looks at every tenant's reports.
 */
import type { PoolClient } from 'pg';
import type { ReportDefinition } from '../../domain/report/model';

type Queryable = Pick<PoolClient, 'query'>;

export interface ScheduledReportRow {
  id: string;
  ecosystemId: string;
  report: ReportDefinition;
  archived: boolean;
  createdBy: string;
  createdAt: string;
  lastModified: string;
  scheduledSince: string;
  lastFiredAt: string | null;
  error: string | null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `id, ecosystem_id AS "ecosystemId", report, archived, created_by AS "createdBy", ${iso('created_at')} AS "createdAt",
  ${iso('last_modified')} AS "lastModified", ${iso('scheduled_since')} AS "scheduledSince", ${iso('last_fired_at')} AS "lastFiredAt", error`;

/** Every report visible on this connection, by name; `archived` null means both. */
export async function listScheduledReports(db: Queryable, archived: boolean | null): Promise<ScheduledReportRow[]> {
  const r = await db.query<ScheduledReportRow>(
    `SELECT ${COLUMNS} FROM read.scheduled_reports WHERE ($1::boolean IS NULL OR archived = $1)
      ORDER BY lower(report->>'reportName'), id`, [archived]);
  return r.rows;
}

export async function findScheduledReport(db: Queryable, id: string): Promise<ScheduledReportRow | null> {
  const r = await db.query<ScheduledReportRow>(`SELECT ${COLUMNS} FROM read.scheduled_reports WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** The reports that can fire (not archived), for the scheduler's tick. */
export async function activeScheduledReports(db: Queryable): Promise<ScheduledReportRow[]> {
  const r = await db.query<ScheduledReportRow>(`SELECT ${COLUMNS} FROM read.scheduled_reports WHERE NOT archived ORDER BY id`);
  return r.rows;
}
