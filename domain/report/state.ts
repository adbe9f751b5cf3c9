/**
 * The ScheduledReport aggregate's events and state (decision 0068): one stream per report,
 * `scheduledreport-<reportId>`. Runs are recorded on the report itself, so its `error` is the last
 * run's failure and `lastFiredAt` keeps a fire from running twice.
 */
import { z } from 'zod';
import type { Aggregate } from '../shared/decider';
import { reportDefinitionSchema, type ReportDefinition } from './model';

const instant = z.iso.datetime({ offset: true });

export const reportCreatedSchema = z.object({ report: reportDefinitionSchema, createdBy: z.uuid(), at: instant });
export const reportUpdatedSchema = z.object({ report: reportDefinitionSchema, at: instant });
export const reportArchivedSchema = z.object({ reportId: z.uuid() });
export const reportUnarchivedSchema = z.object({ reportId: z.uuid(), at: instant });
export const reportRunSucceededSchema = z.object({
  reportId: z.uuid(), firedAt: instant, periodStart: instant, periodEnd: instant, recipients: z.number().int().min(0),
});
/** `error` is the failure in English, keyed (api/i18n translateStored renders it in the reader's language). */
export const reportRunFailedSchema = z.object({ reportId: z.uuid(), firedAt: instant, error: z.string().max(2000) });

export type ScheduledReportEvent =
  | { type: 'ScheduledReportCreated'; data: z.infer<typeof reportCreatedSchema> }
  | { type: 'ScheduledReportUpdated'; data: z.infer<typeof reportUpdatedSchema> }
  | { type: 'ScheduledReportArchived'; data: z.infer<typeof reportArchivedSchema> }
  | { type: 'ScheduledReportUnarchived'; data: z.infer<typeof reportUnarchivedSchema> }
  | { type: 'ScheduledReportRunSucceeded'; data: z.infer<typeof reportRunSucceededSchema> }
  | { type: 'ScheduledReportRunFailed'; data: z.infer<typeof reportRunFailedSchema> };

export interface ExistingReport {
  status: 'ACTIVE' | 'ARCHIVED';
  report: ReportDefinition;
  createdBy: string;
  /** When the schedule took its current form (created, moved or unarchived): fires before it are not due. */
  scheduledSince: string;
  lastFiredAt: string | null;
  error: string | null;
}
export type ScheduledReportState = { status: 'NONE' } | ExistingReport;

function existing(state: ScheduledReportState, apply: (s: ExistingReport) => ExistingReport): ScheduledReportState {
  return state.status === 'NONE' ? state : apply(state);
}

export function evolve(state: ScheduledReportState, event: ScheduledReportEvent): ScheduledReportState {
  switch (event.type) {
    case 'ScheduledReportCreated':
      return { status: 'ACTIVE', report: event.data.report, createdBy: event.data.createdBy, scheduledSince: event.data.at, lastFiredAt: null, error: null };
    case 'ScheduledReportUpdated':
      return existing(state, (s) => ({ ...s, report: event.data.report, scheduledSince: event.data.at }));
    case 'ScheduledReportArchived':
      return existing(state, (s) => ({ ...s, status: 'ARCHIVED' }));
    case 'ScheduledReportUnarchived':
      return existing(state, (s) => ({ ...s, status: 'ACTIVE', scheduledSince: event.data.at }));
    case 'ScheduledReportRunSucceeded':
      return existing(state, (s) => ({ ...s, lastFiredAt: event.data.firedAt, error: null }));
    case 'ScheduledReportRunFailed':
      return existing(state, (s) => ({ ...s, lastFiredAt: event.data.firedAt, error: event.data.error }));
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const scheduledReportAggregate: Aggregate<ScheduledReportState, ScheduledReportEvent> = {
  category: 'scheduledreport',
  initialState: { status: 'NONE' },
  evolve,
  eventSchemas: {
    ScheduledReportCreated: reportCreatedSchema,
    ScheduledReportUpdated: reportUpdatedSchema,
    ScheduledReportArchived: reportArchivedSchema,
    ScheduledReportUnarchived: reportUnarchivedSchema,
    ScheduledReportRunSucceeded: reportRunSucceededSchema,
    ScheduledReportRunFailed: reportRunFailedSchema,
  },
};
