/**
 * Events of the BigJob aggregate (decision 0075; stream `bigjob-<jobId>`): a long export or report
 * from its creation, through its runs (attempts) and chunks, to an end.
 */
import { z } from 'zod';
import { BIG_JOB_TYPES, bigJobParamsSchema, bigJobRowErrorSchema } from './model';

const jobId = z.uuid();
const at = z.iso.datetime({ offset: true });
const attempt = z.number().int().min(1);
/** Where the next chunk starts (a keyset cursor); null after the last chunk. */
export const chunkCursorSchema = z.array(z.string().max(500)).max(5).nullable();

export const bigJobCreatedSchema = z.object({
  jobId, ecosystemId: z.uuid(), type: z.enum(BIG_JOB_TYPES), params: bigJobParamsSchema, createdBy: z.string().min(1), at,
});
/** A run of `attempt` began; `total` rows were counted by the first run and stay for its retries. */
export const bigJobStartedSchema = z.object({ jobId, attempt, total: z.number().int().min(0), at });
/** A chunk's part of the file is stored: its rows, where the next chunk starts, and its row errors (those kept). */
export const bigJobChunkCompletedSchema = z.object({
  jobId, attempt, index: z.number().int().min(0), rows: z.number().int().min(0), next: chunkCursorSchema,
  errors: z.array(bigJobRowErrorSchema).max(1000), errorCount: z.number().int().min(0), at,
});
export const bigJobFinishedSchema = z.object({ jobId, attempt, rows: z.number().int().min(0), chunks: z.number().int().min(1), at });
/** `error`: keyed English (translated for the reader). */
export const bigJobFailedSchema = z.object({ jobId, attempt, error: z.string().min(1).max(2000), at });
export const bigJobCancelRequestedSchema = z.object({ jobId, at });
export const bigJobCancelledSchema = z.object({ jobId, at });
export const bigJobRetriedSchema = z.object({ jobId, attempt, at });

type Of<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };
export type BigJobEvent =
  | Of<'BigJobCreated', typeof bigJobCreatedSchema>
  | Of<'BigJobStarted', typeof bigJobStartedSchema>
  | Of<'BigJobChunkCompleted', typeof bigJobChunkCompletedSchema>
  | Of<'BigJobFinished', typeof bigJobFinishedSchema>
  | Of<'BigJobFailed', typeof bigJobFailedSchema>
  | Of<'BigJobCancelRequested', typeof bigJobCancelRequestedSchema>
  | Of<'BigJobCancelled', typeof bigJobCancelledSchema>
  | Of<'BigJobRetried', typeof bigJobRetriedSchema>;

export const bigJobEventSchemas = {
  BigJobCreated: bigJobCreatedSchema,
  BigJobStarted: bigJobStartedSchema,
  BigJobChunkCompleted: bigJobChunkCompletedSchema,
  BigJobFinished: bigJobFinishedSchema,
  BigJobFailed: bigJobFailedSchema,
  BigJobCancelRequested: bigJobCancelRequestedSchema,
  BigJobCancelled: bigJobCancelledSchema,
  BigJobRetried: bigJobRetriedSchema,
};
