/**
 * The catalogue of batch jobs the platform runs. A job's name is also the name of the workflow
 * that runs it (workflows/engine/port.ts), so queuing a job and starting its work can never
 * disagree about what the job is. Each name has a schema for the metadata it carries.
 */
import { z } from 'zod';
import { fieldErrorsOf, ValidationError } from '../shared/errors';
import { zodMessage as zm } from '../shared/i18n';
import { jobMessages } from './messages';
import { grantableRoleSchema } from '../user/events';

/** Which people of the roster a bulk admin action acts on (decision 0049; checked by the API first). */
const rosterFilterSchema = z.object({
  roles: z.array(z.string().min(1).max(40)).max(20).optional(),
  statuses: z.array(z.string().min(1).max(40)).max(20).optional(),
  programIds: z.array(z.uuid()).max(20).optional(),
  text: z.string().max(100).nullable().optional(),
}).strict();
const roleKeySchema = z.object({ role: grantableRoleSchema, programId: z.uuid().nullable() }).strict();
const bulkUsersBase = {
  filters: rosterFilterSchema,
  /** How many people the admin was shown; the job reports how many it touched. */
  expectedCount: z.number().int().min(0),
  /** The admin: never archived, and never loses their own admin role, by a bulk action. */
  excludeUserId: z.uuid(),
};

/**
 * Which sessions of the admin summary an "all matching" action acts on (decisions 0060, 0064;
 * checked by the API first), with the instant its clock statuses were counted at (`asOf`), so the
 * job names the sessions the admin was shown whatever time it runs.
 */
const sessionFilterSchema = z.object({
  from: z.iso.datetime().nullable().optional(),
  to: z.iso.datetime().nullable().optional(),
  programIds: z.array(z.uuid()).max(20).optional(),
  statuses: z.array(z.string().min(1).max(40)).max(20).optional(),
  sessionTypes: z.array(z.string().min(1).max(40)).max(20).optional(),
  text: z.string().max(100).nullable().optional(),
}).strict();
const bulkSessionsBase = { filters: sessionFilterSchema, expectedCount: z.number().int().min(0), asOf: z.iso.datetime() };

/**
 * One checked row of an invitation file (decision 0041), as the job invites it: the file's row
 * number (the header is row 1), then the invitee. Checked in full by the API before the job is
 * queued; the schema here only keeps the metadata well formed.
 */
export const inviteFileRowSchema = z.tuple([
  z.number().int().min(2), z.email().max(254), z.string().min(1).max(100), z.string().min(1).max(100),
  grantableRoleSchema, z.uuid().nullable(), z.enum(['en', 'es']),
]);
/** Largest invitation file (rows under the header): see decision 0041 for why this figure. */
export const MAX_INVITE_FILE_ROWS = 5_000;

// z.iso.date() checks the calendar (no 2025-02-31), which Date.parse does not.
const isoDate = z.iso.date({ error: zm(jobMessages.notCalendarDate) });

export const batchJobMetadataSchemas = {
  /**
   * demoSessionsStartDate is recorded now, although no demo sessions exist yet: the sessions
   * capability will read it from the job (and the demo-data ledger) to place demo sessions.
   */
  createEcosystemDemoData: z.object({ demoSessionsStartDate: isoDate }).strict(),
  deleteEcosystemDemoData: z.object({}).strict(),
  adminArchiveAllUser: z.object(bulkUsersBase).strict(),
  adminUpdateAllUserPermissions: z.object({ ...bulkUsersBase, changes: z.object({ add: z.array(roleKeySchema).max(20), remove: z.array(roleKeySchema).max(20) }).strict() }).strict(),
  /** A large invitation file (decision 0041): the checked rows, invited one after another by the job. */
  inviteUsersFromFile: z.object({ rows: z.array(inviteFileRowSchema).min(1).max(MAX_INVITE_FILE_ROWS) }).strict(),
  /** Cancels every session the filters name (decision 0064), with the reason when one starts within 24 hours. */
  adminCancelAllLabelSession: z.object({ ...bulkSessionsBase, reason: z.string().min(1).max(2000).nullable() }).strict(),
  adminRestoreAllSessions: z.object(bulkSessionsBase).strict(),
  /** Sets one custom session property (null removes it) on every session the filters name. */
  adminSaveAllLabelSession: z.object({ ...bulkSessionsBase, key: z.string().min(1).max(100), value: z.string().max(1000).nullable() }).strict(),
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
