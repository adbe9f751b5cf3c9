/**
 * The bulk admin actions' reads (decision 0049), on the owner connection like the reaper's: a job
 * acts for its admin inside the one ecosystem its filter names, which every read here is keyed by.
 */
import type { Pool } from 'pg';
import { grantableRoleSchema, roleStatusSchema } from '../../domain/user/events';
import { rosterCount, rosterPage } from '../../projections/roster';
import type { RosterJobReads } from './activities';

export function rosterJobReads(pool: Pool): RosterJobReads {
  return {
    count: (filter) => rosterCount(pool, filter),
    page: async (filter, limit, after) => (await rosterPage(pool, filter, 'NAME_ASC', limit, after)).map((r) => ({ userId: r.userId, sortKey: r.sortKey })),
    async memberships(userId, ecosystemId) {
      const r = await pool.query<{ role: string; program_id: string | null; status: string }>(
        'SELECT role, program_id, status FROM read.user_memberships WHERE user_id = $1 AND ecosystem_id = $2 ORDER BY role, program_id', [userId, ecosystemId]);
      return r.rows.map((row) => ({ role: grantableRoleSchema.parse(row.role), programId: row.program_id, status: roleStatusSchema.parse(row.status) }));
    },
  };
}
