/**
 * What a big job is (decision 0075): a long export or report, run in chunks by a workflow, whose
 * result is a CSV file. The kinds, what each takes, and the bounds. Pure.
 */
import { z } from 'zod';
import { zodMessage as zm } from '../shared/i18n';
import { bigJobMessages as m } from './messages';

/** createBigJob's kinds: an ecosystem's sessions or people as CSV. */
export const BIG_JOB_EXPORT_TYPES = ['EXPORT_SESSIONS', 'EXPORT_USERS'] as const;
/** createReportBigJob's kinds: the program sessions report of decision 0068 for a chosen period. */
export const BIG_JOB_REPORT_TYPES = ['PROGRAM_SESSIONS'] as const;
export const BIG_JOB_TYPES = [...BIG_JOB_EXPORT_TYPES, ...BIG_JOB_REPORT_TYPES.map((t) => `REPORT_${t}` as const)] as const;
export type BigJobType = (typeof BIG_JOB_TYPES)[number];

export const BIG_JOB_STATES = ['QUEUED', 'RUNNING', 'CANCELLING', 'FINISHED', 'FAILED', 'CANCELLED'] as const;
export type BigJobStatus = (typeof BIG_JOB_STATES)[number];
/** States with work ahead: a run is (or should be) going. */
export const ACTIVE_BIG_JOB_STATES: readonly BigJobStatus[] = ['QUEUED', 'RUNNING', 'CANCELLING'];

/** Row errors kept per job: the first ones tell what went wrong, the count tells how often. */
export const MAX_KEPT_ERRORS = 100;
/** Rows per chunk of an export. A report's chunk is one program. */
export const EXPORT_CHUNK_ROWS = 200;

const instant = z.iso.datetime({ offset: true });

/** What the job works on, fixed when it is created (`asOf`: the instant the statuses are read at). */
export const bigJobParamsSchema = z.object({
  programIds: z.array(z.uuid()).max(100).default([]),
  from: instant.nullable().default(null),
  to: instant.nullable().default(null),
  /** The language of the file's column names: the creator's. */
  language: z.enum(['en', 'es']),
}).strict().refine((p) => !p.from || !p.to || Date.parse(p.from) < Date.parse(p.to), { message: zm(m.periodOrder), path: ['to'] });
export type BigJobParams = z.infer<typeof bigJobParamsSchema>;

/** One row error: which chunk, which row (its id or number), and what went wrong (keyed English). */
export const bigJobRowErrorSchema = z.object({ chunk: z.number().int().min(0), row: z.string().max(100), error: z.string().min(1).max(500) });
export type BigJobRowError = z.infer<typeof bigJobRowErrorSchema>;

export function isReportType(type: BigJobType): boolean {
  return type.startsWith('REPORT_');
}
