/**
 * A person's sessions that have ended, counted per month (getCompletedSessionSummaryV3,
 * docs/decisions/0063). One statement: the person's
 * participant rows in the range (index user_id, start_at), each judged as sessionCompletionStatus
 * judges it (api/sessions/status.ts) from its participants' joins and its ecosystem's grace minutes.
 */
import type { PoolClient } from 'pg';
import type { SessionScope } from './queries';

export interface SummaryQuery {
  userId: string;
  scope: SessionScope;
  /** Instants: sessions starting in [from, to) and ended by now. */
  from: Date;
  to: Date;
  now: Date;
  timeZoneId: string;
}

export interface MonthCounts {
  month: string;
  held: number;
  missed: number;
  cancelled: number;
  minutesHeld: number;
}

interface SqlRow { month: string; held: string; missed: string; cancelled: string; minutes: string | null }

/**
 * HELD when a leader and a learner joined by the grace deadline; anything else ended is a no-show
 * of some kind (missed). The grace minutes are the ecosystem's attendanceGraceMinutes (default 0,
 * as the field resolver reads a missing ecosystem).
 */
const SUMMARY_SQL = `
  WITH mine AS (
    SELECT p.session_id, p.start_at, p.end_at, p.cancelled, p.ecosystem_id
      FROM read.session_participants p
     WHERE p.user_id = $1 AND p.start_at >= $2 AND p.start_at < $3 AND p.end_at <= $4
       AND ($5 OR p.ecosystem_id = ANY($6::uuid[]) OR p.program_id = ANY($7::uuid[]))
  ), judged AS (
    SELECT m.start_at, m.end_at, m.cancelled, (NOT m.cancelled AND showed.leader AND showed.learner) AS held
      FROM mine m
      LEFT JOIN read.ecosystems e ON e.id = m.ecosystem_id
      CROSS JOIN LATERAL (
        SELECT coalesce(bool_or(q.is_leader), false) AS leader, coalesce(bool_or(NOT q.is_leader), false) AS learner
          FROM read.session_participants q
         WHERE q.session_id = m.session_id AND least(q.joined_time, q.checked_in_time) IS NOT NULL
           AND least(q.joined_time, q.checked_in_time) <= m.start_at + make_interval(mins => coalesce((e.details->'sessionSettings'->>'attendanceGraceMinutes')::int, 0))
      ) showed
  )
  SELECT to_char(start_at AT TIME ZONE $8, 'YYYY-MM') AS month,
         count(*) FILTER (WHERE held) AS held,
         count(*) FILTER (WHERE NOT cancelled AND NOT held) AS missed,
         count(*) FILTER (WHERE cancelled) AS cancelled,
         sum(extract(epoch FROM end_at - start_at) / 60) FILTER (WHERE held) AS minutes
    FROM judged GROUP BY 1 ORDER BY 1`;

const none = (scope: SessionScope) => !scope.all && scope.ecosystemIds.length === 0 && scope.programIds.length === 0;

/** The months that have sessions, oldest first; none without a statement when the scope is empty. */
export async function completedSummary(client: PoolClient, q: SummaryQuery): Promise<MonthCounts[]> {
  if (none(q.scope)) return [];
  const r = await client.query<SqlRow>(SUMMARY_SQL, [
    q.userId, q.from.toISOString(), q.to.toISOString(), q.now.toISOString(),
    q.scope.all, q.scope.all ? [] : q.scope.ecosystemIds, q.scope.all ? [] : q.scope.programIds, q.timeZoneId,
  ]);
  return r.rows.map((row) => ({
    month: row.month, held: Number(row.held), missed: Number(row.missed), cancelled: Number(row.cancelled),
    minutesHeld: Math.round(Number(row.minutes ?? 0)),
  }));
}
