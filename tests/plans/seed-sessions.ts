/**
 * Grows the sessions read model (decision 0056) of one tenant, written straight into the serving
 * build's tables as writeOccurrences shapes them: `tutors` tutors with `perTutor` weekly sessions
 * each, from a year ago to a year ahead, each with one of `learners` learners; one in ten
 * cancelled, one in five a drop-in, one in a hundred pending. Then ANALYZE.
 */
import type { Pool } from 'pg';

export interface SeededSessions {
  busyTutorId: string;
  learnerId: string;
  programId: string;
}

export async function seedSessions(owner: Pool, ecosystemId: string, sizes: { tutors: number; perTutor: number; learners: number }): Promise<SeededSessions> {
  const serving = await owner.query<{ schema_name: string }>(`SELECT schema_name FROM projections.checkpoints WHERE name = 'sessions' AND status = 'serving'`);
  const t = `"${serving.rows[0].schema_name}"`;
  const programs = (await owner.query<{ id: string }>('SELECT id FROM read.programs WHERE ecosystem_id = $1 ORDER BY id LIMIT 8', [ecosystemId])).rows.map((r) => r.id);
  const ids = await owner.query<{ tutors: string[]; learners: string[] }>(
    'SELECT array(SELECT gen_random_uuid() FROM generate_series(1, $1::int)) AS tutors, array(SELECT gen_random_uuid() FROM generate_series(1, $2::int)) AS learners',
    [sizes.tutors, sizes.learners]);
  const { tutors, learners } = ids.rows[0];
  await owner.query(`
    INSERT INTO ${t}.sessions (id, ecosystem_id, program_id, series_id, segment_id, recurring, recurrence, original_date, date, start_time, time_zone_id,
      duration_minutes, start_at, end_at, session_type, subject, subject_id, description, location, meeting_solution, meeting_url, room_id,
      location_name, location_point, max_students, grade_levels, schools, is_paid, tutoring_amount, custom_properties, course_section_id,
      cancelled, cancel_reason, pending, num_leaders, num_learners, num_attendees, created_by, force_booked, last_modified)
    SELECT gen_random_uuid(), $1, ($3::uuid[])[1 + (ti % cardinality($3::uuid[]))], x.series, x.series, true, NULL, x.start::date, x.start::date,
           to_char(x.start, 'HH24:MI'), 'UTC', 60, x.start, x.start + interval '1 hour',
           CASE WHEN (ti + k) % 5 = 0 THEN 'DROP_IN' ELSE 'ONE_ON_ONE' END, 'Algebra', NULL, '', 'ONLINE', 'CUSTOM_URL', 'https://meet.example.com/x', NULL,
           NULL, NULL, CASE WHEN (ti + k) % 5 = 0 THEN 5 ELSE NULL END, '{}', '{}', false, NULL, '[]', NULL,
           (ti + k) % 10 = 0, NULL, (ti + k) % 100 = 1, 1, 1, 0, ($2::uuid[])[ti], false, now()
      FROM generate_series(1, cardinality($2::uuid[])) ti, generate_series(0, $4::int - 1) k,
           LATERAL (SELECT md5(ti::text)::uuid AS series,
                           date_trunc('hour', now()) - interval '365 days' + make_interval(days => (k * 730 / $4::int)) + make_interval(hours => ti % 10) AS start) x`,
  [ecosystemId, tutors, programs, sizes.perTutor]);
  await owner.query(`
    INSERT INTO ${t}.session_participants (session_id, user_id, ecosystem_id, program_id, series_id, user_type, is_leader, is_paired, start_at, end_at,
      session_type, cancelled, joined_time, joined_time_delta, left_time, is_fallback_join)
    SELECT s.id, p.user_id, s.ecosystem_id, s.program_id, s.series_id, p.user_type, p.is_leader, true, s.start_at, s.end_at, s.session_type, s.cancelled,
           NULL, NULL, NULL, false
      FROM ${t}.sessions s,
           LATERAL (VALUES (s.created_by, 'TUTOR', true),
                           (($2::uuid[])[1 + abs(hashtext(s.id::text)) % cardinality($2::uuid[])], 'STUDENT', false)) p(user_id, user_type, is_leader)
     WHERE s.ecosystem_id = $1`, [ecosystemId, learners]);
  for (const table of ['sessions', 'session_participants']) await owner.query(`ANALYZE ${t}.${table}`);
  const learner = await owner.query<{ user_id: string }>(
    `SELECT user_id FROM ${t}.session_participants WHERE NOT is_leader AND ecosystem_id = $1 GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`, [ecosystemId]);
  return { busyTutorId: tutors[0], learnerId: learner.rows[0].user_id, programId: programs[1 % programs.length] };
}
