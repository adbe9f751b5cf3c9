/**
 * For the conflict tests: other sessions written straight into the sessions read model's tables
 * (projections/sessions/tables.ts) as plain rows, so the checks are tested without the booking
 * commands; and those tables created when no projection of that name is registered yet.
 */
import { ensureBuilds } from '../../projections/builds';
import { SESSION_TABLES, sessionIndexes, sessionTables } from '../../projections/sessions/tables';
import type { TestApi } from '../../tests/setup/api';

/** Creates the serving build of the sessions tables unless the platform already has one. */
export async function ensureSessionTables(api: TestApi): Promise<void> {
  const found = await api.db.ownerPool.query<{ t: string | null }>(`SELECT to_regclass('read.session_participants')::text AS t`);
  if (found.rows[0].t) return;
  await ensureBuilds(api.platform.pools.owner, {
    name: 'sessions', version: 1, tables: sessionTables, indexes: sessionIndexes, exposedTables: [...SESSION_TABLES], handlers: {},
  });
}

export interface OtherSession {
  ecosystemId: string;
  programId: string;
  startAt: string;
  endAt: string;
  leaders?: string[];
  learners?: string[];
  cancelled?: boolean;
}

/** Writes one session with its participants; returns its id. */
export async function insertSession(api: TestApi, s: OtherSession): Promise<string> {
  const id = crypto.randomUUID();
  const series = crypto.randomUUID();
  const people = [...(s.leaders ?? []).map((u) => [u, true] as const), ...(s.learners ?? []).map((u) => [u, false] as const)];
  const minutes = (Date.parse(s.endAt) - Date.parse(s.startAt)) / 60_000;
  const client = await api.db.ownerPool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO read.sessions (id, ecosystem_id, program_id, series_id, segment_id, recurring, recurrence, original_date, date, start_time,
         time_zone_id, duration_minutes, start_at, end_at, session_type, subject, subject_id, description, location, meeting_solution,
         meeting_url, room_id, location_name, location_point, max_students, grade_levels, schools, is_paid, tutoring_amount,
         custom_properties, course_section_id, cancelled, cancel_reason, pending, num_leaders, num_learners, num_attendees, created_by,
         force_booked, last_modified)
       VALUES ($1, $2, $3, $4, $4, false, NULL, ($5::timestamptz AT TIME ZONE 'UTC')::date, ($5::timestamptz AT TIME ZONE 'UTC')::date,
         to_char($5::timestamptz AT TIME ZONE 'UTC', 'HH24:MI'), 'UTC', $7, $5, $6, 'ONE_ON_ONE', 'Algebra', NULL, '', 'ONLINE', 'LESSONSPACE',
         NULL, NULL, NULL, NULL, NULL, '{}', '{}', false, NULL, '[]', NULL, $8, NULL, false, $9, $10, 0, $11, false, now())`,
      [id, s.ecosystemId, s.programId, series, s.startAt, s.endAt, minutes, s.cancelled ?? false,
        (s.leaders ?? []).length, (s.learners ?? []).length, people[0]?.[0] ?? series]);
    for (const [userId, leader] of people) {
      await client.query(
        `INSERT INTO read.session_participants (session_id, user_id, ecosystem_id, program_id, series_id, user_type, is_leader, is_paired,
           start_at, end_at, session_type, cancelled, is_fallback_join)
         VALUES ($1, $2, $3, $4, $5, $6, $7, false, $8, $9, 'ONE_ON_ONE', $10, false)`,
        [id, userId, s.ecosystemId, s.programId, series, leader ? 'TUTOR' : 'STUDENT', leader, s.startAt, s.endAt, s.cancelled ?? false]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
  return id;
}
