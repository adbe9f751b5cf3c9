/**
 * The ecosystem of benchmark 9: 200,000 session occurrences written in bulk into the sessions read
 * model (rows shaped as projections/sessions/tables.ts says, through the `read.*` views as the
 * owner, as api/sessions-admin/testing.ts does), not through 2,000 bookings' worth of events: the
 * benchmark measures the readers, and the projection writing them is benchmark 10's business.
 *
 * 2,000 weekly series of 100 weeks each (from 50 weeks ago to 49 weeks ahead), one tutor and one
 * learner each, among 300 tutors and 3,000 learners; the bench's own tutor is tutor 0 (every 300th
 * series) and its learner takes part in every 300th series too. One occurrence in 23 is cancelled.
 * Subjects cycle through 20 names. Tutors and learners other than the bench's two are ids without
 * a person (the summary shows them without a name).
 */
import type pg from 'pg';

export const SERIES = 2_000;
export const WEEKS = 100;
export const OCCURRENCES = SERIES * WEEKS;
const TUTORS = 300;
const LEARNERS = 3_000;
export const SUBJECTS = [
  'Algebra', 'Biology', 'Calculus', 'Chemistry', 'Drawing', 'Economics', 'English', 'French', 'Geography', 'Geometry',
  'History', 'Latin', 'Literature', 'Music', 'Physics', 'Programming', 'Reading', 'Spanish', 'Statistics', 'Writing',
];

const OCCURRENCES_SQL = `
  INSERT INTO bench_occurrences
  SELECT md5('bench-session-' || i || '-' || w)::uuid AS id, md5('bench-series-' || i)::uuid AS series_id,
         CASE WHEN i % ${TUTORS} = 0 THEN $1::uuid ELSE md5('bench-tutor-' || (i % ${TUTORS}))::uuid END AS tutor_id,
         CASE WHEN i % ${TUTORS} = 7 THEN $2::uuid ELSE md5('bench-learner-' || (i % ${LEARNERS}))::uuid END AS learner_id,
         ($3::text[])[1 + i % ${SUBJECTS.length}] AS subject, first_start + w * interval '7 days' AS start_at,
         (first_start AT TIME ZONE 'UTC')::date AS first_date, (i * 7 + w) % 23 = 0 AS cancelled
    FROM generate_series(0, ${SERIES - 1}) AS i
   CROSS JOIN LATERAL (SELECT date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '50 weeks'
                              + (i % 7) * interval '1 day' + (8 + i % 10) * interval '1 hour' AS first_start) AS f
   CROSS JOIN generate_series(0, ${WEEKS - 1}) AS w`;

const SESSIONS_SQL = `
  INSERT INTO read.sessions (id, ecosystem_id, program_id, series_id, segment_id, recurring, recurrence, original_date, date, start_time,
    time_zone_id, duration_minutes, start_at, end_at, session_type, subject, subject_id, description, location, meeting_solution,
    grade_levels, schools, is_paid, custom_properties, cancelled, pending, num_leaders, num_learners, num_attendees, created_by,
    force_booked, last_modified)
  SELECT id, $1, $2, series_id, series_id, true,
         jsonb_build_object('frequency', 'WEEKLY', 'interval', 1, 'recurringDays', jsonb_build_array(extract(dow FROM first_date)::int),
                            'weeks', ${WEEKS}, 'endDate', null, 'startDate', first_date),
         (start_at AT TIME ZONE 'UTC')::date, (start_at AT TIME ZONE 'UTC')::date, to_char(start_at AT TIME ZONE 'UTC', 'HH24:MI'),
         'UTC', 60, start_at, start_at + interval '1 hour', 'ONE_ON_ONE', subject, null, '', 'ONLINE', 'LESSONSPACE',
         '{}', '{}', false, '[]', cancelled, false, 1, 1, 0, tutor_id, false, now()
    FROM bench_occurrences`;

const PARTICIPANTS_SQL = `
  INSERT INTO read.session_participants (session_id, user_id, ecosystem_id, program_id, series_id, user_type, is_leader, is_paired,
    start_at, end_at, session_type, cancelled, is_fallback_join)
  SELECT id, person, $1, $2, series_id, kind, kind = 'TUTOR', true, start_at, start_at + interval '1 hour', 'ONE_ON_ONE', cancelled, false
    FROM bench_occurrences
   CROSS JOIN LATERAL (VALUES (tutor_id, 'TUTOR'), (learner_id, 'STUDENT')) AS p(person, kind)`;

export interface SessionSeedPeople {
  ecosystemId: string;
  programId: string;
  tutorId: string;
  learnerId: string;
}

/** Writes the occurrences and their participants in one transaction, then analyzes (a long-running database has statistics). */
export async function seedSessions(owner: pg.Pool, people: SessionSeedPeople): Promise<{ sessions: number; participants: number }> {
  const client = await owner.connect();
  try {
    await client.query('BEGIN');
    await client.query(`CREATE TEMP TABLE bench_occurrences (id uuid, series_id uuid, tutor_id uuid, learner_id uuid, subject text,
      start_at timestamptz, first_date date, cancelled boolean) ON COMMIT DROP`);
    await client.query(OCCURRENCES_SQL, [people.tutorId, people.learnerId, SUBJECTS]);
    const sessions = await client.query(SESSIONS_SQL, [people.ecosystemId, people.programId]);
    const participants = await client.query(PARTICIPANTS_SQL, [people.ecosystemId, people.programId]);
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return { sessions: sessions.rowCount ?? 0, participants: participants.rowCount ?? 0 };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
