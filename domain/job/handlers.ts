/** The BatchJob command handlers the command bus runs. Every job belongs to one ecosystem. */
import type { CommandHandler } from '../shared/decider';
import {
  cancelBatchJobInput, failBatchJobInput, finishBatchJobInput, queueBatchJobInput, reportBatchJobProgressInput,
  startBatchJobInput, submitBatchJobInput, type BatchJobCommand,
} from './commands';
import { decide } from './decide';
import type { BatchJobEvent } from './events';
import { batchJobAggregate, type BatchJobState } from './state';

type Data<T extends BatchJobCommand['type']> = Extract<BatchJobCommand, { type: T }>['data'];
type JobHandler<Input> = CommandHandler<Input, BatchJobState, BatchJobEvent>;

/** After queuing, the tenant comes from the job itself, so no later command can move it. */
function tenantOf(state: BatchJobState): string | null {
  return state.status === 'NONE' ? null : state.ecosystemId;
}

function handler<T extends Exclude<BatchJobCommand['type'], 'QueueBatchJob'>>(
  type: T, input: JobHandler<Data<T>>['input'],
): JobHandler<Data<T>> {
  return {
    type,
    input,
    aggregate: batchJobAggregate,
    aggregateId: (data) => data.jobId,
    ecosystemId: (_data, state) => tenantOf(state),
    decide: (data, state, ctx) => decide({ type, data } as Extract<BatchJobCommand, { type: T }>, state, ctx),
  };
}

export const queueBatchJob: JobHandler<Data<'QueueBatchJob'>> = {
  type: 'QueueBatchJob',
  input: queueBatchJobInput,
  aggregate: batchJobAggregate,
  aggregateId: (data) => data.jobId,
  ecosystemId: (data) => data.ecosystemId,
  decide: (data, state, ctx) => decide({ type: 'QueueBatchJob', data }, state, ctx),
};

export const submitBatchJob = handler('SubmitBatchJob', submitBatchJobInput);
export const startBatchJob = handler('StartBatchJob', startBatchJobInput);
export const reportBatchJobProgress = handler('ReportBatchJobProgress', reportBatchJobProgressInput);
export const finishBatchJob = handler('FinishBatchJob', finishBatchJobInput);
export const failBatchJob = handler('FailBatchJob', failBatchJobInput);
export const cancelBatchJob = handler('CancelBatchJob', cancelBatchJobInput);
