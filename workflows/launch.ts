/**
 * Starting and cancelling batch jobs: the commands around the engine call, in the order that
 * keeps the job's record true. The caller supplies `execute` (the API: ctx.execute with its
 * projection wait; tests: the bus), so this works for any entry point.
 *
 * Start: QueueBatchJob (QUEUED) → SubmitBatchJob (SUBMITTED, with the deterministic workflow
 * id) → engine.startWorkflow. A refused start fails the job. Submitting before starting keeps the
 * job's own events in order: once the workflow runs, it alone moves the job on. (Started first, a
 * quick workflow could move the job to PROCESSING before the submission was decided, the
 * submission then decided nothing, and the mutation had no position to wait for: its payload
 * read the jobs read model before it had caught up and showed QUEUED.) A process that dies
 * between submitting and starting leaves the job SUBMITTED; the stalled-job reaper fails it.
 */
import { randomBytes } from 'node:crypto';
import type { CommandHandler, DomainEvent } from '../domain/shared/decider';
import { IllegalStateError } from '../domain/shared/errors';
import type { Actor } from '../domain/shared/events';
import { abandonDemoDataCreation, abandonDemoDataDeletion } from '../domain/job/demo-data/handlers';
import { cancelBatchJob, failBatchJob, queueBatchJob, submitBatchJob } from '../domain/job/handlers';
import { batchJobMetadataSchemas, type BatchJobName } from '../domain/job/names';
import { jobWorkflowId, type JobRunArgs, type WorkflowEngine } from './engine/port';

export type Execute = <I, S, E extends DomainEvent>(handler: CommandHandler<I, S, E>, input: I) => Promise<unknown>;

export interface LaunchRequest {
  jobId: string;
  ecosystemId: string;
  jobName: BatchJobName;
  metadata: Record<string, unknown>;
  actor: Actor;
}

export const ENGINE_REFUSED = 'The job could not be handed to the workflow engine.';
const CANCELLED_REASON = 'The job was cancelled.';

async function startWorkflowFor(engine: WorkflowEngine, request: LaunchRequest, workflowId: string): Promise<void> {
  const base: JobRunArgs = { jobId: request.jobId, ecosystemId: request.ecosystemId, actor: request.actor };
  switch (request.jobName) {
    case 'createEcosystemDemoData': {
      const { demoSessionsStartDate } = batchJobMetadataSchemas.createEcosystemDemoData.parse(request.metadata);
      await engine.startWorkflow('createEcosystemDemoData', workflowId, { ...base, demoSessionsStartDate });
      return;
    }
    case 'deleteEcosystemDemoData':
      await engine.startWorkflow('deleteEcosystemDemoData', workflowId, base);
      return;
    case 'adminArchiveAllUser': {
      const { filters, excludeUserId } = batchJobMetadataSchemas.adminArchiveAllUser.parse(request.metadata);
      await engine.startWorkflow('adminArchiveAllUser', workflowId, { ...base, filters, excludeUserId });
      return;
    }
    case 'adminUpdateAllUserPermissions': {
      const { filters, excludeUserId, changes } = batchJobMetadataSchemas.adminUpdateAllUserPermissions.parse(request.metadata);
      await engine.startWorkflow('adminUpdateAllUserPermissions', workflowId, { ...base, filters, excludeUserId, changes });
      return;
    }
    case 'adminCancelAllLabelSession': {
      const { filters, asOf, reason } = batchJobMetadataSchemas.adminCancelAllLabelSession.parse(request.metadata);
      await engine.startWorkflow('adminCancelAllLabelSession', workflowId, { ...base, filters, asOf, change: { kind: 'cancel', reason } });
      return;
    }
    case 'adminRestoreAllSessions': {
      const { filters, asOf } = batchJobMetadataSchemas.adminRestoreAllSessions.parse(request.metadata);
      await engine.startWorkflow('adminRestoreAllSessions', workflowId, { ...base, filters, asOf, change: { kind: 'restore' } });
      return;
    }
    case 'adminSaveAllLabelSession': {
      const { filters, asOf, key, value } = batchJobMetadataSchemas.adminSaveAllLabelSession.parse(request.metadata);
      await engine.startWorkflow('adminSaveAllLabelSession', workflowId, { ...base, filters, asOf, change: { kind: 'label', key, value } });
      return;
    }
    case 'inviteUsersFromFile': {
      const { rows } = batchJobMetadataSchemas.inviteUsersFromFile.parse(request.metadata);
      // The run's secret for its rows' invite tokens: in the run's arguments only, never in the job's record.
      await engine.startWorkflow('inviteUsersFromFile', workflowId, { ...base, rowCount: rows.length, tokenSeed: randomBytes(32).toString('base64url') });
      return;
    }
    default: {
      const exhaustive: never = request.jobName;
      return exhaustive;
    }
  }
}

export async function launchBatchJob(execute: Execute, engine: WorkflowEngine, request: LaunchRequest): Promise<void> {
  const { jobId, ecosystemId, jobName, metadata } = request;
  await execute(queueBatchJob, { jobId, ecosystemId, jobName, metadata });
  const workflowId = jobWorkflowId(jobId);
  await execute(submitBatchJob, { jobId, workflowId });
  try {
    await startWorkflowFor(engine, request, workflowId);
  } catch (err) {
    await execute(failBatchJob, { jobId, error: ENGINE_REFUSED });
    throw err;
  }
}

export interface CancellableJob {
  id: string;
  ecosystemId: string;
  jobName: string;
}

/**
 * Cancels each job, releases the demo-data ledger it may hold (so a job whose run died cannot
 * block its ecosystem), then asks the engine to stop the run. Returns the ids it cancelled; a job
 * that ended meanwhile keeps its outcome and is left out.
 */
export async function cancelBatchJobs(execute: Execute, engine: WorkflowEngine, jobs: readonly CancellableJob[]): Promise<string[]> {
  const cancelled: string[] = [];
  for (const job of jobs) {
    try {
      await execute(cancelBatchJob, { jobId: job.id });
    } catch (err) {
      if (err instanceof IllegalStateError && err.conflictType === 'JOB_ENDED') continue;
      throw err;
    }
    const ledger = { ecosystemId: job.ecosystemId, jobId: job.id, reason: CANCELLED_REASON };
    if (job.jobName === 'createEcosystemDemoData') await execute(abandonDemoDataCreation, ledger);
    if (job.jobName === 'deleteEcosystemDemoData') await execute(abandonDemoDataDeletion, ledger);
    await engine.cancelWorkflow(jobWorkflowId(job.id));
    cancelled.push(job.id);
  }
  return cancelled;
}
