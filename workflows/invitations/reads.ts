/**
 * The invitation-file job's reads (decision 0041), on the owner connection like the other jobs':
 * the job's rows from the jobs read model, and what must never be stale (who holds an e-mail, the
 * ecosystem's name and terms) from the aggregates' streams.
 */
import type { Pool } from 'pg';
import { z } from 'zod';
import type { Aggregate, DomainEvent } from '../../domain/shared/decider';
import { ecosystemAggregate } from '../../domain/ecosystem/state';
import { emailKey } from '../../domain/user/email/decide';
import { userEmailAggregate } from '../../domain/user/email/state';
import { inviteFileRowSchema } from '../../domain/job/names';
import { loadAccount } from '../../projections/users';
import type { InviteJobReads } from './activities';

export interface AggregateLoader {
  load<S, E extends DomainEvent>(aggregate: Aggregate<S, E>, aggregateId: string): Promise<S>;
}

const rowsSchema = z.array(inviteFileRowSchema);

export function inviteJobReads(pool: Pool, loader: AggregateLoader): InviteJobReads {
  return {
    async rows(jobId, from, to) {
      const r = await pool.query<{ rows: unknown }>(
        `SELECT coalesce(jsonb_path_query_array(metadata->'rows', '$[$from to $last]', jsonb_build_object('from', $2::int, 'last', $3::int - 1)), '[]') AS rows
           FROM read.batch_jobs WHERE id = $1 AND job_name = 'inviteUsersFromFile'`, [jobId, from, to]);
      return r.rows.length ? rowsSchema.parse(r.rows[0].rows) : [];
    },
    async holder(email) {
      const state = await loader.load(userEmailAggregate, emailKey(email));
      return state.status === 'reserved' ? state.userId : null;
    },
    async brand(ecosystemId) {
      const state = await loader.load(ecosystemAggregate, ecosystemId);
      if (state.status === 'none') return { ecosystemName: null, tutorTerm: null, tuteeTerm: null, moduleTerm: null };
      const { name, tutorTerm, tuteeTerm, moduleTerm } = state.details;
      return { ecosystemName: name, tutorTerm, tuteeTerm, moduleTerm };
    },
    async inviterName(userId) {
      const account = await loadAccount(pool, userId);
      return account ? `${account.firstName} ${account.lastName}`.trim() || null : null;
    },
  };
}
