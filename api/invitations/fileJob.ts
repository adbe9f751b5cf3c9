/**
 * A large invitation file as a background job (decision 0041). The rows are checked exactly as a
 * small file's, all or nothing, before anything starts: a file with any bad row answers its
 * problems and queues nothing. A clean file becomes one batch job (workflows/invitations) that
 * invites row after row and reports progress every 10 rows; the answer is the job, read by getUserBulkJob.
 */
import { invitationMessages } from '../../domain/invitation/messages';
import { findBatchJob, type BatchJobRow } from '../../projections/jobs';
import type { RequestContext, Viewer } from '../context';
import { startJob } from '../jobs/service';
import type { RowError } from './csv';
import { holderOf, type Invitee } from './invite';

/** Files with more rows than this run as a job; smaller ones are invited within the request, as before. */
export const FILE_JOB_THRESHOLD = 50;
/** Holder look-ups at once: a 5,000-row file is checked in seconds without taking every pooled connection. */
const LOOKUPS_AT_ONCE = 8;

export interface CheckedRow {
  row: number;
  invitee: Invitee;
}

/** The checked rows whose e-mail belongs to someone already in the ecosystem (from the streams, never stale). */
async function memberErrors(ctx: RequestContext, ecosystemId: string, checked: readonly CheckedRow[]): Promise<RowError[]> {
  const errors: RowError[] = [];
  for (let i = 0; i < checked.length; i += LOOKUPS_AT_ONCE) {
    const slice = checked.slice(i, i + LOOKUPS_AT_ONCE);
    const holders = await Promise.all(slice.map(({ invitee }) => holderOf(ctx, invitee.email, ecosystemId)));
    holders.forEach((h, j) => { if (h.member) errors.push({ row: slice[j].row, column: 'email', message: invitationMessages.alreadyMember }); });
  }
  return errors;
}

export interface JobOutcome {
  rowErrors: RowError[];
  job: BatchJobRow | null;
}

/**
 * Queues the job for rows that passed their own checks (`errors` are those rows' problems). A
 * repeat of the upload (same Idempotency-Key) names the same job and is answered by it, not
 * refused because its people are members by now.
 */
export async function inviteAsJob(
  ctx: RequestContext, viewer: Viewer, ecosystemId: string, checked: readonly CheckedRow[], errors: readonly RowError[],
): Promise<JobOutcome> {
  const jobId = ctx.newId('batchjob');
  const earlier = await ctx.read((c) => findBatchJob(c, jobId));
  const all = earlier ? [...errors] : [...errors, ...await memberErrors(ctx, ecosystemId, checked)];
  if (all.length > 0) return { rowErrors: all.sort((a, b) => a.row - b.row), job: null };
  const rows = checked.map(({ row, invitee: i }) => [row, i.email, i.firstName, i.lastName, i.role, i.programId, i.language]);
  const job = await startJob(ctx, viewer, { ecosystemId, jobName: 'inviteUsersFromFile', metadata: { rows }, jobId });
  return { rowErrors: [], job };
}


