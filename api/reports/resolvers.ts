/**
 * Scheduled program-level reports (schema/scheduled-reports.graphql, decision 0068): the internal
 * admin panel's list, create, update and archive toggle, platform admins only (the spec places
 * them in the internal admin panel and nowhere else). A report covers programs of one ecosystem;
 * the ids are checked against the tenants read model before anything is dispatched.
 */
import { z } from 'zod';
import {
  createScheduledReportHandler, toggleArchiveScheduledReportHandler, updateScheduledReportHandler,
} from '../../domain/report/decide';
import { reportMessages } from '../../domain/report/messages';
import type { ReportDefinition } from '../../domain/report/model';
import { nextFireAfter } from '../../domain/report/schedule';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import { findScheduledReport, listScheduledReports, REPORTS_PROJECTION, type ScheduledReportRow } from '../../projections/reports';
import { getProgramsByIds } from '../../projections/tenants/queries';
import type { CreateScheduledProgramLevelReportsInput, Resolvers } from '../__generated__/resolvers';
import { authorize } from '../auth/policy';
import type { RequestContext } from '../context';
import { translateStored } from '../i18n/catalogue';
import { readEcosystem, uuidArg } from '../tenants/access';

const waitFor = [REPORTS_PROJECTION];

/** Report ids are plain UUIDs: anything else names no report and is malformed. */
function reportIdArg(value: string): string {
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw ValidationError.forField('_id', reportMessages.notFound);
  return parsed.data.toLowerCase();
}

/** The programs, all of the ecosystem (row-level security aside, a platform admin sees every tenant). */
async function programsOf(ctx: RequestContext, ecosystemId: string, values: readonly string[]): Promise<string[]> {
  const ids = values.map((v, i) => uuidArg('Program', v, `input.programs.${i}`));
  const rows = await ctx.read((c) => getProgramsByIds(c, ids));
  if (rows.length !== new Set(ids).size || rows.some((p) => p.ecosystemId !== ecosystemId)) {
    throw ValidationError.forField('input.programs', reportMessages.programNotInEcosystem);
  }
  return ids;
}

async function definitionOf(ctx: RequestContext, reportId: string, input: CreateScheduledProgramLevelReportsInput): Promise<ReportDefinition> {
  const ecosystemId = uuidArg('Ecosystem', input.ecosystemId, 'input.ecosystemId');
  await readEcosystem(ctx, ecosystemId);
  const programIds = await programsOf(ctx, ecosystemId, input.programs);
  const { timeOfDay, ...schedule } = input.schedule;
  return {
    reportId, reportName: input.reportName, reportType: input.reportType ?? 'PROGRAM_SESSIONS', recipientEmail: input.recipientEmail,
    language: input.language ?? 'en', ecosystemId, programIds,
    schedule: { ...schedule, dayOfWeek: schedule.dayOfWeek ?? null, dayOfMonth: schedule.dayOfMonth ?? null, hour: timeOfDay },
    startDay: input.startDay ?? null, endDay: input.endDay ?? null,
  };
}

/** The definition's field paths (`report.schedule.hour`) as the input's (`input.schedule.timeOfDay`). */
function inputPath(path: string): string {
  const field = path.replace(/^report\./, '').replace(/^schedule\.hour$/, 'schedule.timeOfDay').replace(/^programIds(?=\.|$)/, 'programs');
  return `input.${field}`;
}

/** Runs a report command, answering its field errors under the input's own names. */
async function executeReport(ctx: RequestContext, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof ValidationError) || Object.keys(err.fields).length === 0) throw err;
    throw new ValidationError(err.userMessage, Object.fromEntries(Object.entries(err.fields).map(([path, message]) => [inputPath(path), message])));
  }
}

async function answered(ctx: RequestContext, reportId: string): Promise<ScheduledReportRow> {
  const row = await ctx.read((c) => findScheduledReport(c, reportId));
  if (!row) throw new NotFoundError(reportMessages.notFound);
  return row;
}

function nextRunAt(row: ScheduledReportRow, now: Date): string | null {
  if (row.archived) return null;
  const since = new Date(Math.max(now.getTime(), Date.parse(row.scheduledSince)));
  return nextFireAfter(row.report, since)?.toISOString() ?? null;
}

export const reportsResolvers: Resolvers = {
  ScheduledProgramLevelReport: {
    _id: (row) => row.id,
    reportName: (row) => row.report.reportName,
    reportType: (row) => row.report.reportType,
    recipientEmail: (row) => row.report.recipientEmail,
    language: (row) => row.report.language,
    ecosystems: (row) => [row.ecosystemId],
    programs: (row) => row.report.programIds,
    schedule: (row) => ({ ...row.report.schedule, dailySchedule: { timeOfDay: row.report.schedule.hour } }),
    startDay: (row) => row.report.startDay,
    endDay: (row) => row.report.endDay,
    // A run's failure is stored in English in its event; readers get it in their language.
    error: (row, _args, ctx) => (row.error ? translateStored(row.error, ctx.locale) : null),
    lastRunAt: (row) => row.lastFiredAt,
    nextRunAt: (row, _args, ctx) => nextRunAt(row, ctx.services.clock()),
  },
  Query: {
    async getAllScheduledProgramLevelReports(_root, args, ctx) {
      authorize(ctx, { type: 'platform.configure' });
      return ctx.read((c) => listScheduledReports(c, args.archived ?? null));
    },
  },
  Mutation: {
    async createScheduledProgramLevelReports(_root, args, ctx) {
      const viewer = authorize(ctx, { type: 'platform.configure' });
      const reportId = ctx.newId('scheduledReport');
      const report = await definitionOf(ctx, reportId, args.input);
      await executeReport(ctx, () => ctx.execute(createScheduledReportHandler, { report, createdBy: viewer.userId }, { waitFor, ecosystemId: report.ecosystemId }));
      return answered(ctx, reportId);
    },

    async updateScheduledProgramLevelReports(_root, args, ctx) {
      authorize(ctx, { type: 'platform.configure' });
      const reportId = reportIdArg(args.input._id);
      const report = await definitionOf(ctx, reportId, args.input);
      await executeReport(ctx, () => ctx.execute(updateScheduledReportHandler, report, { waitFor, ecosystemId: report.ecosystemId }));
      return answered(ctx, reportId);
    },

    async toggleArchiveScheduledProgramLevelReports(_root, args, ctx) {
      authorize(ctx, { type: 'platform.configure' });
      const reportId = reportIdArg(args.input._id);
      const result = await ctx.execute(toggleArchiveScheduledReportHandler, { reportId }, { waitFor });
      return { _id: reportId, archived: result.state.status === 'ARCHIVED' };
    },
  },
};
