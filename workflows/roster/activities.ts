/**
 * Activities of the bulk admin actions (decision 0049): archive, or give and take roles of,
 * everyone a roster filter names in one ecosystem, a page at a time, reporting progress after each
 * page. Every command has an id derived from the job and the person's role, so a retried page or a
 * re-run job sends nothing twice, and each change is an event the audit trail shows with the
 * admin as actor (the job's actor) and the job as its run.
 */
import { finishBatchJob, reportBatchJobProgress, startBatchJob } from '../../domain/job/handlers';
import type { GrantableRole, RoleStatus } from '../../domain/user/events';
import { changeRoleStatus, grantEcosystemRole, revokeEcosystemRole } from '../../domain/user/handlers';
import type { RosterFilter } from '../../projections/roster';
import { endJob, type ActivityDeps } from '../activities';
import type { Send } from '../dispatch';
import type { BulkUsersArgs, JobRunArgs } from '../engine/port';

export interface RosterJobReads {
  count(filter: RosterFilter): Promise<number>;
  page(filter: RosterFilter, limit: number, after: [string, string] | null): Promise<Array<{ userId: string; sortKey: string }>>;
  memberships(userId: string, ecosystemId: string): Promise<Array<{ role: GrantableRole; programId: string | null; status: RoleStatus }>>;
}

/** People per activity: one page, then a progress report. */
export const BULK_PAGE = 25;

export interface PageOutcome { done: number; changed: number; next: [string, string] | null }

function filterOf(args: BulkUsersArgs): RosterFilter {
  return { ecosystemId: args.ecosystemId, ...args.filters, excludeUserIds: [args.excludeUserId] };
}

const key = (r: { role: string; programId: string | null }) => `${r.role}:${r.programId ?? '-'}`;

/** One person: archive each role not archived yet, or apply the changes. True when anything changed. */
async function actOn(send: Send, reads: RosterJobReads, args: BulkUsersArgs, userId: string): Promise<boolean> {
  const { ecosystemId } = args;
  const held = await reads.memberships(userId, ecosystemId);
  let changed = false;
  if (!args.changes) {
    for (const r of held.filter((h) => h.status !== 'ARCHIVED')) {
      await send(`archive:${userId}:${key(r)}`, changeRoleStatus, { userId, ecosystemId, role: r.role, programId: r.programId, status: 'ARCHIVED' });
      changed = true;
    }
    return changed;
  }
  for (const r of args.changes.remove.filter((c) => held.some((h) => key(h) === key(c)))) {
    await send(`revoke:${userId}:${key(r)}`, revokeEcosystemRole, { userId, ecosystemId, role: r.role as GrantableRole, programId: r.programId });
    changed = true;
  }
  for (const r of args.changes.add.filter((c) => !held.some((h) => key(h) === key(c)))) {
    await send(`grant:${userId}:${key(r)}`, grantEcosystemRole, { userId, ecosystemId, role: r.role as GrantableRole, programId: r.programId, status: null });
    changed = true;
  }
  return changed;
}

export function createBulkUserActivities(deps: ActivityDeps, sendFor: (args: JobRunArgs) => Send) {
  const reads = (): RosterJobReads => {
    if (!deps.reads?.roster) throw new Error('The bulk admin actions need the roster reads (JobReads.roster).');
    return deps.reads.roster;
  };
  return {
    /** Marks the job PROCESSING with the number of people the filter names now. */
    async beginBulkUsers(args: BulkUsersArgs): Promise<{ total: number }> {
      const total = await reads().count(filterOf(args));
      await sendFor(args)('job:start', startBatchJob, { jobId: args.jobId, total });
      return { total };
    },

    /** Acts on the next page of people after `after` (name order), then reports progress. */
    async bulkUsersPage(args: BulkUsersArgs, after: [string, string] | null, done: number, total: number): Promise<PageOutcome> {
      const send = sendFor(args);
      const rows = await reads().page(filterOf(args), BULK_PAGE, after);
      let changed = 0;
      for (const row of rows) if (await actOn(send, reads(), args, row.userId)) changed += 1;
      const now = done + rows.length;
      // People who joined the filter after the count are acted on too; progress stops at the total.
      if (rows.length) await send(`job:progress:${now}`, reportBatchJobProgress, { jobId: args.jobId, done: Math.min(now, total) });
      const last = rows.at(-1);
      return { done: now, changed, next: rows.length === BULK_PAGE && last ? [last.sortKey, last.userId] : null };
    },

    async finishBulkUsers(args: BulkUsersArgs, done: number, changed: number): Promise<void> {
      await sendFor(args)('job:finish', finishBatchJob, { jobId: args.jobId, result: { touched: done, changed } });
    },

    /** After a failure (`failure` set) or a cancellation (null): the changes made stay, the job ends. */
    async abandonBulkUsers(args: BulkUsersArgs, failure: string | null): Promise<void> {
      await endJob(sendFor(args), args.jobId, failure);
    },
  };
}
