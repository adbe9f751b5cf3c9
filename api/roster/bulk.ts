/**
 * The bulk admin actions on everyone a roster filter names (decision 0049): adminArchiveAllUser
 * and adminUpdateAllUserPermissions. The page first shows how many people they will touch
 * (getUserRoster's totalCount); the mutation carries that number and is refused (CONFLICT, with
 * the new number) when the filter names a different number now, so nobody confirms one count and
 * runs another. Then a batch job with progress runs it (workflows/roster), acting as the admin.
 * The admin is never among the people acted on.
 */
import type { BatchJobName } from '../../domain/job/names';
import { IllegalStateError, ValidationError } from '../../domain/shared/errors';
import { rosterCount } from '../../projections/roster';
import { findBatchJob, type BatchJobRow } from '../../projections/jobs';
import { rosterPolicy } from '../../domain/user/policy/roster';
import { idOf } from '../relay';
import { isUuid } from '../../domain/shared/ids';
import type { UserPermissionChanges, UserRosterFilters } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { startJob } from '../jobs/service';
import { checkedRoles } from './actions';
import { rosterFilter } from './filters';
import { rosterMessages } from './messages';
import { BULK_SESSION_JOBS } from '../sessions-admin/bulk';
import { allowedEcosystem } from './queries';

export const BULK_USER_JOBS: readonly BatchJobName[] = ['adminArchiveAllUser', 'adminUpdateAllUserPermissions'];

interface BulkArgs {
  ecosystemId?: string | null;
  selectedFilters?: UserRosterFilters | null;
  expectedCount: number;
}

async function launch(ctx: RequestContext, args: BulkArgs, jobName: BatchJobName, extra: Record<string, unknown>): Promise<BatchJobRow> {
  const viewer = requireViewer(ctx);
  const ecosystemId = await allowedEcosystem(ctx, args.ecosystemId, 'manage');
  if (!Number.isInteger(args.expectedCount) || args.expectedCount < 0) throw ValidationError.forField('expectedCount', rosterMessages.invalidCount);
  const { filter } = rosterFilter(ecosystemId, args.selectedFilters);
  const filters = { roles: filter.roles, statuses: filter.statuses, programIds: filter.programIds, text: filter.text };
  const precheck = async () => {
    const count = await ctx.read((c) => rosterCount(c, { ...filter, excludeUserIds: [viewer.userId] }));
    if (count !== args.expectedCount) throw new IllegalStateError(rosterMessages.countChanged({ count }), 'COUNT_CHANGED');
  };
  const metadata = { filters: JSON.parse(JSON.stringify(filters)) as Record<string, unknown>, expectedCount: args.expectedCount, excludeUserId: viewer.userId, ...extra };
  return startJob(ctx, viewer, { ecosystemId, jobName, metadata }, precheck);
}

export async function archiveAll(ctx: RequestContext, args: BulkArgs): Promise<BatchJobRow> {
  return launch(ctx, args, 'adminArchiveAllUser', {});
}

export async function updateAllPermissions(ctx: RequestContext, args: BulkArgs & { changes: UserPermissionChanges }): Promise<BatchJobRow> {
  const ecosystemId = await allowedEcosystem(ctx, args.ecosystemId, 'manage');
  const changes = await checkedRoles(ctx, ecosystemId, args.changes);
  return launch(ctx, args, 'adminUpdateAllUserPermissions', { changes });
}

/** A bulk action's job, for the admins of its ecosystem (the generic job reads are platform admins'); null otherwise. */
export async function bulkJob(ctx: RequestContext, value: string): Promise<BatchJobRow | null> {
  const viewer = requireViewer(ctx);
  const id = idOf('BatchJob', value).toLowerCase();
  if (!isUuid(id)) return null;
  const row = await ctx.read((c) => findBatchJob(c, id));
  if (!row) return null;
  // An invitation file's job (decision 0041) is also its uploader's, who may be a program admin.
  if (row.jobName === 'inviteUsersFromFile') return row.createdBy === viewer.userId || rosterPolicy(viewer, 'manage', row.ecosystemId) ? row : null;
  // The session summary's "all matching" jobs (decision 0064) are its ecosystem's admins' too.
  const bulk = [...BULK_USER_JOBS, ...BULK_SESSION_JOBS].includes(row.jobName as BatchJobName);
  return bulk && rosterPolicy(viewer, 'manage', row.ecosystemId) ? row : null;
}
