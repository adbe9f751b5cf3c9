/**
 * Decisions of the BatchJob aggregate: one small function per command, then `decide`.
 *
 * Activities run at least once (engines retry them), so every command an activity sends is
 * idempotent here: repeating a step that already happened decides nothing instead of failing.
 */
import type { CommandContext } from '../shared/decider';
import { IllegalStateError, ValidationError } from '../shared/errors';
import type {
  BatchJobCommand, CancelBatchJobInput, FailBatchJobInput, FinishBatchJobInput, QueueBatchJobInput,
  ReportBatchJobProgressInput, StartBatchJobInput, SubmitBatchJobInput,
} from './commands';
import { JobCancelledError } from './errors';
import type { BatchJobEvent } from './events';
import { jobMessages } from './messages';
import { parseBatchJobMetadata } from './names';
import { isActive, type BatchJobState, type ExistingBatchJob } from './state';

function requireJob(state: BatchJobState): ExistingBatchJob {
  if (state.status === 'NONE') throw new IllegalStateError(jobMessages.notFound, 'JOB_NOT_FOUND');
  return state;
}

/** Work reported on a job that is not running: cancelled jobs stop their workflow, ended jobs refuse. */
function refuseUnlessProcessing(job: ExistingBatchJob): void {
  if (job.status === 'CANCELLED') throw new JobCancelledError(job.jobId);
  if (job.status === 'FINISHED' || job.status === 'FAILED') throw new IllegalStateError(jobMessages.alreadyEnded, 'JOB_ENDED');
  if (job.status !== 'PROCESSING') throw new IllegalStateError(jobMessages.notProcessing, 'JOB_NOT_PROCESSING');
}

export function queueBatchJob(input: QueueBatchJobInput, state: BatchJobState, ctx: CommandContext): BatchJobEvent[] {
  if (state.status !== 'NONE') throw new IllegalStateError(jobMessages.alreadyQueued, 'JOB_EXISTS');
  const metadata = parseBatchJobMetadata(input.jobName, input.metadata);
  return [{
    type: 'BatchJobQueued',
    data: { jobId: input.jobId, ecosystemId: input.ecosystemId, jobName: input.jobName, metadata, createdBy: ctx.actor.userId },
  }];
}

export function submitBatchJob(input: SubmitBatchJobInput, state: BatchJobState): BatchJobEvent[] {
  const job = requireJob(state);
  // The workflow may have started (and moved the job on) before its submission was recorded.
  if (job.status !== 'QUEUED') return [];
  return [{ type: 'BatchJobSubmitted', data: { jobId: job.jobId, workflowId: input.workflowId } }];
}

export function startBatchJob(input: StartBatchJobInput, state: BatchJobState): BatchJobEvent[] {
  const job = requireJob(state);
  if (job.status === 'QUEUED' || job.status === 'SUBMITTED') {
    return [{ type: 'BatchJobStarted', data: { jobId: job.jobId, total: input.total } }];
  }
  refuseUnlessProcessing(job);
  return [];
}

export function reportBatchJobProgress(input: ReportBatchJobProgressInput, state: BatchJobState): BatchJobEvent[] {
  const job = requireJob(state);
  refuseUnlessProcessing(job);
  if (input.done > job.progress.total) {
    throw new ValidationError(jobMessages.progressBeyondTotal, { done: jobMessages.progressBeyondTotal });
  }
  // Progress only moves forward: a retried or late report is already counted.
  if (input.done <= job.progress.done) return [];
  return [{ type: 'BatchJobProgressed', data: { jobId: job.jobId, done: input.done, total: job.progress.total } }];
}

export function finishBatchJob(input: FinishBatchJobInput, state: BatchJobState): BatchJobEvent[] {
  const job = requireJob(state);
  if (job.status === 'FINISHED') return [];
  refuseUnlessProcessing(job);
  return [{ type: 'BatchJobFinished', data: { jobId: job.jobId, result: input.result } }];
}

export function failBatchJob(input: FailBatchJobInput, state: BatchJobState): BatchJobEvent[] {
  const job = requireJob(state);
  // An ended job's outcome is decided; a late failure report (a duplicate run, a run stopped by
  // cancellation) changes nothing.
  if (!isActive(job.status)) return [];
  return [{ type: 'BatchJobFailed', data: { jobId: job.jobId, error: input.error } }];
}

export function cancelBatchJob(_input: CancelBatchJobInput, state: BatchJobState): BatchJobEvent[] {
  const job = requireJob(state);
  if (job.status === 'CANCELLED') return [];
  if (!isActive(job.status)) throw new IllegalStateError(jobMessages.alreadyEnded, 'JOB_ENDED');
  return [{ type: 'BatchJobCancelled', data: { jobId: job.jobId } }];
}

export function decide(command: BatchJobCommand, state: BatchJobState, ctx: CommandContext): BatchJobEvent[] {
  switch (command.type) {
    case 'QueueBatchJob':
      return queueBatchJob(command.data, state, ctx);
    case 'SubmitBatchJob':
      return submitBatchJob(command.data, state);
    case 'StartBatchJob':
      return startBatchJob(command.data, state);
    case 'ReportBatchJobProgress':
      return reportBatchJobProgress(command.data, state);
    case 'FinishBatchJob':
      return finishBatchJob(command.data, state);
    case 'FailBatchJob':
      return failBatchJob(command.data, state);
    case 'CancelBatchJob':
      return cancelBatchJob(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
