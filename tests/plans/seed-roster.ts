/**
 * Grows the roster read model (decision 0049) of one tenant to `people` rows, written straight into
 * the serving build's tables as the roster projection shapes them: most people learners, a third
 * tutors, one in 200 a teacher (a rare role), one in 500 locked (a rare status), spread over the
 * tenant's programs. Then ANALYZE, so the planner sees the sizes.
 */
import type { Pool } from 'pg';

export async function seedRoster(owner: Pool, ecosystemId: string, people: number): Promise<void> {
  const serving = await owner.query<{ schema_name: string }>(`SELECT schema_name FROM projections.checkpoints WHERE name = 'roster' AND status = 'serving'`);
  const t = `"${serving.rows[0].schema_name}"`;
  const programs = (await owner.query<{ id: string }>('SELECT id FROM read.programs WHERE ecosystem_id = $1 ORDER BY id', [ecosystemId])).rows.map((r) => r.id);
  await owner.query(`
    INSERT INTO ${t}.roster_entries (ecosystem_id, user_id, email, first_name, last_name, preferred_name, sort_name, status, roles, program_ids, joined_at)
    SELECT $1, gen_random_uuid(), 'person' || i || '@example.org', 'First' || i, 'Last' || lpad(i::text, 6, '0'), NULL,
           lower('Last' || lpad(i::text, 6, '0') || ' First' || i),
           CASE WHEN i % 500 = 0 THEN 'GLOBAL_LOCK' WHEN i % 10 = 0 THEN 'ARCHIVED' WHEN i % 7 = 0 THEN 'INVITED' ELSE 'ACTIVATED' END,
           CASE WHEN i % 200 = 0 THEN ARRAY['TEACHER'] WHEN i % 3 = 0 THEN ARRAY['LEADER'] ELSE ARRAY['PUPIL', 'STUDENT'] END,
           CASE WHEN i % 200 = 0 THEN '{}'::uuid[] ELSE ARRAY[($3::uuid[])[1 + i % cardinality($3::uuid[])]] END,
           now() - make_interval(mins => i)
      FROM generate_series(1, $2::int) i`, [ecosystemId, people, programs]);
  await owner.query(`
    INSERT INTO ${t}.roster_roles (ecosystem_id, role_key, user_id, sort_name, joined_at)
    SELECT e.ecosystem_id, k.role_key, e.user_id, e.sort_name, e.joined_at FROM ${t}.roster_entries e,
           LATERAL (SELECT unnest(e.roles) AS role_key UNION SELECT 'TUTEE' WHERE e.roles && ARRAY['STUDENT', 'PUPIL']) k
     WHERE e.ecosystem_id = $1 ON CONFLICT DO NOTHING`, [ecosystemId]);
  await owner.query(`
    INSERT INTO ${t}.roster_programs (ecosystem_id, program_id, user_id, sort_name, joined_at)
    SELECT e.ecosystem_id, unnest(e.program_ids), e.user_id, e.sort_name, e.joined_at FROM ${t}.roster_entries e
     WHERE e.ecosystem_id = $1 ON CONFLICT DO NOTHING`, [ecosystemId]);
  for (const table of ['roster_entries', 'roster_roles', 'roster_programs']) await owner.query(`ANALYZE ${t}.${table}`);
}
