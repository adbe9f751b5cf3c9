/**
 * The "all matching" session actions' reads (decision 0064), on the owner connection like the
 * roster jobs': a job acts for its admin inside the one ecosystem its filter names, which every
 * read here is keyed by (the summary's queries fix `s.ecosystem_id`).
 */
import type { Pool } from 'pg';
import { sessionSummaryCount, sessionSummaryPage } from '../../projections/sessions/admin-queries';
import { getProgramsByIds } from '../../projections/tenants/queries';
import type { SessionJobReads } from './activities';

export function sessionJobReads(pool: Pool): SessionJobReads {
  return {
    count: (filter) => sessionSummaryCount(pool, filter),
    page: (filter, limit, after) => sessionSummaryPage(pool, filter, 'START_ASC', limit, after),
    async sessionProperties(programIds) {
      const programs = await getProgramsByIds(pool, programIds);
      return new Map(programs.map((p) => [p.id, p.sessions.customSessionProperties]));
    },
  };
}
