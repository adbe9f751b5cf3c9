/** Inputs of the BatchJob commands, validated by the command bus before `decide` runs. */
import { z } from 'zod';
import { batchJobNameSchema } from './names';

const jobId = z.uuid();

export const queueBatchJobInput = z.object({
  jobId,
  ecosystemId: z.uuid(),
  jobName: batchJobNameSchema,
  metadata: z.record(z.string(), z.unknown()).default({}),
});
export const submitBatchJobInput = z.object({ jobId, workflowId: z.string().min(1).max(200) });
export const startBatchJobInput = z.object({ jobId, total: z.number().int().min(0) });
export const reportBatchJobProgressInput = z.object({ jobId, done: z.number().int().min(0) });
export const finishBatchJobInput = z.object({ jobId, result: z.record(z.string(), z.unknown()).default({}) });
export const failBatchJobInput = z.object({ jobId, error: z.string().trim().min(1).max(2000) });
export const cancelBatchJobInput = z.object({ jobId });

export type QueueBatchJobInput = z.infer<typeof queueBatchJobInput>;
export type SubmitBatchJobInput = z.infer<typeof submitBatchJobInput>;
export type StartBatchJobInput = z.infer<typeof startBatchJobInput>;
export type ReportBatchJobProgressInput = z.infer<typeof reportBatchJobProgressInput>;
export type FinishBatchJobInput = z.infer<typeof finishBatchJobInput>;
export type FailBatchJobInput = z.infer<typeof failBatchJobInput>;
export type CancelBatchJobInput = z.infer<typeof cancelBatchJobInput>;

export type BatchJobCommand =
  | { type: 'QueueBatchJob'; data: QueueBatchJobInput }
  | { type: 'SubmitBatchJob'; data: SubmitBatchJobInput }
  | { type: 'StartBatchJob'; data: StartBatchJobInput }
  | { type: 'ReportBatchJobProgress'; data: ReportBatchJobProgressInput }
  | { type: 'FinishBatchJob'; data: FinishBatchJobInput }
  | { type: 'FailBatchJob'; data: FailBatchJobInput }
  | { type: 'CancelBatchJob'; data: CancelBatchJobInput };
