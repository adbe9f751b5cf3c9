/**
 * What the job mutations do besides authorizing: refuse early (CONFLICT) what the domain would
 * refuse later anyway, then launch or cancel through workflows/launch.ts with ctx.execute, so
 * every write goes through the command bus and the payload waits for the jobs projection.
 */
import { randomUUID } from 'node:crypto';
import { beginDemoDataCreation, beginDemoDataDeletion } from '../../domain/job/demo-data/decide';
import type { DemoDataState } from '../../domain/job/demo-data/state';
import { ecosystemMessages } from '../../domain/ecosystem/messages';
import { demoDataMessages } from '../../domain/job/messages';
import { parseBatchJobMetadata, type BatchJobName } from '../../domain/job/names';
import { IllegalStateError, NotFoundError } from '../../domain/shared/errors';
import { JOBS_PROJECTION, activeBatchJobs, findBatchJob, findBatchJobs, findDemoData, type BatchJobRow, type DemoDataRow } from '../../projections/jobs';
import { getEcosystemById } from '../../projections/tenants/queries';
import { cancelBatchJobs, launchBatchJob, type Execute } from '../../workflows/launch';
import type { RequestContext } from '../context';
import { actorRole } from '../request-context';
import type { Viewer } from '../context';

const DEMO_JOBS: readonly string[] = ['createEcosystemDemoData', 'deleteEcosystemDemoData'] satisfies BatchJobName[];

function executor(ctx: RequestContext, ecosystemId: string): Execute {
  return (handler, input) => ctx.execute(handler, input, { waitFor: [JOBS_PROJECTION], ecosystemId });
}

function ledgerState(row: DemoDataRow | null): DemoDataState {
  if (!row) return { status: 'ABSENT' };
  const { jobId, demoSessionsStartDate, items } = row;
  return row.status === 'PRESENT'
    ? { status: 'PRESENT', jobId, demoSessionsStartDate, items, complete: row.complete }
    : { status: row.status, jobId, demoSessionsStartDate, items };
}

/**
 * The ledger's own rule, applied to its read model: a clear CONFLICT now instead of a job that
 * fails a moment later. The ledger aggregate still decides for real, so a race between two
 * requests ends with the second job FAILED, never with duplicate demo data.
 */
async function refuseDemoConflicts(ctx: RequestContext, ecosystemId: string, jobId: string, jobName: BatchJobName, metadata: Record<string, unknown>): Promise<void> {
  const { ledger, active } = await ctx.read(async (client) => ({
    ledger: await findDemoData(client, ecosystemId),
    active: await activeBatchJobs(client, ecosystemId),
  }));
  // A concurrent copy of this very request (same key, same job id) may have queued the job already.
  if (ledger?.jobId === jobId || active.some((job) => job.id === jobId)) return;
  if (active.some((job) => DEMO_JOBS.includes(job.jobName))) throw new IllegalStateError(demoDataMessages.notThisJob, 'DEMO_DATA_BUSY');
  const probe = { ecosystemId, jobId: randomUUID() };
  if (jobName === 'createEcosystemDemoData') {
    beginDemoDataCreation({ ...probe, demoSessionsStartDate: String(metadata.demoSessionsStartDate ?? '') }, ledgerState(ledger));
  } else {
    beginDemoDataDeletion(probe, ledgerState(ledger));
  }
}

/**
 * An archived ecosystem is read-only (as for edits and new programs): no job may add to or remove
 * from it. Read from the read model, like the other early refusals; nothing is written before.
 */
async function refuseArchived(ctx: RequestContext, ecosystemId: string): Promise<void> {
  const ecosystem = await ctx.read((client) => getEcosystemById(client, ecosystemId));
  if (!ecosystem) throw new NotFoundError(ecosystemMessages.notFound);
  if (ecosystem.archived) throw new IllegalStateError(ecosystemMessages.archivedReadOnly, 'ARCHIVED');
}

export async function startJob(
  ctx: RequestContext, viewer: Viewer, request: { ecosystemId: string; jobName: BatchJobName; metadata: Record<string, unknown>; jobId?: string },
  /** A refusal of the job's own (a bulk action's changed count), checked only for a new job, like the others. */
  precheck?: () => Promise<void>,
): Promise<BatchJobRow> {
  const { ecosystemId, jobName } = request;
  // Bad input is reported as such before any conflict; the domain checks it again on queuing.
  const metadata = parseBatchJobMetadata(jobName, request.metadata);
  // Derived from the Idempotency-Key (decision 0017): a repeated request names the same job.
  const jobId = request.jobId ?? ctx.newId('batchjob');
  const earlier = await ctx.read((client) => findBatchJob(client, jobId));
  // The repeat of a request that queued this job is not a second job competing with the first: skip
  // the early refusals (which would see the first as busy) and launch again, which replays every
  // command and starts the workflow only if the first request stopped before it did.
  if (!earlier) {
    await refuseArchived(ctx, ecosystemId);
    if (DEMO_JOBS.includes(jobName)) await refuseDemoConflicts(ctx, ecosystemId, jobId, jobName, metadata);
    if (precheck) await precheck();
  }
  await launchBatchJob(executor(ctx, ecosystemId), ctx.services.engine, {
    jobId, ecosystemId, jobName, metadata, actor: { userId: viewer.userId, role: actorRole(viewer, ecosystemId) },
  });
  const row = await ctx.read((client) => findBatchJob(client, jobId));
  if (!row) throw new Error(`batch job ${jobId} is not visible after queuing`);
  return row;
}

export async function cancelActiveJobs(ctx: RequestContext, ecosystemId: string): Promise<BatchJobRow[]> {
  const active = await ctx.read((client) => activeBatchJobs(client, ecosystemId));
  const cancelled = await cancelBatchJobs(executor(ctx, ecosystemId), ctx.services.engine, active);
  return ctx.read((client) => findBatchJobs(client, cancelled));
}
