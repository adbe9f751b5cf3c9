import { describe, expect, it } from 'vitest';
import { fold, type CommandContext } from '../shared/decider';
import { IllegalStateError, ValidationError } from '../shared/errors';
import type { BatchJobCommand } from './commands';
import { decide } from './decide';
import { JobCancelledError } from './errors';
import type { BatchJobEvent } from './events';
import { batchJobAggregate, isActive } from './state';

const jobId = '5b3f7f2e-1d7c-4a53-9d43-0d9f4b0b6a11';
const ecosystemId = '0e2f3c55-8a3b-4bd8-b6c7-2f8f0e6d4a22';
const ctx: CommandContext = { actor: { userId: 'admin-1', role: 'PLATFORM_ADMIN' }, now: '2026-11-22T10:00:00Z' };

const queued: BatchJobEvent = {
  type: 'BatchJobQueued',
  data: { jobId, ecosystemId, jobName: 'createEcosystemDemoData', metadata: { demoSessionsStartDate: '2026-12-01' }, createdBy: 'admin-1' },
};
const submitted: BatchJobEvent = { type: 'BatchJobSubmitted', data: { jobId, workflowId: `batch-job-${jobId}` } };
const started: BatchJobEvent = { type: 'BatchJobStarted', data: { jobId, total: 3 } };
const progressed = (done: number): BatchJobEvent => ({ type: 'BatchJobProgressed', data: { jobId, done, total: 3 } });
const finished: BatchJobEvent = { type: 'BatchJobFinished', data: { jobId, result: {} } };
const failed: BatchJobEvent = { type: 'BatchJobFailed', data: { jobId, error: 'boom' } };
const cancelled: BatchJobEvent = { type: 'BatchJobCancelled', data: { jobId } };

/** given(events).when(command).then(events) | .thenThrows(ErrorClass) */
function given(events: BatchJobEvent[]) {
  const state = fold(batchJobAggregate, events);
  return {
    when(command: BatchJobCommand) {
      const run = () => decide(command, state, ctx);
      return {
        then: (expected: BatchJobEvent[]) => expect(run()).toEqual(expected),
        thenThrows: (error: new (...args: never[]) => Error) => expect(run).toThrow(error),
      };
    },
  };
}

describe('BatchJob', () => {
  describe('with no job', () => {
    it('queues a job, recording who asked and its validated metadata', () => {
      given([]).when({ type: 'QueueBatchJob', data: { jobId, ecosystemId, jobName: 'createEcosystemDemoData', metadata: { demoSessionsStartDate: '2026-12-01' } } })
        .then([queued]);
    });
    it('refuses metadata the job name does not accept, naming the field', () => {
      const run = () => decide({ type: 'QueueBatchJob', data: { jobId, ecosystemId, jobName: 'createEcosystemDemoData', metadata: { demoSessionsStartDate: '1 Dec' } } }, fold(batchJobAggregate, []), ctx);
      expect(run).toThrow(ValidationError);
      try { run(); } catch (err) { expect((err as ValidationError).fields).toHaveProperty(['metadata.demoSessionsStartDate']); }
    });
    it('refuses work on a job that does not exist', () => {
      given([]).when({ type: 'StartBatchJob', data: { jobId, total: 1 } }).thenThrows(IllegalStateError);
    });
  });

  describe('when QUEUED', () => {
    it('refuses to queue the same job twice', () => {
      given([queued]).when({ type: 'QueueBatchJob', data: { jobId, ecosystemId, jobName: 'deleteEcosystemDemoData', metadata: {} } }).thenThrows(IllegalStateError);
    });
    it('records the submission to the engine', () => {
      given([queued]).when({ type: 'SubmitBatchJob', data: { jobId, workflowId: `batch-job-${jobId}` } }).then([submitted]);
    });
    it('may start before its submission is recorded (the workflow can outrun the mutation)', () => {
      given([queued]).when({ type: 'StartBatchJob', data: { jobId, total: 3 } }).then([started]);
    });
    it('can be cancelled', () => {
      given([queued]).when({ type: 'CancelBatchJob', data: { jobId } }).then([cancelled]);
    });
  });

  describe('when SUBMITTED', () => {
    it('starts processing with its total', () => {
      given([queued, submitted]).when({ type: 'StartBatchJob', data: { jobId, total: 3 } }).then([started]);
    });
    it('can fail before it starts', () => {
      given([queued, submitted]).when({ type: 'FailBatchJob', data: { jobId, error: 'boom' } }).then([failed]);
    });
  });

  describe('when PROCESSING', () => {
    const running = [queued, submitted, started, progressed(1)];
    it('ignores a late submission record', () => {
      given(running).when({ type: 'SubmitBatchJob', data: { jobId, workflowId: 'w' } }).then([]);
    });
    it('ignores a repeated start (a retried activity)', () => {
      given(running).when({ type: 'StartBatchJob', data: { jobId, total: 3 } }).then([]);
    });
    it('records progress forward only', () => {
      given(running).when({ type: 'ReportBatchJobProgress', data: { jobId, done: 2 } }).then([progressed(2)]);
      given(running).when({ type: 'ReportBatchJobProgress', data: { jobId, done: 1 } }).then([]);
    });
    it('refuses progress beyond the total', () => {
      given(running).when({ type: 'ReportBatchJobProgress', data: { jobId, done: 4 } }).thenThrows(ValidationError);
    });
    it('finishes', () => {
      given(running).when({ type: 'FinishBatchJob', data: { jobId, result: {} } }).then([finished]);
    });
    it('fails with the error', () => {
      given(running).when({ type: 'FailBatchJob', data: { jobId, error: 'boom' } }).then([failed]);
    });
    it('is active, and ends up not active once cancelled', () => {
      expect(isActive(fold(batchJobAggregate, running).status as 'PROCESSING')).toBe(true);
      given(running).when({ type: 'CancelBatchJob', data: { jobId } }).then([cancelled]);
    });
  });

  describe('when CANCELLED', () => {
    const stopped = [queued, submitted, started, cancelled];
    it('stops further work with JobCancelledError', () => {
      given(stopped).when({ type: 'ReportBatchJobProgress', data: { jobId, done: 1 } }).thenThrows(JobCancelledError);
      given(stopped).when({ type: 'StartBatchJob', data: { jobId, total: 3 } }).thenThrows(JobCancelledError);
      given(stopped).when({ type: 'FinishBatchJob', data: { jobId, result: {} } }).thenThrows(JobCancelledError);
    });
    it('ignores a late failure report and a second cancellation', () => {
      given(stopped).when({ type: 'FailBatchJob', data: { jobId, error: 'boom' } }).then([]);
      given(stopped).when({ type: 'CancelBatchJob', data: { jobId } }).then([]);
    });
  });

  describe('when FINISHED or FAILED', () => {
    it('refuses cancellation and new work', () => {
      given([queued, started, finished]).when({ type: 'CancelBatchJob', data: { jobId } }).thenThrows(IllegalStateError);
      given([queued, started, failed]).when({ type: 'StartBatchJob', data: { jobId, total: 1 } }).thenThrows(IllegalStateError);
    });
    it('ignores a repeated finish and any late failure (a duplicate run changes nothing)', () => {
      given([queued, started, finished]).when({ type: 'FinishBatchJob', data: { jobId, result: {} } }).then([]);
      given([queued, started, finished]).when({ type: 'FailBatchJob', data: { jobId, error: 'late' } }).then([]);
    });
    it('keeps the error of a failed job in its state', () => {
      expect(fold(batchJobAggregate, [queued, started, failed])).toMatchObject({ status: 'FAILED', error: 'boom', progress: { done: 0, total: 3 } });
    });
  });
});
