/**
 * The ScheduledReport commands (decision 0068): create, update, archive or unarchive, and record a
 * run's outcome. A run is recorded once per fire: a repeated record (a retried activity, a second
 * tick) decides nothing, so a report is never counted or failed twice for one fire.
 */
import { z } from 'zod';
import type { CommandContext, CommandHandler } from '../shared/decider';
import { NotFoundError, ValidationError } from '../shared/errors';
import { reportDefinitionSchema, type ReportDefinition } from './model';
import { reportMessages as m } from './messages';
import {
  reportRunFailedSchema, reportRunSucceededSchema, scheduledReportAggregate, type ExistingReport, type ScheduledReportEvent, type ScheduledReportState,
} from './state';

export interface CreateReportInput {
  report: ReportDefinition;
  createdBy: string;
}
export const createReportInputSchema = z.object({ report: reportDefinitionSchema, createdBy: z.uuid() });
export const toggleArchiveInputSchema = z.object({ reportId: z.uuid() });
export type RunSucceeded = z.infer<typeof reportRunSucceededSchema>;
export type RunFailed = z.infer<typeof reportRunFailedSchema>;

const same = (a: ReportDefinition, b: ReportDefinition) => JSON.stringify(a) === JSON.stringify(b);

function found(state: ScheduledReportState): ExistingReport {
  if (state.status === 'NONE') throw new NotFoundError(m.notFound);
  return state;
}

export function createReport(input: CreateReportInput, state: ScheduledReportState, ctx: CommandContext): ScheduledReportEvent[] {
  // The id comes from the request's Idempotency-Key: a second create with it is the same request.
  if (state.status !== 'NONE') {
    if (same(state.report, input.report)) return [];
    throw ValidationError.forField('reportId', m.notFound);
  }
  return [{ type: 'ScheduledReportCreated', data: { report: input.report, createdBy: input.createdBy, at: ctx.now } }];
}

export function updateReport(input: ReportDefinition, state: ScheduledReportState, ctx: CommandContext): ScheduledReportEvent[] {
  const current = found(state);
  if (input.ecosystemId !== current.report.ecosystemId) throw ValidationError.forField('ecosystemId', m.oneEcosystem);
  return same(current.report, input) ? [] : [{ type: 'ScheduledReportUpdated', data: { report: input, at: ctx.now } }];
}

export function toggleArchive(input: { reportId: string }, state: ScheduledReportState, ctx: CommandContext): ScheduledReportEvent[] {
  const current = found(state);
  return current.status === 'ACTIVE'
    ? [{ type: 'ScheduledReportArchived', data: { reportId: input.reportId } }]
    : [{ type: 'ScheduledReportUnarchived', data: { reportId: input.reportId, at: ctx.now } }];
}

function isNewFire(state: ExistingReport, firedAt: string): boolean {
  return state.lastFiredAt === null || Date.parse(firedAt) > Date.parse(state.lastFiredAt);
}

export function recordRunSucceeded(input: RunSucceeded, state: ScheduledReportState): ScheduledReportEvent[] {
  return isNewFire(found(state), input.firedAt) ? [{ type: 'ScheduledReportRunSucceeded', data: input }] : [];
}

export function recordRunFailed(input: RunFailed, state: ScheduledReportState): ScheduledReportEvent[] {
  return isNewFire(found(state), input.firedAt) ? [{ type: 'ScheduledReportRunFailed', data: input }] : [];
}

type Handler<Input> = CommandHandler<Input, ScheduledReportState, ScheduledReportEvent>;
const tenantOf = (_input: unknown, state: ScheduledReportState) => (state.status === 'NONE' ? null : state.report.ecosystemId);
const onReport = { aggregate: scheduledReportAggregate, ecosystemId: tenantOf };

export const createScheduledReportHandler: Handler<CreateReportInput> = {
  type: 'CreateScheduledReport', input: createReportInputSchema, aggregate: scheduledReportAggregate, createsStream: true,
  aggregateId: (i) => i.report.reportId, ecosystemId: (i) => i.report.ecosystemId, decide: createReport,
};
export const updateScheduledReportHandler: Handler<ReportDefinition> = {
  type: 'UpdateScheduledReport', input: reportDefinitionSchema, ...onReport, aggregateId: (i) => i.reportId, decide: updateReport,
};
export const toggleArchiveScheduledReportHandler: Handler<{ reportId: string }> = {
  type: 'ToggleArchiveScheduledReport', input: toggleArchiveInputSchema, ...onReport, aggregateId: (i) => i.reportId, decide: toggleArchive,
};
export const recordReportRunSucceededHandler: Handler<RunSucceeded> = {
  type: 'RecordScheduledReportRunSucceeded', input: reportRunSucceededSchema, ...onReport, aggregateId: (i) => i.reportId, decide: recordRunSucceeded,
};
export const recordReportRunFailedHandler: Handler<RunFailed> = {
  type: 'RecordScheduledReportRunFailed', input: reportRunFailedSchema, ...onReport, aggregateId: (i) => i.reportId, decide: recordRunFailed,
};
