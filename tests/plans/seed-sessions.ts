/**
 * Grows the sessions read model (decision 0055) of one tenant to `sessions` rows, written straight
 * into the serving build's tables as the projection shapes them, for the admin summary's plans
 * (decision 0060): an hour apart around now, over 40 of the tenant's programs and 60 subjects, a
 * tutor and a learner of the seeded roster in each; one in 200 cancelled, one in 500 pending, one in
 * 100 a group (rare filters). Then ANALYZE.
 */
import type { Pool } from 'pg';

export async function seedSessions(owner: Pool, ecosystemId: string, sessions: number): Promise<void> {
  const serving = await owner.query<{ schema_name: string }>(`SELECT schema_name FROM projections.checkpoints WHERE name = 'sessions' AND status = 'serving'`);
  const t = `"${serving.rows[0].schema_name}"`;
  const programs = (await owner.query<{ id: string }>('SELECT id FROM read.programs WHERE ecosystem_id = $1 ORDER BY id LIMIT 40', [ecosystemId])).rows.map((r) => r.id);
  const people = (await owner.query<{ id: string }>('SELECT user_id AS id FROM read.roster_entries WHERE ecosystem_id = $1 ORDER BY user_id LIMIT 400', [ecosystemId])).rows.map((r) => r.id);
  await owner.query(`
    INSERT INTO ${t}.sessions (id, ecosystem_id, program_id, series_id, segment_id, recurring, recurrence, original_date, date, start_time,
      time_zone_id, duration_minutes, start_at, end_at, session_type, subject, subject_id, description, location, meeting_solution,
      grade_levels, schools, is_paid, custom_properties, cancelled, pending, num_leaders, num_learners, num_attendees, created_by,
      force_booked, last_modified)
    SELECT id, $1, ($3::uuid[])[1 + i % cardinality($3::uuid[])], id, id, false, null, st::date, st::date, to_char(st, 'HH24:MI'), 'UTC', 60,
           st, st + interval '1 hour', CASE WHEN i % 100 = 0 THEN 'GROUP' ELSE 'ONE_ON_ONE' END, 'Subject ' || (i % 60), null, '', 'ONLINE',
           'LESSONSPACE', '{}', '{}', false, '[]', i % 200 = 0, i % 500 = 0, 1, 1, 0, ($4::uuid[])[1], false, now()
      FROM (SELECT gen_random_uuid() AS id, i, date_trunc('hour', now()) + (i - $2::int / 2) * interval '1 hour' AS st
              FROM generate_series(1, $2::int) i) g`, [ecosystemId, sessions, programs, people]);
  await owner.query(`
    INSERT INTO ${t}.session_participants (session_id, user_id, ecosystem_id, program_id, series_id, user_type, is_leader, is_paired,
      start_at, end_at, session_type, cancelled, is_fallback_join)
    SELECT s.id, ($2::uuid[])[1 + (row_number() OVER (ORDER BY s.id) % (cardinality($2::uuid[]) / 2)) * 2 + k]::uuid, s.ecosystem_id, s.program_id,
           s.series_id, CASE WHEN k = 0 THEN 'TUTOR' ELSE 'STUDENT' END, k = 0, true, s.start_at, s.end_at, s.session_type, s.cancelled, false
      FROM ${t}.sessions s CROSS JOIN (VALUES (0), (1)) AS kk(k) WHERE s.ecosystem_id = $1`, [ecosystemId, people]);
  for (const table of ['sessions', 'session_participants']) await owner.query(`ANALYZE ${t}.${table}`);
}
