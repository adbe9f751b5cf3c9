/**
 * Events of the BatchJob aggregate (stream `batchjob-<jobId>`): a background job's life from
 * queued to an end (spec section 4: QUEUED, SUBMITTED, PROCESSING, FINISHED, FAILED; plus
 * CANCELLED, because jobs "can be created or cancelled").
 */
import { z } from 'zod';
import { batchJobNameSchema } from './names';

const jobId = z.uuid();

export const batchJobQueuedSchema = z.object({
  jobId,
  ecosystemId: z.uuid(),
  jobName: batchJobNameSchema,
  metadata: z.record(z.string(), z.unknown()),
  createdBy: z.string().min(1),
});

/** The workflow engine accepted the job under this workflow id. */
export const batchJobSubmittedSchema = z.object({ jobId, workflowId: z.string().min(1) });
export const batchJobStartedSchema = z.object({ jobId, total: z.number().int().min(0) });
export const batchJobProgressedSchema = z.object({ jobId, done: z.number().int().min(0), total: z.number().int().min(0) });
export const batchJobFinishedSchema = z.object({ jobId, result: z.record(z.string(), z.unknown()) });
export const batchJobFailedSchema = z.object({ jobId, error: z.string().min(1) });
export const batchJobCancelledSchema = z.object({ jobId });

export type BatchJobQueued = { type: 'BatchJobQueued'; data: z.infer<typeof batchJobQueuedSchema> };
export type BatchJobSubmitted = { type: 'BatchJobSubmitted'; data: z.infer<typeof batchJobSubmittedSchema> };
export type BatchJobStarted = { type: 'BatchJobStarted'; data: z.infer<typeof batchJobStartedSchema> };
export type BatchJobProgressed = { type: 'BatchJobProgressed'; data: z.infer<typeof batchJobProgressedSchema> };
export type BatchJobFinished = { type: 'BatchJobFinished'; data: z.infer<typeof batchJobFinishedSchema> };
export type BatchJobFailed = { type: 'BatchJobFailed'; data: z.infer<typeof batchJobFailedSchema> };
export type BatchJobCancelled = { type: 'BatchJobCancelled'; data: z.infer<typeof batchJobCancelledSchema> };

export type BatchJobEvent =
  | BatchJobQueued | BatchJobSubmitted | BatchJobStarted | BatchJobProgressed
  | BatchJobFinished | BatchJobFailed | BatchJobCancelled;

export const batchJobEventSchemas = {
  BatchJobQueued: batchJobQueuedSchema,
  BatchJobSubmitted: batchJobSubmittedSchema,
  BatchJobStarted: batchJobStartedSchema,
  BatchJobProgressed: batchJobProgressedSchema,
  BatchJobFinished: batchJobFinishedSchema,
  BatchJobFailed: batchJobFailedSchema,
  BatchJobCancelled: batchJobCancelledSchema,
};

export const BATCH_JOB_EVENT_TYPES = Object.keys(batchJobEventSchemas) as Array<BatchJobEvent['type']>;
