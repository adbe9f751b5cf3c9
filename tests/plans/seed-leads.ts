/**
 * Grows the sign-up leads read model (docs/decisions/0045) of one tenant to `leads` rows, written
 * straight into the serving build's table as the projection shapes them: one a minute back from
 * now, all still usable, and one in 300 used (a rare status). Then ANALYZE.
 */
import type { Pool } from 'pg';

export async function seedLeads(owner: Pool, ecosystemId: string, leads: number): Promise<void> {
  const serving = await owner.query<{ schema_name: string }>(`SELECT schema_name FROM projections.checkpoints WHERE name = 'signupleads' AND status = 'serving'`);
  const t = `"${serving.rows[0].schema_name}"`;
  await owner.query(`
    INSERT INTO ${t}.signup_leads (id, ecosystem_id, first_name, last_name, email, applicant_type, status, created_at, expires_at)
    SELECT gen_random_uuid(), $1, 'Lead', 'Row ' || i, 'lead' || i || '@example.org', 'PARENT',
           CASE WHEN i % 300 = 0 THEN 'USED' ELSE 'OPEN' END, now() - i * interval '1 minute', now() - i * interval '1 minute' + interval '30 days'
      FROM generate_series(1, $2::int) AS i`, [ecosystemId, leads]);
  await owner.query(`ANALYZE ${t}.signup_leads`);
}
