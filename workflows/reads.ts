/**
 * The reads activities make, over the jobs read model (projections/jobs). On the owner
 * connection: the reaper is the platform looking at every tenant, not a user under row-level
 * security.
 */
import type { Pool } from 'pg';
import { stalledBatchJobs } from '../projections/jobs';
import { rosterJobReads } from './roster/reads';
import { sessionJobReads } from './session-bulk/reads';
import type { JobReads } from './activities';

export function jobReads(pool: Pool): JobReads {
  return {
    async stalledJobs(before, limit) {
      const rows = await stalledBatchJobs(pool, before.toISOString(), limit);
      return rows.map(({ id, ecosystemId, jobName }) => ({ id, ecosystemId, jobName }));
    },
    roster: rosterJobReads(pool),
    sessions: sessionJobReads(pool),
  };
}
