/**
 * The BigJob commands (decision 0075). Runs are at least once (engines retry activities and resume
 * runs after a crash), so every command a run sends is idempotent: a chunk already recorded, a
 * start already made, an end already reached decide nothing. A run of an earlier attempt (still
 * alive after a retry was asked) is refused, so two runs never record chunks of one job.
 */
import { z } from 'zod';
import type { CommandContext, CommandHandler } from '../shared/decider';
import { IllegalStateError, NotFoundError } from '../shared/errors';
import { JobCancelledError } from '../job/errors';
import { bigJobRowErrorSchema, BIG_JOB_TYPES, bigJobParamsSchema, MAX_KEPT_ERRORS } from './model';
import { chunkCursorSchema, type BigJobEvent } from './events';
import { bigJobMessages as m } from './messages';
import { bigJobAggregate, type BigJobState, type ExistingBigJob } from './state';

const jobId = z.uuid();
const attempt = z.number().int().min(1);

export const createBigJobInput = z.object({ jobId, ecosystemId: z.uuid(), type: z.enum(BIG_JOB_TYPES), params: bigJobParamsSchema });
export const startBigJobInput = z.object({ jobId, attempt, total: z.number().int().min(0) });
export const completeBigJobChunkInput = z.object({
  jobId, attempt, index: z.number().int().min(0), rows: z.number().int().min(0), next: chunkCursorSchema, errors: z.array(bigJobRowErrorSchema).max(100_000),
});
export const finishBigJobInput = z.object({ jobId, attempt });
export const failBigJobInput = z.object({ jobId, attempt, error: z.string().trim().min(1).max(2000) });
export const cancelBigJobInput = z.object({ jobId });
export const stopBigJobRunInput = z.object({ jobId, attempt });
export const retryBigJobInput = z.object({ jobId });

type In<S extends z.ZodType> = z.infer<S>;

function found(state: BigJobState): ExistingBigJob {
  if (state.status === 'NONE') throw new NotFoundError(m.notFound);
  return state;
}

/** Work of a run on a job that is no longer this run's to do. */
function refuseUnlessRunning(job: ExistingBigJob, runAttempt: number): void {
  if (job.status === 'CANCELLING' || job.status === 'CANCELLED') throw new JobCancelledError(job.jobId);
  if (job.status === 'FINISHED' || job.status === 'FAILED') throw new IllegalStateError(m.ended, 'JOB_ENDED');
  if (runAttempt !== job.attempt) throw new IllegalStateError(m.notRunning, 'STALE_RUN');
}

export function createBigJob(input: In<typeof createBigJobInput>, state: BigJobState, ctx: CommandContext): BigJobEvent[] {
  // The id comes from the request's Idempotency-Key: a second create with it is the same request.
  if (state.status !== 'NONE') {
    if (state.type === input.type && state.ecosystemId === input.ecosystemId) return [];
    throw new IllegalStateError(m.exists, 'JOB_EXISTS');
  }
  return [{ type: 'BigJobCreated', data: { ...input, createdBy: ctx.actor.userId, at: ctx.now } }];
}

export function startBigJob(input: In<typeof startBigJobInput>, state: BigJobState, ctx: CommandContext): BigJobEvent[] {
  const job = found(state);
  refuseUnlessRunning(job, input.attempt);
  if (job.status === 'RUNNING') return [];
  // A retry keeps the first count, so progress stays on one scale across attempts.
  return [{ type: 'BigJobStarted', data: { jobId: job.jobId, attempt: job.attempt, total: job.total ?? input.total, at: ctx.now } }];
}

export function completeBigJobChunk(input: In<typeof completeBigJobChunkInput>, state: BigJobState, ctx: CommandContext): BigJobEvent[] {
  const job = found(state);
  if (input.index < job.chunksDone) return [];
  refuseUnlessRunning(job, input.attempt);
  if (job.status !== 'RUNNING') throw new IllegalStateError(m.notRunning, 'JOB_NOT_RUNNING');
  if (input.index > job.chunksDone || job.allChunksDone) throw new IllegalStateError(m.chunkOutOfOrder({ index: input.index }), 'CHUNK_ORDER');
  const room = Math.max(0, MAX_KEPT_ERRORS - job.errors.length);
  return [{
    type: 'BigJobChunkCompleted',
    data: {
      jobId: job.jobId, attempt: job.attempt, index: input.index, rows: input.rows, next: input.next,
      errors: input.errors.slice(0, room), errorCount: input.errors.length, at: ctx.now,
    },
  }];
}

export function finishBigJob(input: In<typeof finishBigJobInput>, state: BigJobState, ctx: CommandContext): BigJobEvent[] {
  const job = found(state);
  if (job.status === 'FINISHED') return [];
  refuseUnlessRunning(job, input.attempt);
  if (job.status !== 'RUNNING' || !job.allChunksDone) throw new IllegalStateError(m.notAllChunks, 'CHUNKS_LEFT');
  return [{ type: 'BigJobFinished', data: { jobId: job.jobId, attempt: job.attempt, rows: job.rowsDone, chunks: job.chunksDone, at: ctx.now } }];
}

/** A run's failure: FAILED, unless the job was being cancelled (then that is its end) or has ended. */
export function failBigJob(input: In<typeof failBigJobInput>, state: BigJobState, ctx: CommandContext): BigJobEvent[] {
  const job = found(state);
  if (input.attempt !== job.attempt) return [];
  if (job.status === 'CANCELLING') return [{ type: 'BigJobCancelled', data: { jobId: job.jobId, at: ctx.now } }];
  if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return [];
  return [{ type: 'BigJobFailed', data: { jobId: job.jobId, attempt: job.attempt, error: input.error, at: ctx.now } }];
}

/** An admin's cancel: a queued job ends at once; a running one is asked to stop at its next chunk boundary. */
export function cancelBigJob(_input: In<typeof cancelBigJobInput>, state: BigJobState, ctx: CommandContext): BigJobEvent[] {
  const job = found(state);
  if (job.status === 'CANCELLING' || job.status === 'CANCELLED') return [];
  if (job.status === 'FINISHED' || job.status === 'FAILED') throw new IllegalStateError(m.ended, 'JOB_ENDED');
  if (job.status === 'QUEUED') return [{ type: 'BigJobCancelled', data: { jobId: job.jobId, at: ctx.now } }];
  return [{ type: 'BigJobCancelRequested', data: { jobId: job.jobId, at: ctx.now } }];
}

/** The run stopped because of a cancellation: the job is CANCELLED (the chunks done stay done). */
export function stopBigJobRun(input: In<typeof stopBigJobRunInput>, state: BigJobState, ctx: CommandContext): BigJobEvent[] {
  const job = found(state);
  if (input.attempt !== job.attempt) return [];
  if (job.status !== 'RUNNING' && job.status !== 'CANCELLING' && job.status !== 'QUEUED') return [];
  return [{ type: 'BigJobCancelled', data: { jobId: job.jobId, at: ctx.now } }];
}

export function retryBigJob(_input: In<typeof retryBigJobInput>, state: BigJobState, ctx: CommandContext): BigJobEvent[] {
  const job = found(state);
  if (job.status !== 'FAILED' && job.status !== 'CANCELLED') throw new IllegalStateError(m.notRetryable, 'NOT_RETRYABLE');
  return [{ type: 'BigJobRetried', data: { jobId: job.jobId, attempt: job.attempt + 1, at: ctx.now } }];
}

type Handler<S extends z.ZodType> = CommandHandler<In<S>, BigJobState, BigJobEvent>;
const tenantOf = (_input: unknown, state: BigJobState) => (state.status === 'NONE' ? null : state.ecosystemId);

function handler<S extends z.ZodType<{ jobId: string }>>(type: string, input: S, decide: (i: In<S>, s: BigJobState, c: CommandContext) => BigJobEvent[]): Handler<S> {
  return { type, input: input as unknown as z.ZodType<In<S>>, aggregate: bigJobAggregate, aggregateId: (i) => i.jobId, ecosystemId: tenantOf, decide };
}

export const createBigJobHandler: Handler<typeof createBigJobInput> = {
  type: 'CreateBigJob', input: createBigJobInput, aggregate: bigJobAggregate, createsStream: true,
  aggregateId: (i) => i.jobId, ecosystemId: (i) => i.ecosystemId, decide: createBigJob,
};
export const startBigJobHandler = handler('StartBigJob', startBigJobInput, startBigJob);
export const completeBigJobChunkHandler = handler('CompleteBigJobChunk', completeBigJobChunkInput, completeBigJobChunk);
export const finishBigJobHandler = handler('FinishBigJob', finishBigJobInput, finishBigJob);
export const failBigJobHandler = handler('FailBigJob', failBigJobInput, failBigJob);
export const cancelBigJobHandler = handler('CancelBigJob', cancelBigJobInput, cancelBigJob);
export const stopBigJobRunHandler = handler('StopBigJobRun', stopBigJobRunInput, stopBigJobRun);
export const retryBigJobHandler = handler('RetryBigJob', retryBigJobInput, retryBigJob);
