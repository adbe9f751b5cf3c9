/** State of one batch job, folded from its stream. */
import type { Aggregate } from '../shared/decider';
import { batchJobEventSchemas, type BatchJobEvent } from './events';
import type { BatchJobName } from './names';

export type BatchJobStatus = 'QUEUED' | 'SUBMITTED' | 'PROCESSING' | 'FINISHED' | 'FAILED' | 'CANCELLED';

export interface BatchJobInfo {
  jobId: string;
  ecosystemId: string;
  jobName: BatchJobName;
  metadata: Record<string, unknown>;
  createdBy: string;
  workflowId: string | null;
  progress: { done: number; total: number };
}

export type BatchJobState =
  | { status: 'NONE' }
  | ({ status: 'QUEUED' | 'SUBMITTED' | 'PROCESSING' | 'FINISHED' | 'CANCELLED' } & BatchJobInfo)
  | ({ status: 'FAILED'; error: string } & BatchJobInfo);

export type ExistingBatchJob = Exclude<BatchJobState, { status: 'NONE' }>;

/** Active jobs still have work ahead; the spec's `isActive`. */
export const ACTIVE_STATUSES: readonly BatchJobStatus[] = ['QUEUED', 'SUBMITTED', 'PROCESSING'];

export function isActive(status: BatchJobStatus): boolean {
  return ACTIVE_STATUSES.includes(status);
}

export const initialBatchJobState: BatchJobState = { status: 'NONE' };

function info(state: ExistingBatchJob): BatchJobInfo {
  const { jobId, ecosystemId, jobName, metadata, createdBy, workflowId, progress } = state;
  return { jobId, ecosystemId, jobName, metadata, createdBy, workflowId, progress };
}

export function evolve(state: BatchJobState, event: BatchJobEvent): BatchJobState {
  if (event.type === 'BatchJobQueued') {
    const { jobId, ecosystemId, jobName, metadata, createdBy } = event.data;
    return { status: 'QUEUED', jobId, ecosystemId, jobName, metadata, createdBy, workflowId: null, progress: { done: 0, total: 0 } };
  }
  // Every other event follows BatchJobQueued in its stream.
  if (state.status === 'NONE') return state;
  const job = info(state);
  switch (event.type) {
    case 'BatchJobSubmitted':
      return { ...job, status: 'SUBMITTED', workflowId: event.data.workflowId };
    case 'BatchJobStarted':
      return { ...job, status: 'PROCESSING', progress: { done: 0, total: event.data.total } };
    case 'BatchJobProgressed':
      return { ...job, status: 'PROCESSING', progress: { done: event.data.done, total: event.data.total } };
    case 'BatchJobFinished':
      return { ...job, status: 'FINISHED' };
    case 'BatchJobFailed':
      return { ...job, status: 'FAILED', error: event.data.error };
    case 'BatchJobCancelled':
      return { ...job, status: 'CANCELLED' };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const batchJobAggregate: Aggregate<BatchJobState, BatchJobEvent> = {
  category: 'batchjob',
  initialState: initialBatchJobState,
  evolve,
  eventSchemas: batchJobEventSchemas,
};
