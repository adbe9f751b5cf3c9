/**
 * Writing a booking's rows (docs/decisions/0056-session-reads-and-permissions.md): the occurrences
 * `occurrencesOf(state)` gives replace what the booking had, in a constant number of statements
 * whatever their count. The rows go in as one JSON array each (jsonb_to_recordset), so a 52-week
 * series is four statements, not two hundred.
 *
 * An upsert leaves a row alone when nothing in it changed, so an attendance record or a seat
 * taken in one occurrence rewrites that occurrence only, not the whole series.
 */
import type { PoolClient } from 'pg';
import type { Occurrence, Recurrence, LocalDate } from '../../domain/session/model';

/** Qualified name of one of the projection's tables (ProjectionContext.table). */
export type TableName = (name: string) => string;

/** What the `recurrence` column keeps of a repeating segment: its rule and the date it starts on. */
export type SegmentRecurrence = Recurrence & { startDate: LocalDate };

const SESSION_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['id', 'uuid'], ['ecosystem_id', 'uuid'], ['program_id', 'uuid'], ['series_id', 'uuid'], ['segment_id', 'uuid'],
  ['recurring', 'boolean'], ['recurrence', 'jsonb'], ['original_date', 'date'], ['date', 'date'], ['start_time', 'text'],
  ['time_zone_id', 'text'], ['duration_minutes', 'integer'], ['start_at', 'timestamptz'], ['end_at', 'timestamptz'],
  ['session_type', 'text'], ['subject', 'text'], ['subject_id', 'text'], ['description', 'text'], ['location', 'text'],
  ['meeting_solution', 'text'], ['meeting_url', 'text'], ['room_id', 'text'], ['location_name', 'text'], ['location_point', 'jsonb'],
  ['max_students', 'integer'], ['grade_levels', 'text[]'], ['schools', 'text[]'], ['is_paid', 'boolean'], ['tutoring_amount', 'integer'],
  ['custom_properties', 'jsonb'], ['course_section_id', 'uuid'], ['cancelled', 'boolean'], ['cancel_reason', 'text'],
  ['pending', 'boolean'], ['num_leaders', 'integer'], ['num_learners', 'integer'], ['num_attendees', 'integer'],
  ['created_by', 'uuid'], ['force_booked', 'boolean'], ['last_modified', 'timestamptz'],
  ['completion_status', 'text'], ['completed_at', 'timestamptz'],
];

const PARTICIPANT_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['session_id', 'uuid'], ['user_id', 'uuid'], ['ecosystem_id', 'uuid'], ['program_id', 'uuid'], ['series_id', 'uuid'],
  ['user_type', 'text'], ['is_leader', 'boolean'], ['is_paired', 'boolean'], ['start_at', 'timestamptz'], ['end_at', 'timestamptz'],
  ['session_type', 'text'], ['cancelled', 'boolean'], ['joined_time', 'timestamptz'], ['joined_time_delta', 'integer'],
  ['left_time', 'timestamptz'], ['is_fallback_join', 'boolean'],
  ['checked_in_time', 'timestamptz'], ['checked_out_time', 'timestamptz'],
  ['has_pending_feedback', 'boolean'], ['feedback_rating', 'integer'], ['feedback_comment', 'text'],
  ['feedback_submitted_at', 'timestamptz'], ['feedback_submitted_by', 'uuid'],
];

/** `INSERT ... SELECT FROM jsonb_to_recordset($n)` upserting on `key`, skipping rows that did not change. */
function upsertFromJson(table: string, alias: string, columns: ReadonlyArray<readonly [string, string]>, key: string[], param: string): string {
  const names = columns.map(([n]) => n);
  const typed = columns.map(([n, t]) => `${n} ${t}`).join(', ');
  const updates = names.filter((n) => !key.includes(n));
  return `INSERT INTO ${table} AS ${alias} (${names.join(', ')})
    SELECT ${names.join(', ')} FROM jsonb_to_recordset(${param}::jsonb) AS r(${typed})
    ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${updates.map((n) => `${n} = EXCLUDED.${n}`).join(', ')}
    WHERE (${updates.map((n) => `${alias}.${n}`).join(', ')}) IS DISTINCT FROM (${updates.map((n) => `EXCLUDED.${n}`).join(', ')})`;
}

/** Learners: everyone who is not leading (students, and parents booked for them). */
function counts(o: Occurrence): { leaders: number; learners: number; attendees: number } {
  const leaders = o.participants.filter((p) => p.isLeader).length;
  // A leader's check-in counts as attendance as a join does (decision 0066).
  const attended = o.participants.filter((p) => p.attendance.joinedTime !== null || p.attendance.checkedInTime !== null).length;
  return { leaders, learners: o.participants.length - leaders, attendees: attended };
}

function sessionRecord(o: Occurrence, ecosystemId: string, recurrence: SegmentRecurrence | null): Record<string, unknown> {
  const d = o.details;
  const n = counts(o);
  return {
    id: o.id, ecosystem_id: ecosystemId, program_id: d.programId, series_id: o.seriesId, segment_id: o.segmentId, recurring: o.recurring,
    recurrence: o.recurring ? recurrence : null, original_date: o.originalDate, date: o.date, start_time: o.startTime, time_zone_id: o.timeZoneId,
    duration_minutes: o.durationMinutes, start_at: o.startAt, end_at: o.endAt, session_type: d.sessionType, subject: d.subject,
    subject_id: d.subjectId, description: d.sessionDescription, location: d.location, meeting_solution: d.meeting.solution,
    meeting_url: d.meeting.url, room_id: d.meeting.roomId, location_name: d.meeting.locationName, location_point: d.meeting.locationPoint,
    max_students: d.maxStudents, grade_levels: d.gradeLevels, schools: d.schools, is_paid: d.isPaid, tutoring_amount: d.tutoringAmount,
    custom_properties: d.customProperties, course_section_id: d.courseSectionId, cancelled: o.cancelled, cancel_reason: o.cancelReason,
    pending: o.pending, num_leaders: n.leaders, num_learners: n.learners, num_attendees: n.attendees, created_by: o.createdBy,
    force_booked: o.forceBooked, last_modified: o.lastModified,
    completion_status: o.completion?.status ?? null, completed_at: o.completion?.at ?? null,
  };
}

/** Decision 0074: whoever attended a completed occurrence owes feedback until they give it. */
function feedbackColumns(o: Occurrence, userId: string): Record<string, unknown> {
  const given = o.feedback?.[userId];
  return {
    has_pending_feedback: Boolean(o.completion?.attended.includes(userId)) && !given,
    feedback_rating: given?.rating ?? null, feedback_comment: given?.comment ?? null,
    feedback_submitted_at: given?.at ?? null, feedback_submitted_by: given?.by ?? null,
  };
}

function participantRecords(o: Occurrence, ecosystemId: string): Record<string, unknown>[] {
  return o.participants.map((p) => ({
    session_id: o.id, user_id: p.userId, ecosystem_id: ecosystemId, program_id: o.details.programId, series_id: o.seriesId,
    user_type: p.userType, is_leader: p.isLeader, is_paired: p.isPaired, start_at: o.startAt, end_at: o.endAt,
    session_type: o.details.sessionType, cancelled: o.cancelled, joined_time: p.attendance.joinedTime,
    joined_time_delta: p.attendance.joinedTimeDelta, left_time: p.attendance.leftTime, is_fallback_join: p.attendance.isFallbackJoin,
    checked_in_time: p.attendance.checkedInTime, checked_out_time: p.attendance.checkedOutTime,
    ...feedbackColumns(o, p.userId),
  }));
}

/**
 * Replaces the rows of booking `seriesId` with `occurrences`: rows of occurrences no longer there
 * (deleted ones) and participants who left go; the rest are upserted. Four statements whatever the
 * count. `recurrences` gives each repeating segment's rule (by segment id) for the list's fields.
 */
export async function writeOccurrences(client: PoolClient, table: TableName, seriesId: string, ecosystemId: string,
  occurrences: readonly Occurrence[], recurrences: ReadonlyMap<string, SegmentRecurrence> = new Map()): Promise<void> {
  const sessions = occurrences.map((o) => sessionRecord(o, ecosystemId, recurrences.get(o.segmentId) ?? null));
  const participants = occurrences.flatMap((o) => participantRecords(o, ecosystemId));
  await client.query(`DELETE FROM ${table('session_participants')} p WHERE p.series_id = $1
      AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS r(session_id uuid, user_id uuid)
                       WHERE r.session_id = p.session_id AND r.user_id = p.user_id)`,
  [seriesId, JSON.stringify(participants.map((p) => ({ session_id: p.session_id, user_id: p.user_id })))]);
  await client.query(`DELETE FROM ${table('sessions')} WHERE series_id = $1 AND NOT (id = ANY($2::uuid[]))`, [seriesId, occurrences.map((o) => o.id)]);
  if (sessions.length === 0) return;
  await client.query(upsertFromJson(table('sessions'), 's', SESSION_COLUMNS, ['id'], '$1'), [JSON.stringify(sessions)]);
  if (participants.length > 0) {
    await client.query(upsertFromJson(table('session_participants'), 'p', PARTICIPANT_COLUMNS, ['session_id', 'user_id'], '$1'), [JSON.stringify(participants)]);
  }
}

/** The booking's folded state, as the projection keeps it between events. */
export async function loadSeriesState(client: PoolClient, table: TableName, seriesId: string): Promise<unknown> {
  const r = await client.query<{ state: unknown }>(`SELECT state FROM ${table('session_series')} WHERE series_id = $1`, [seriesId]);
  return r.rows[0]?.state ?? null;
}

export async function saveSeriesState(client: PoolClient, table: TableName, seriesId: string, ecosystemId: string, state: unknown, at: string): Promise<void> {
  await client.query(`INSERT INTO ${table('session_series')} (series_id, ecosystem_id, state, updated_at) VALUES ($1, $2, $3, $4)
    ON CONFLICT (series_id) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`,
  [seriesId, ecosystemId, JSON.stringify(state), at]);
}
