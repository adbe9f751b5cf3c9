/**
 * The ecosystem admin's session summary (issue 8, docs/decisions/0060-admin-session-summary.md),
 * read from the sessions read model (tables.ts) in the request's tenant scope.
 *
 * A page is one statement whose plan walks one index in the page's order: by start, the
 * ecosystem's (or one program's) start index; by subject, the subject index; by program, the
 * ecosystem's programs in name order, each program's sessions by start (a nested walk that stops
 * at the page's end). Other filters are checked on the rows walked. A text search matches the
 * subject or the name of a participant (found first among the ecosystem's roster entries, as every
 * search of the platform reads them). Statuses follow the clock as the session lists derive them.
 */
import type { Queryable } from '../../infra/db/pool';
import { MAX_DURATION_MINUTES } from '../../domain/session/schedule';

export const SESSION_SUMMARY_SORTS = ['START_ASC', 'START_DESC', 'SUBJECT', 'PROGRAM'] as const;
export type SessionSummarySort = (typeof SESSION_SUMMARY_SORTS)[number];
export const SUMMARY_STATUSES = ['UPCOMING', 'PENDING', 'RECENTLY_COMPLETED', 'COMPLETED', 'CANCELLED', 'ERROR'] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];
/** How long a session counts as RECENTLY_COMPLETED after its end. */
export const RECENT_HOURS = 24;

export interface SessionSummaryFilter {
  ecosystemId: string;
  /** The clock statuses are derived against. */
  now: Date;
  /** Sessions starting at or after `from` and before `to`. */
  from?: Date | null;
  to?: Date | null;
  programIds?: readonly string[];
  statuses?: readonly SummaryStatus[];
  sessionTypes?: readonly string[];
  text?: string | null;
  /** Only these sessions (a bulk action's selection). */
  sessionIds?: readonly string[];
  /** Only sessions cancelled (true) or not (false): whether a cancel of all matching needs a reason. */
  cancelled?: boolean;
  /** Only sessions ending after this instant (not over yet). */
  endsAfter?: Date | null;
}

export interface SessionSummaryRow {
  id: string;
  ecosystemId: string;
  programId: string;
  programName: string | null;
  seriesId: string;
  segmentId: string;
  recurring: boolean;
  sessionType: string;
  subject: string;
  date: string;
  startTime: string;
  timeZoneId: string;
  durationMinutes: number;
  startAt: Date;
  endAt: Date;
  cancelled: boolean;
  cancelReason: string | null;
  pending: boolean;
  numLeaders: number;
  numLearners: number;
  numAttendees: number;
  customProperties: { key: string; value: string }[];
  lastModified: Date;
  /** The cursor's parts as PostgreSQL prints them, compared in SQL. */
  sortKey: string[];
}

export interface SummaryParticipantRow {
  sessionId: string;
  userId: string;
  userType: string;
  isLeader: boolean;
  firstName: string | null;
  lastName: string | null;
  preferredName: string | null;
}

interface Built { where: string[]; values: unknown[]; with: string }

const param = (values: unknown[], value: unknown): string => {
  values.push(value);
  return `$${values.length}`;
};

/** An instant as a parameter of the statement being built. */
type At = (instant: Date) => string;
const HOUR = 3_600_000;

/**
 * The SQL condition of one derived status (spec section 4; decision 0060). The clock statuses also
 * bound `start_at` (no session is longer than MAX_DURATION_MINUTES), so a page of them walks the
 * start index from where they begin instead of filtering every session before.
 */
function statusCondition(status: SummaryStatus, now: Date, at: At): string {
  const held = 'NOT s.cancelled AND NOT s.pending';
  const longest = MAX_DURATION_MINUTES * 60_000;
  const recent = new Date(now.getTime() - RECENT_HOURS * HOUR);
  switch (status) {
    case 'CANCELLED': return 's.cancelled';
    case 'PENDING': return 'NOT s.cancelled AND s.pending';
    case 'UPCOMING': return `${held} AND s.end_at > ${at(now)} AND s.start_at > ${at(new Date(now.getTime() - longest))}`;
    case 'RECENTLY_COMPLETED':
      return `${held} AND s.end_at <= ${at(now)} AND s.end_at > ${at(recent)} AND s.start_at < ${at(now)} AND s.start_at > ${at(new Date(recent.getTime() - longest))}`;
    case 'COMPLETED': return `${held} AND s.end_at <= ${at(recent)} AND s.start_at < ${at(recent)}`;
    case 'ERROR': return 'false';
    default: {
      const exhaustive: never = status;
      return exhaustive;
    }
  }
}

export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Conditions on `s` (read.sessions) other than the ecosystem, which the walk itself fixes. */
function build(filter: SessionSummaryFilter): Built {
  const values: unknown[] = [filter.ecosystemId];
  const where: string[] = ['s.ecosystem_id = $1'];
  let withClause = '';
  if (filter.from) where.push(`s.start_at >= ${param(values, filter.from)}::timestamptz`);
  if (filter.to) where.push(`s.start_at < ${param(values, filter.to)}::timestamptz`);
  // One program as an equality, so the plan can walk that program's start index.
  if (filter.programIds?.length === 1) where.push(`s.program_id = ${param(values, filter.programIds[0])}::uuid`);
  else if (filter.programIds?.length) where.push(`s.program_id = ANY(${param(values, filter.programIds)}::uuid[])`);
  if (filter.sessionTypes?.length) where.push(`s.session_type = ANY(${param(values, filter.sessionTypes)}::text[])`);
  if (filter.sessionIds) where.push(`s.id = ANY(${param(values, filter.sessionIds)}::uuid[])`);
  if (filter.cancelled !== undefined) where.push(filter.cancelled ? 's.cancelled' : 'NOT s.cancelled');
  if (filter.endsAfter) where.push(`s.end_at > ${param(values, filter.endsAfter)}::timestamptz`);
  if (filter.statuses?.length) {
    const at: At = (instant) => `${param(values, instant)}::timestamptz`;
    const conditions = filter.statuses.map((st) => statusCondition(st, filter.now, at));
    where.push(conditions.length === 1 ? conditions[0] : `(${conditions.map((c) => `(${c})`).join(' OR ')})`);
  }
  const text = filter.text?.trim();
  if (text) {
    const pattern = param(values, likePattern(text));
    withClause = `WITH named AS MATERIALIZED (
      SELECT e.user_id FROM read.roster_entries e WHERE e.ecosystem_id = $1
         AND (e.first_name || ' ' || e.last_name || ' ' || coalesce(e.preferred_name, '')) ILIKE ${pattern}) `;
    where.push(`(s.subject ILIKE ${pattern} OR EXISTS (SELECT 1 FROM read.session_participants sp
      WHERE sp.session_id = s.id AND sp.user_id IN (SELECT user_id FROM named)))`);
  }
  return { where, values, with: withClause };
}

const COLUMNS = `s.id, s.ecosystem_id AS "ecosystemId", s.program_id AS "programId", s.series_id AS "seriesId",
  s.segment_id AS "segmentId", s.recurring, s.session_type AS "sessionType", s.subject, s.date::text AS date,
  s.start_time AS "startTime", s.time_zone_id AS "timeZoneId", s.duration_minutes AS "durationMinutes",
  s.start_at AS "startAt", s.end_at AS "endAt", s.cancelled, s.cancel_reason AS "cancelReason", s.pending,
  s.num_leaders AS "numLeaders", s.num_learners AS "numLearners", s.num_attendees AS "numAttendees",
  s.custom_properties AS "customProperties", s.last_modified AS "lastModified"`;

/** Sort keys per order: SQL expressions, their casts (for the cursor), and the direction. */
const KEYS: Record<Exclude<SessionSummarySort, 'PROGRAM'>, { exprs: string[]; casts: string[]; desc: boolean }> = {
  START_ASC: { exprs: ['s.start_at', 's.id'], casts: ['timestamptz', 'uuid'], desc: false },
  START_DESC: { exprs: ['s.start_at', 's.id'], casts: ['timestamptz', 'uuid'], desc: true },
  SUBJECT: { exprs: ['s.subject COLLATE "C"', 's.start_at', 's.id'], casts: ['text', 'timestamptz', 'uuid'], desc: false },
};

function after(values: unknown[], exprs: string[], casts: string[], key: readonly string[], desc: boolean): string {
  const right = key.map((k, i) => `${param(values, k)}::${casts[i]}`);
  return `(${exprs.join(', ')}) ${desc ? '<' : '>'} (${right.join(', ')})`;
}

/** Up to `limit` sessions after the cursor key (the `sortKey` of the last row of the page before). */
export async function sessionSummaryPage(
  db: Queryable, filter: SessionSummaryFilter, sort: SessionSummarySort, limit: number, afterKey: readonly string[] | null,
): Promise<SessionSummaryRow[]> {
  const built = build(filter);
  if (sort === 'PROGRAM') return programPage(db, built, limit, afterKey);
  const { exprs, casts, desc } = KEYS[sort];
  if (afterKey) built.where.push(after(built.values, exprs, casts, afterKey, desc));
  const dir = desc ? 'DESC' : 'ASC';
  const r = await db.query<SessionSummaryRow>(
    `${built.with}SELECT ${COLUMNS}, (SELECT p.name FROM read.programs p WHERE p.id = s.program_id) AS "programName",
       ARRAY[${exprs.map((e) => `(${e})::text`).join(', ')}] AS "sortKey"
       FROM read.sessions s WHERE ${built.where.join(' AND ')}
      ORDER BY ${exprs.map((e) => `${e} ${dir}`).join(', ')} LIMIT ${param(built.values, limit)}`, built.values);
  return r.rows;
}

/** By program name, then start: the ecosystem's programs in name order, each one's sessions by start. */
async function programPage(db: Queryable, built: Built, limit: number, afterKey: readonly string[] | null): Promise<SessionSummaryRow[]> {
  const { values } = built;
  // The program fixes the ecosystem: without its condition the plan walks that program's start index.
  const inner = [...built.where.filter((c) => c !== 's.ecosystem_id = $1'), 's.program_id = pr.id'];
  const outer = ['pr.ecosystem_id = $1'];
  if (afterKey) {
    inner.push(after(values, ['pr.sort_name', 'pr.id', 's.start_at', 's.id'], ['text', 'uuid', 'timestamptz', 'uuid'], afterKey, false));
    outer.push(`(pr.sort_name, pr.id) >= (${param(values, afterKey[0])}::text, ${param(values, afterKey[1])}::uuid)`);
  }
  const n = param(values, limit);
  const r = await db.query<SessionSummaryRow>(
    `${built.with}SELECT x.*, pr.name AS "programName", ARRAY[pr.sort_name, pr.id::text, x."startAt"::text, x.id::text] AS "sortKey"
       FROM read.programs pr
       CROSS JOIN LATERAL (SELECT ${COLUMNS} FROM read.sessions s WHERE ${inner.join(' AND ')} ORDER BY s.start_at, s.id LIMIT ${n}) x
      WHERE ${outer.join(' AND ')}
      ORDER BY pr.sort_name, pr.id, x."startAt", x.id LIMIT ${n}`, values);
  return r.rows;
}

/** How many sessions the filter names: what a bulk action will touch (it reads every matching row). */
export async function sessionSummaryCount(db: Queryable, filter: SessionSummaryFilter): Promise<number> {
  const built = build(filter);
  const r = await db.query<{ n: number }>(`${built.with}SELECT count(*)::int AS n FROM read.sessions s WHERE ${built.where.join(' AND ')}`, built.values);
  return r.rows[0].n;
}

/** The programs of the sessions the filter names: whose custom session properties "save all label" must fit. */
export async function sessionSummaryProgramIds(db: Queryable, filter: SessionSummaryFilter): Promise<string[]> {
  const built = build(filter);
  const r = await db.query<{ id: string }>(`${built.with}SELECT DISTINCT s.program_id AS id FROM read.sessions s WHERE ${built.where.join(' AND ')}`, built.values);
  return r.rows.map((row) => row.id);
}

/** The participants of a page's sessions with their names in the ecosystem, in one statement. */
export async function summaryParticipants(db: Queryable, ecosystemId: string, sessionIds: readonly string[]): Promise<SummaryParticipantRow[]> {
  if (sessionIds.length === 0) return [];
  const r = await db.query<SummaryParticipantRow>(
    `SELECT sp.session_id AS "sessionId", sp.user_id AS "userId", sp.user_type AS "userType", sp.is_leader AS "isLeader",
            e.first_name AS "firstName", e.last_name AS "lastName", e.preferred_name AS "preferredName"
       FROM read.session_participants sp
       LEFT JOIN read.roster_entries e ON e.ecosystem_id = $1 AND e.user_id = sp.user_id
      WHERE sp.session_id = ANY($2::uuid[])
      ORDER BY sp.session_id, sp.is_leader DESC, e.last_name, e.first_name, sp.user_id`, [ecosystemId, sessionIds]);
  return r.rows;
}

export interface AutocompleteOptions {
  subjects: string[];
  people: Array<{ userId: string; firstName: string; lastName: string; preferredName: string | null }>;
}

/**
 * Subjects and people of the ecosystem's sessions that contain the term (at most `limit` each):
 * subjects by walking the subject index one distinct subject at a time (a loose index scan: its
 * cost follows the number of distinct subjects, not of sessions), people
 * among the roster entries who are in a session of that status.
 */
export async function summaryAutocomplete(db: Queryable, ecosystemId: string, term: string, status: SummaryStatus | null, now: Date, limit: number): Promise<AutocompleteOptions> {
  const pattern = likePattern(term);
  const subjects = await db.query<{ subject: string }>(
    `WITH RECURSIVE walk(k) AS (
       (SELECT s.subject COLLATE "C" FROM read.sessions s WHERE s.ecosystem_id = $1 ORDER BY s.subject COLLATE "C" LIMIT 1)
       UNION ALL
       SELECT (SELECT s.subject COLLATE "C" FROM read.sessions s WHERE s.ecosystem_id = $1 AND s.subject COLLATE "C" > w.k
                ORDER BY s.subject COLLATE "C" LIMIT 1) FROM walk w WHERE w.k IS NOT NULL)
     SELECT w.k AS subject FROM walk w WHERE w.k IS NOT NULL AND w.k ILIKE $2 LIMIT $3`, [ecosystemId, pattern, limit]);
  const values: unknown[] = [ecosystemId, pattern, limit];
  const statusSql = status ? ` AND ${statusCondition(status, now, (instant) => `${param(values, instant)}::timestamptz`)}` : '';
  const people = await db.query<AutocompleteOptions['people'][number]>(
    `SELECT e.user_id AS "userId", e.first_name AS "firstName", e.last_name AS "lastName", e.preferred_name AS "preferredName"
       FROM read.roster_entries e
      WHERE e.ecosystem_id = $1 AND (e.first_name || ' ' || e.last_name || ' ' || coalesce(e.preferred_name, '')) ILIKE $2
        AND EXISTS (SELECT 1 FROM read.session_participants sp JOIN read.sessions s ON s.id = sp.session_id
                     WHERE sp.user_id = e.user_id AND sp.ecosystem_id = $1${statusSql})
      ORDER BY e.sort_name, e.user_id LIMIT $3`, values);
  return { subjects: subjects.rows.map((r) => r.subject), people: people.rows };
}
