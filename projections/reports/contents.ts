/**
 * What a scheduled program-level report says (decision 0068), from the sessions read model in two
 * statements whatever the number of programs, sessions or tutors: per program, and per program and
 * tutor. Sessions counted are those of the report's programs that started in the period and had
 * ended by its end, pending ones left out. A session is HELD when a leader and a learner joined by
 * the ecosystem's attendanceGraceMinutes (as getCompletedSessionSummaryV3 judges it, decision
 * 0063), MISSED when it was not cancelled and not held, CANCELLED when cancelled. Hours are of
 * held sessions. The attendance rate is the learners who joined by the grace deadline over the
 * learners booked, in sessions not cancelled. An active pair is a tutor and a paired learner
 * (decision 0062) who shared a session not cancelled.
 */
import type { PoolClient } from 'pg';

type Queryable = Pick<PoolClient, 'query'>;

export interface ReportPeriod {
  ecosystemId: string;
  programIds: string[];
  start: Date;
  end: Date;
}

export interface ProgramLine {
  programId: string;
  programName: string;
  held: number;
  cancelled: number;
  missed: number;
  hours: number;
  /** 0-1; null when no learner was booked in a session not cancelled. */
  attendanceRate: number | null;
  activePairs: number;
}

export interface TutorLine {
  programId: string;
  tutorId: string;
  tutorName: string;
  held: number;
  cancelled: number;
  missed: number;
  hours: number;
  learners: number;
}

export interface ReportContents {
  programs: ProgramLine[];
  tutors: TutorLine[];
}

/** The period's sessions of the programs, each judged once; both statements start from it. */
const JUDGED = `
  WITH grace AS (
    SELECT make_interval(mins => coalesce((e.details->'sessionSettings'->>'attendanceGraceMinutes')::int, 0)) AS mins
      FROM read.ecosystems e WHERE e.id = $1
  ), period AS (
    SELECT s.id, s.program_id, s.start_at, s.end_at, s.cancelled
      FROM read.sessions s
     WHERE s.ecosystem_id = $1 AND s.program_id = ANY($2::uuid[]) AND s.start_at >= $3 AND s.start_at < $4 AND s.end_at <= $4 AND NOT s.pending
  ), people AS (
    SELECT p.session_id, p.user_id, p.is_leader, p.is_paired,
           -- A leader's check-in counts as a join (decision 0066).
           (least(p.joined_time, p.checked_in_time) <= p.start_at + coalesce((SELECT mins FROM grace), interval '0')) IS TRUE AS joined
      FROM read.session_participants p JOIN period ON period.id = p.session_id
  ), judged AS (
    SELECT period.*, NOT period.cancelled AND coalesce(bool_or(pe.joined AND pe.is_leader), false) AND coalesce(bool_or(pe.joined AND NOT pe.is_leader), false) AS held
      FROM period LEFT JOIN people pe ON pe.session_id = period.id
     GROUP BY period.id, period.program_id, period.start_at, period.end_at, period.cancelled
  )`;

const PROGRAMS_SQL = `${JUDGED}
  SELECT pr.id AS "programId", pr.name AS "programName",
         count(j.id) FILTER (WHERE j.held) AS held,
         count(j.id) FILTER (WHERE j.cancelled) AS cancelled,
         count(j.id) FILTER (WHERE NOT j.cancelled AND NOT j.held) AS missed,
         coalesce(sum(extract(epoch FROM j.end_at - j.start_at)) FILTER (WHERE j.held), 0) / 3600.0 AS hours,
         (SELECT count(*) FILTER (WHERE pe.joined)::float / nullif(count(*), 0)
            FROM people pe JOIN judged k ON k.id = pe.session_id
           WHERE k.program_id = pr.id AND NOT k.cancelled AND NOT pe.is_leader) AS "attendanceRate",
         (SELECT count(DISTINCT (t.user_id, l.user_id))
            FROM people t JOIN people l ON l.session_id = t.session_id AND NOT l.is_leader AND l.is_paired
            JOIN judged k ON k.id = t.session_id
           WHERE t.is_leader AND k.program_id = pr.id AND NOT k.cancelled) AS "activePairs"
    FROM read.programs pr LEFT JOIN judged j ON j.program_id = pr.id
   WHERE pr.ecosystem_id = $1 AND pr.id = ANY($2::uuid[])
   GROUP BY pr.id, pr.name ORDER BY lower(pr.name), pr.id`;

const TUTORS_SQL = `${JUDGED}
  SELECT j.program_id AS "programId", t.user_id AS "tutorId", coalesce(u.first_name || ' ' || u.last_name, '') AS "tutorName",
         count(*) FILTER (WHERE j.held) AS held,
         count(*) FILTER (WHERE j.cancelled) AS cancelled,
         count(*) FILTER (WHERE NOT j.cancelled AND NOT j.held) AS missed,
         coalesce(sum(extract(epoch FROM j.end_at - j.start_at)) FILTER (WHERE j.held), 0) / 3600.0 AS hours,
         (SELECT count(DISTINCT l.user_id) FROM people l JOIN judged k ON k.id = l.session_id
           WHERE NOT l.is_leader AND k.program_id = j.program_id AND NOT k.cancelled
             AND EXISTS (SELECT 1 FROM people m WHERE m.session_id = l.session_id AND m.user_id = t.user_id AND m.is_leader)) AS learners
    FROM judged j JOIN people t ON t.session_id = j.id AND t.is_leader
    LEFT JOIN read.users u ON u.id = t.user_id
   GROUP BY j.program_id, t.user_id, u.first_name, u.last_name
   ORDER BY j.program_id, lower(coalesce(u.last_name, '')), lower(coalesce(u.first_name, '')), t.user_id`;

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function reportContents(db: Queryable, p: ReportPeriod): Promise<ReportContents> {
  const values = [p.ecosystemId, p.programIds, p.start.toISOString(), p.end.toISOString()];
  const [programs, tutors] = [await db.query(PROGRAMS_SQL, values), await db.query(TUTORS_SQL, values)];
  return {
    programs: programs.rows.map((r) => ({
      programId: r.programId, programName: r.programName, held: Number(r.held), cancelled: Number(r.cancelled), missed: Number(r.missed),
      hours: round2(Number(r.hours)), attendanceRate: r.attendanceRate === null ? null : round2(Number(r.attendanceRate)), activePairs: Number(r.activePairs),
    })),
    tutors: tutors.rows.map((r) => ({
      programId: r.programId, tutorId: r.tutorId, tutorName: r.tutorName, held: Number(r.held), cancelled: Number(r.cancelled),
      missed: Number(r.missed), hours: round2(Number(r.hours)), learners: Number(r.learners),
    })),
  };
}
