/**
 * The "all matching" actions of the admin session summary (decision 0064): adminCancelAllLabelSession,
 * adminRestoreAllSessions and adminSaveAllLabelSession. As the roster's (decision 0049), the page
 * first shows how many sessions the filters name (the summary's totalCount); the mutation carries
 * that number and is refused (CONFLICT, with the new number) when the filters name a different
 * number now. Everything is checked before the job is queued (the reason a cancel within 24 hours
 * needs, the property's key and value against every program of the sessions named); then a batch
 * job walks the sessions a page at a time (workflows/session-bulk), acting as the admin.
 */
import type { BatchJobName } from '../../domain/job/names';
import { sessionMessages } from '../../domain/session/messages';
import { MAX_DURATION_MINUTES } from '../../domain/session/schedule';
import { IllegalStateError, ValidationError } from '../../domain/shared/errors';
import type { BatchJobRow } from '../../projections/jobs';
import {
  sessionSummaryCount, sessionSummaryPage, sessionSummaryProgramIds, type SessionSummaryFilter,
} from '../../projections/sessions/admin-queries';
import { DAY_MS, type PropertyChange } from '../../workflows/session-bulk/act';
import type { AdminSessionFilters } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { startJob } from '../jobs/service';
import { allowedEcosystem } from '../roster/queries';
import { reasonOf } from './actions';
import { summaryFilter } from './filters';
import { sessionBulkMessages as m } from './messages';
import { checkDefined, checkedProperty } from './properties';

export const BULK_SESSION_JOBS: readonly BatchJobName[] = ['adminCancelAllLabelSession', 'adminRestoreAllSessions', 'adminSaveAllLabelSession'];

interface BulkArgs {
  ecosystemId?: string | null;
  filters?: AdminSessionFilters | null;
  expectedCount: number;
}

/** The filters as the job's metadata records them (instants as ISO text; absent lists left out). */
function recorded(f: SessionSummaryFilter): Record<string, unknown> {
  return JSON.parse(JSON.stringify({
    from: f.from?.toISOString() ?? null, to: f.to?.toISOString() ?? null, programIds: f.programIds, statuses: f.statuses, sessionTypes: f.sessionTypes, text: f.text ?? null,
  })) as Record<string, unknown>;
}

interface Launch {
  jobName: BatchJobName;
  extra: Record<string, unknown>;
  /** Refusals of the action's own, after the count held (only for a new job, like the count). */
  check?: (filter: SessionSummaryFilter) => Promise<void>;
}

async function launch(ctx: RequestContext, args: BulkArgs, ecosystemId: string, job: Launch): Promise<BatchJobRow> {
  const viewer = requireViewer(ctx);
  const now = ctx.services.clock();
  const { filter } = summaryFilter(ecosystemId, args.filters, now);
  const precheck = async () => {
    const count = await ctx.read((c) => sessionSummaryCount(c, filter));
    if (count !== args.expectedCount) throw new IllegalStateError(m.countChanged({ count }), 'COUNT_CHANGED');
    await job.check?.(filter);
  };
  const metadata = { filters: recorded(filter), expectedCount: args.expectedCount, asOf: now.toISOString(), ...job.extra };
  return startJob(ctx, viewer, { ecosystemId, jobName: job.jobName, metadata }, precheck);
}

/** The ecosystem (its admins only), then the count's shape: both before anything else is read. */
async function allowed(ctx: RequestContext, args: BulkArgs): Promise<string> {
  const ecosystemId = await allowedEcosystem(ctx, args.ecosystemId, 'manage');
  if (!Number.isInteger(args.expectedCount) || args.expectedCount < 0) throw ValidationError.forField('expectedCount', m.invalidCount);
  return ecosystemId;
}

/**
 * The domain asks for a reason within 24 hours of a start: asked here if any session named that is
 * not over and not cancelled starts within the day. No session is longer than MAX_DURATION_MINUTES,
 * so one not over started at most that long ago: the walk of the start index covers about a day,
 * not the ecosystem's past.
 */
async function requireReason(ctx: RequestContext, filter: SessionSummaryFilter): Promise<void> {
  const now = filter.now.getTime();
  const dayEnd = new Date(now + DAY_MS);
  const longAgo = new Date(now - MAX_DURATION_MINUTES * 60_000);
  const to = filter.to && filter.to < dayEnd ? filter.to : dayEnd;
  const from = filter.from && filter.from > longAgo ? filter.from : longAgo;
  const soon = await ctx.read((c) => sessionSummaryPage(c, { ...filter, from, to, cancelled: false, endsAfter: filter.now }, 'START_ASC', 1, null));
  if (soon.length) throw ValidationError.forField('reason', sessionMessages.reasonRequired);
}

export async function cancelAll(ctx: RequestContext, args: BulkArgs & { reason?: string | null }): Promise<BatchJobRow> {
  const ecosystemId = await allowed(ctx, args);
  const reason = reasonOf(args.reason);
  return launch(ctx, args, ecosystemId, {
    jobName: 'adminCancelAllLabelSession', extra: { reason }, check: reason ? undefined : (filter) => requireReason(ctx, filter),
  });
}

export async function restoreAll(ctx: RequestContext, args: BulkArgs): Promise<BatchJobRow> {
  return launch(ctx, args, await allowed(ctx, args), { jobName: 'adminRestoreAllSessions', extra: {} });
}

export async function saveAllLabel(ctx: RequestContext, args: BulkArgs & { key: string; value?: string | null }): Promise<BatchJobRow> {
  const ecosystemId = await allowed(ctx, args);
  const change: PropertyChange = checkedProperty({ key: args.key, value: args.value ?? null }, (part) => part);
  const check = async (filter: SessionSummaryFilter) => {
    const programIds = await ctx.read((c) => sessionSummaryProgramIds(c, filter));
    await checkDefined(ctx, programIds, [change], () => (part) => part);
  };
  return launch(ctx, args, ecosystemId, { jobName: 'adminSaveAllLabelSession', extra: { key: change.key, value: change.value }, check });
}
