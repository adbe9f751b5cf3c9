/**
 * The catalogue of batch jobs the platform runs. A job's name is also the name of the workflow
 * that runs it (workflows/engine/port.ts), so queuing a job and starting its work can never
 * disagree about what the job is. Each name has a schema for the metadata it carries.
 */
import { z } from 'zod';
import { fieldErrorsOf, ValidationError } from '../shared/errors';
import { zodMessage as zm } from '../shared/i18n';
import { jobMessages } from './messages';

// z.iso.date() checks the calendar (no 2025-02-31), which Date.parse does not.
const isoDate = z.iso.date({ error: zm(jobMessages.notCalendarDate) });

export const batchJobMetadataSchemas = {
  /**
   * demoSessionsStartDate is recorded now, although no demo sessions exist yet: the sessions
   * capability will read it from the job (and the demo-data ledger) to place demo sessions.
   */
  createEcosystemDemoData: z.object({ demoSessionsStartDate: isoDate }).strict(),
  deleteEcosystemDemoData: z.object({}).strict(),
} as const;

export type BatchJobName = keyof typeof batchJobMetadataSchemas;
export const BATCH_JOB_NAMES = Object.keys(batchJobMetadataSchemas) as BatchJobName[];
export type BatchJobMetadata<N extends BatchJobName = BatchJobName> = z.infer<(typeof batchJobMetadataSchemas)[N]>;

export const batchJobNameSchema = z.enum(BATCH_JOB_NAMES as [BatchJobName, ...BatchJobName[]], {
  error: zm(jobMessages.unknownJobName({ names: BATCH_JOB_NAMES.join(', ') })),
});

export function isBatchJobName(value: string): value is BatchJobName {
  return (BATCH_JOB_NAMES as string[]).includes(value);
}

/** The metadata a job of this name accepts, normalised; a ValidationError names each bad field (`metadata.<path>`). */
export function parseBatchJobMetadata(name: BatchJobName, metadata: unknown): Record<string, unknown> {
  const parsed = batchJobMetadataSchemas[name].safeParse(metadata);
  if (parsed.success) return parsed.data;
  throw ValidationError.forFields(fieldErrorsOf(parsed.error.issues, ['metadata']));
}
