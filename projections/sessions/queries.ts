/**
 * Reading the sessions read model (read.sessions, read.session_participants) for the API's lists
 * and checks (docs/decisions/0056-session-reads-and-permissions.md). Row-level security limits
 * every statement to the request's tenants; who may see which sessions inside a tenant is decided
 * by domain/session/policy.ts and passed in here as a `SessionScope`.
 */
import type { PoolClient } from 'pg';
import type { MeetingSolution, ParticipantType, SessionLocation, SessionStatus, SessionType } from '../../domain/session/model';
import type { SegmentRecurrence } from './write';

export interface SessionRow {
  id: string;
  ecosystemId: string;
  programId: string;
  seriesId: string;
  segmentId: string;
  recurring: boolean;
  recurrence: SegmentRecurrence | null;
  originalDate: string;
  date: string;
  startTime: string;
  timeZoneId: string;
  durationMinutes: number;
  startAt: Date;
  endAt: Date;
  sessionType: SessionType;
  subject: string;
  subjectId: string | null;
  description: string;
  location: SessionLocation;
  meetingSolution: MeetingSolution;
  meetingUrl: string | null;
  roomId: string | null;
  locationName: string | null;
  locationPoint: { lng: number; lat: number } | null;
  maxStudents: number | null;
  gradeLevels: string[];
  schools: string[];
  isPaid: boolean;
  tutoringAmount: number | null;
  customProperties: { key: string; value: string }[];
  courseSectionId: string | null;
  cancelled: boolean;
  cancelReason: string | null;
  pending: boolean;
  numLeaders: number;
  numLearners: number;
  numAttendees: number;
  createdBy: string;
  forceBooked: boolean;
  lastModified: Date;
  /** Decision 0074: recorded by the session-timers tick; null before. */
  completionStatus: 'HELD' | 'TUTEE_NO_SHOW' | 'TUTOR_NO_SHOW' | 'NO_SHOW' | null;
}

export interface SessionParticipantRow {
  sessionId: string;
  userId: string;
  userType: ParticipantType;
  isLeader: boolean;
  isPaired: boolean;
  joinedTime: Date | null;
  joinedTimeDelta: number | null;
  leftTime: Date | null;
  isFallbackJoin: boolean;
  checkedInTime: Date | null;
  checkedOutTime: Date | null;
  /** Decision 0074. */
  hasPendingFeedback: boolean;
  feedbackRating: number | null;
  feedbackSubmittedAt: Date | null;
  feedbackSubmittedBy: string | null;
}

const SESSION_SELECT = `s.id, s.ecosystem_id AS "ecosystemId", s.program_id AS "programId", s.series_id AS "seriesId",
  s.segment_id AS "segmentId", s.recurring, s.recurrence, to_char(s.original_date, 'YYYY-MM-DD') AS "originalDate",
  to_char(s.date, 'YYYY-MM-DD') AS date, s.start_time AS "startTime", s.time_zone_id AS "timeZoneId",
  s.duration_minutes AS "durationMinutes", s.start_at AS "startAt", s.end_at AS "endAt", s.session_type AS "sessionType",
  s.subject, s.subject_id AS "subjectId", s.description, s.location, s.meeting_solution AS "meetingSolution",
  s.meeting_url AS "meetingUrl", s.room_id AS "roomId", s.location_name AS "locationName", s.location_point AS "locationPoint",
  s.max_students AS "maxStudents", s.grade_levels AS "gradeLevels", s.schools, s.is_paid AS "isPaid",
  s.tutoring_amount AS "tutoringAmount", s.custom_properties AS "customProperties", s.course_section_id AS "courseSectionId",
  s.cancelled, s.cancel_reason AS "cancelReason", s.pending, s.num_leaders AS "numLeaders", s.num_learners AS "numLearners",
  s.num_attendees AS "numAttendees", s.created_by AS "createdBy", s.force_booked AS "forceBooked", s.last_modified AS "lastModified",
  s.completion_status AS "completionStatus"`;

/** Sessions by id, as far as the tenant scope shows them. */
export async function sessionsByIds(client: PoolClient, ids: readonly string[]): Promise<Map<string, SessionRow>> {
  const r = await client.query<SessionRow>(`SELECT ${SESSION_SELECT} FROM read.sessions s WHERE s.id = ANY($1::uuid[])`, [ids]);
  return new Map(r.rows.map((row) => [row.id, row]));
}

/** The participants of many sessions, in one statement, leaders first. */
export async function participantsOfSessions(client: PoolClient, sessionIds: readonly string[]): Promise<SessionParticipantRow[]> {
  const r = await client.query<SessionParticipantRow>(
    `SELECT session_id AS "sessionId", user_id AS "userId", user_type AS "userType", is_leader AS "isLeader", is_paired AS "isPaired",
            joined_time AS "joinedTime", joined_time_delta AS "joinedTimeDelta", left_time AS "leftTime", is_fallback_join AS "isFallbackJoin",
            checked_in_time AS "checkedInTime", checked_out_time AS "checkedOutTime",
            has_pending_feedback AS "hasPendingFeedback", feedback_rating AS "feedbackRating",
            feedback_submitted_at AS "feedbackSubmittedAt", feedback_submitted_by AS "feedbackSubmittedBy"
       FROM read.session_participants WHERE session_id = ANY($1::uuid[]) ORDER BY session_id, is_leader DESC, user_id`, [sessionIds]);
  return r.rows;
}

/**
 * Which sessions of the tenant a list may show: all of them (platform and ecosystem admins), or
 * those of some ecosystems or programs (the viewer's roles over them). An empty scope shows none.
 */
export type SessionScope = { all: true } | { all: false; ecosystemIds: readonly string[]; programIds: readonly string[] };

export interface SessionListQuery {
  scope: SessionScope;
  /** Sessions any of these people take part in; null: every session of the scope. */
  userIds: readonly string[] | null;
  /** With userIds: only the sessions they lead. */
  leadersOnly?: boolean;
  /** Default UPCOMING. */
  status: SessionStatus;
  now: Date;
  from?: Date | null;
  to?: Date | null;
  programId?: string | null;
  ecosystemId?: string | null;
  sessionTypes?: readonly SessionType[] | null;
  /** Sessions whose schools overlap these (staff lists). */
  schools?: readonly string[] | null;
  /** Sessions with a learner seat left (drop-in offers). */
  withSeatsOnly?: boolean;
  pageNumber: number;
  pageSize: number;
}

export const MAX_SESSION_MINUTES = 7 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The clock-dependent statuses as conditions on `t` (UPCOMING: not ended, not cancelled): `p` when
 * the list is one person's (their participant rows carry the times), else `s`.
 */
function statusCondition(t: string, status: SessionStatus, now: string, recent: string): { sql: string; params: unknown[] } {
  switch (status) {
    case 'UPCOMING': return { sql: `NOT ${t}.cancelled AND ${t}.end_at > $N1`, params: [now] };
    case 'PENDING': return { sql: `NOT ${t}.cancelled AND s.pending AND ${t}.end_at > $N1`, params: [now] };
    case 'RECENTLY_COMPLETED': return { sql: `NOT ${t}.cancelled AND ${t}.end_at <= $N1 AND ${t}.end_at > $N2`, params: [now, recent] };
    case 'COMPLETED': return { sql: `NOT ${t}.cancelled AND ${t}.end_at <= $N1`, params: [now] };
    case 'CANCELLED': return { sql: `${t}.cancelled`, params: [] };
    case 'ERROR': return { sql: 'false', params: [] };
  }
}

class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  add(sql: string, ...values: unknown[]): void {
    let text = sql;
    values.forEach((v, i) => {
      this.params.push(v);
      text = text.replaceAll(`$N${i + 1}`, `$${this.params.length}`);
    });
    this.parts.push(text);
  }
}

/** Only the non-empty halves: an OR with an empty list would keep the planner from walking one index in order. */
function scopeCondition(w: Where, t: string, scope: { ecosystemIds: readonly string[]; programIds: readonly string[] }): void {
  const eco = scope.ecosystemIds.length > 0;
  const prog = scope.programIds.length > 0;
  if (eco && prog) w.add(`(${t}.ecosystem_id = ANY($N1::uuid[]) OR ${t}.program_id = ANY($N2::uuid[]))`, scope.ecosystemIds, scope.programIds);
  else if (eco) w.add(scope.ecosystemIds.length === 1 ? `${t}.ecosystem_id = $N1` : `${t}.ecosystem_id = ANY($N1::uuid[])`,
    scope.ecosystemIds.length === 1 ? scope.ecosystemIds[0] : scope.ecosystemIds);
  else w.add(scope.programIds.length === 1 ? `${t}.program_id = $N1` : `${t}.program_id = ANY($N1::uuid[])`,
    scope.programIds.length === 1 ? scope.programIds[0] : scope.programIds);
}

function listWhere(q: SessionListQuery, t: string): Where {
  const w = new Where();
  if (!q.scope.all) scopeCondition(w, t, q.scope);
  const status = statusCondition(t, q.status, q.now.toISOString(), new Date(q.now.getTime() - DAY_MS).toISOString());
  w.add(status.sql, ...status.params);
  // Sessions last at most 7 hours, so "not ended by now" bounds the start too: an index range, not a scan.
  if (q.status === 'UPCOMING' || q.status === 'PENDING') w.add(`${t}.start_at > $N1`, new Date(q.now.getTime() - MAX_SESSION_MINUTES * 60_000).toISOString());
  if (q.status === 'RECENTLY_COMPLETED') w.add(`${t}.start_at > $N1`, new Date(q.now.getTime() - DAY_MS - MAX_SESSION_MINUTES * 60_000).toISOString());
  if (q.from) w.add(`${t}.end_at > $N1`, q.from.toISOString());
  if (q.to) w.add(`${t}.start_at < $N1`, q.to.toISOString());
  if (q.programId) w.add(`${t}.program_id = $N1`, q.programId);
  if (q.ecosystemId) w.add(`${t}.ecosystem_id = $N1`, q.ecosystemId);
  // One type is an equality, so an index on (ecosystem, type, start) can give the order.
  if (q.sessionTypes?.length === 1) w.add(`${t}.session_type = $N1`, q.sessionTypes[0]);
  else if (q.sessionTypes && q.sessionTypes.length > 1) w.add(`${t}.session_type = ANY($N1::text[])`, q.sessionTypes);
  if (q.schools) w.add('s.schools && $N1::text[]', q.schools);
  if (q.withSeatsOnly) w.add('(s.max_students IS NULL OR s.num_learners < s.max_students)');
  return w;
}

/**
 * One page of sessions (pages from 1): soonest first for what is ahead, latest first for the past.
 * One person's list walks their participant rows in time order (index user_id, start_at) and stops
 * at the page; several people's (a parent's children) take each session once.
 */
export async function listSessions(client: PoolClient, q: SessionListQuery): Promise<{ rows: SessionRow[]; hasMore: boolean }> {
  if (!q.scope.all && q.scope.ecosystemIds.length === 0 && q.scope.programIds.length === 0) return { rows: [], hasMore: false };
  const one = q.userIds?.length === 1;
  const t = one ? 'p' : 's';
  const w = listWhere(q, t);
  if (one) w.add(`p.user_id = $N1${q.leadersOnly ? ' AND p.is_leader' : ''}`, q.userIds?.[0]);
  else if (q.userIds) {
    w.add(`s.id IN (SELECT p.session_id FROM read.session_participants p WHERE p.user_id = ANY($N1::uuid[])${q.leadersOnly ? ' AND p.is_leader' : ''})`, q.userIds);
  }
  const from = one ? 'read.session_participants p JOIN read.sessions s ON s.id = p.session_id' : 'read.sessions s';
  const order = q.status === 'UPCOMING' || q.status === 'PENDING' ? 'ASC' : 'DESC';
  const limit = w.params.push(q.pageSize + 1);
  const offset = w.params.push((q.pageNumber - 1) * q.pageSize);
  const r = await client.query<SessionRow>(`SELECT ${SESSION_SELECT} FROM ${from} WHERE ${w.parts.join(' AND ')}
    ORDER BY ${t}.start_at ${order}, ${t}.${one ? 'session_id' : 'id'} ${order} LIMIT $${limit} OFFSET $${offset}`, w.params);
  return { rows: r.rows.slice(0, q.pageSize), hasMore: r.rows.length > q.pageSize };
}

/** Of `userIds`, those who lead at least one session the tenant scope shows (cancelled ones aside). */
export async function leadersAmong(client: PoolClient, userIds: readonly string[]): Promise<Set<string>> {
  const r = await client.query<{ userId: string }>(
    `SELECT u AS "userId" FROM unnest($1::uuid[]) AS u
      WHERE EXISTS (SELECT 1 FROM read.session_participants p WHERE p.user_id = u AND p.is_leader AND NOT p.cancelled)`, [userIds]);
  return new Set(r.rows.map((row) => row.userId));
}

/** Minutes the person led in sessions that have ended and were not cancelled, within the scope. */
export async function minutesLed(client: PoolClient, userId: string, scope: SessionScope, now: Date): Promise<number> {
  if (!scope.all && scope.ecosystemIds.length === 0 && scope.programIds.length === 0) return 0;
  const r = await client.query<{ minutes: string | null }>(
    `SELECT sum(extract(epoch FROM p.end_at - p.start_at) / 60) AS minutes FROM read.session_participants p
      WHERE p.user_id = $1 AND p.is_leader AND NOT p.cancelled AND p.end_at <= $2
        AND ($3 OR p.ecosystem_id = ANY($4::uuid[]) OR p.program_id = ANY($5::uuid[]))`,
    [userId, now.toISOString(), scope.all, scope.all ? [] : scope.ecosystemIds, scope.all ? [] : scope.programIds]);
  return Number(r.rows[0]?.minutes ?? 0);
}

/**
 * Decision 0074: a person's completed sessions they attended and gave no feedback on, most recently
 * ended first (index session_participants (user_id, end_at) WHERE has_pending_feedback), as far as
 * the tenant scope shows them.
 */
export async function pendingFeedbackSessions(client: PoolClient, q: { userId: string; programIds: readonly string[] | null; pageNumber: number; pageSize: number }):
  Promise<{ rows: SessionRow[]; hasMore: boolean }> {
  const r = await client.query<SessionRow>(`SELECT ${SESSION_SELECT} FROM read.session_participants p JOIN read.sessions s ON s.id = p.session_id
    WHERE p.user_id = $1 AND p.has_pending_feedback AND ($2::uuid[] IS NULL OR s.program_id = ANY($2::uuid[]))
    ORDER BY p.end_at DESC, s.id LIMIT $3 OFFSET $4`, [q.userId, q.programIds, q.pageSize + 1, (q.pageNumber - 1) * q.pageSize]);
  return { rows: r.rows.slice(0, q.pageSize), hasMore: r.rows.length > q.pageSize };
}
