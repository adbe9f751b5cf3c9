/**
 * Activities of the scheduled reports (decision 0068). The tick asks which reports are due at the
 * engine's clock (each in its own zone, domain/report/schedule.ts), then sends each: its contents
 * from the sessions read model, one e-mail per recipient through the message pipeline (HTML
 * summary and CSV attachment, in each recipient's language: decision 0076), and the run recorded on the report. Every
 * id is derived from the report and the fire time, so a retried activity or a second tick records
 * and mails nothing twice; a fire already recorded is skipped.
 */
import type { BrandInput } from '../../domain/message/templates';
import { recordMessage } from '../../domain/message/handlers';
import { recordReportRunFailedHandler, recordReportRunSucceededHandler } from '../../domain/report/decide';
import { reportMessages } from '../../domain/report/messages';
import { dueFire, periodBefore } from '../../domain/report/schedule';
import { DomainError } from '../../domain/shared/errors';
import type { Actor } from '../../domain/shared/events';
import { renderEnglish } from '../../domain/shared/i18n';
import type { ReportContents, ReportPeriod } from '../../projections/reports/contents';
import type { RecipientAccount } from '../../projections/reports/recipients';
import { messageLanguageOf } from '../../domain/message/kinds';
import type { ScheduledReportRow } from '../../projections/reports/queries';
import type { CommandDispatcher } from '../dispatch';
import type { WorkflowEngine } from '../engine/port';
import type { WeeklyReportReads } from './weekly';
import type { UnsubscribeUrl } from '../messages/unsubscribe';
import { deterministicUuid } from '../ids';
import { sendMessage, type RecordMessage } from '../messages/send';
import { periodLabel, reportAttachment, reportCsv, reportParams } from './render';

export interface ReportReads {
  /** The reports not archived, with their schedule and last fire. */
  active(): Promise<ScheduledReportRow[]>;
  report(reportId: string): Promise<ScheduledReportRow | null>;
  contents(period: ReportPeriod): Promise<ReportContents>;
  brand(ecosystemId: string): Promise<BrandInput>;
  /** The platform users among these addresses (in the ecosystem, or platform admins), by address: they get the report in their own language. */
  recipients(ecosystemId: string, emails: readonly string[]): Promise<Map<string, RecipientAccount>>;
}

export interface ReportActivityDeps {
  reads: ReportReads;
  /** The weekly parent reports' reads (decision 0076; workflows/reports/weekly.ts). */
  weekly?: WeeklyReportReads;
  /** The weekly parent report's unsubscribe links (decision 0072); scheduled reports to any address have none. */
  unsubscribeUrl?: UnsubscribeUrl;
  /** The engine that delivers the e-mails (the one running the tick). */
  engine: () => Pick<WorkflowEngine, 'startWorkflow'>;
  log?: (line: string) => void;
}

export interface DueReport {
  reportId: string;
  /** The scheduled instant this run is for (ISO). */
  firedAt: string;
}

export type ReportRunOutcome = 'SENT' | 'FAILED' | 'SKIPPED';

/** The platform itself: a scheduled report is sent for no person. */
export const REPORT_ACTOR: Actor = { userId: '00000000-0000-0000-0000-000000000000', role: 'SYSTEM' };

const runId = (due: DueReport, step: string) => deterministicUuid(`scheduled-report/${due.reportId}/${due.firedAt}/${step}`);

export function dueReports(rows: readonly ScheduledReportRow[], now: Date): DueReport[] {
  return rows.flatMap((row) => {
    const fire = dueFire(row.report, now, row.lastFiredAt ? new Date(row.lastFiredAt) : null, new Date(row.scheduledSince));
    return fire ? [{ reportId: row.id, firedAt: fire.toISOString() }] : [];
  });
}

async function mailAll(deps: ReportActivityDeps, record: RecordMessage, row: ScheduledReportRow, due: DueReport, contents: ReportContents, period: { start: Date; end: Date }) {
  const { report } = row;
  const label = periodLabel(period.start, period.end, report.schedule.timeZoneId);
  const brand = await deps.reads.brand(row.ecosystemId);
  // Each recipient in their own language when the address is a platform user's in this ecosystem (decision 0076), else the report's.
  const accounts = await deps.reads.recipients(row.ecosystemId, report.recipientEmail);
  for (const to of report.recipientEmail) {
    const account = accounts.get(to) ?? null;
    const language = account ? messageLanguageOf(account.languagePreference) : report.language;
    const attachment = reportAttachment(report.reportName, period, report.schedule.timeZoneId, reportCsv(contents, language));
    await sendMessage({ record, engine: deps.engine() }, {
      ecosystemId: row.ecosystemId, channel: 'EMAIL', kind: 'SCHEDULED_REPORT', language, to, recipientUserId: account?.userId ?? null,
      params: reportParams(report.reportName, label, contents), brand, attachments: [attachment],
      idempotencyKey: `scheduled-report/${row.id}/${due.firedAt}/${to}`,
    });
  }
}

export function createReportActivities(deps: ReportActivityDeps | undefined, bus: CommandDispatcher, clock: () => Date) {
  const need = (): ReportActivityDeps => {
    if (!deps) throw new Error('Scheduled reports need their reads and engine (ActivityDeps.reports).');
    return deps;
  };
  const dispatch = <I>(handler: Parameters<CommandDispatcher['dispatch']>[0], input: I, commandId: string) =>
    bus.dispatch(handler, input, { actor: REPORT_ACTOR, commandId, now: clock().toISOString() });

  return {
    /** The reports due at the engine's clock, at most one fire each (the latest not yet run). */
    async dueScheduledReports(): Promise<DueReport[]> {
      return dueReports(await need().reads.active(), clock());
    },

    /** Sends one report for one fire and records how it went; a failure is recorded on the report, not retried. */
    async sendScheduledReport(due: DueReport): Promise<ReportRunOutcome> {
      const d = need();
      const row = await d.reads.report(due.reportId);
      if (!row || row.archived || (row.lastFiredAt && Date.parse(row.lastFiredAt) >= Date.parse(due.firedAt))) return 'SKIPPED';
      const period = periodBefore(row.report.schedule, new Date(due.firedAt));
      let stage: 'contents' | 'mail' = 'contents';
      try {
        const contents = await d.reads.contents({ ecosystemId: row.ecosystemId, programIds: row.report.programIds, ...period });
        stage = 'mail';
        const record: RecordMessage = async (input, commandId) => {
          const r = await bus.dispatch(recordMessage, input, { actor: REPORT_ACTOR, commandId, correlationId: runId(due, 'run'), now: clock().toISOString() });
          return { state: r.state, replayed: false, position: null };
        };
        await mailAll(d, record, row, due, contents, period);
      } catch (err) {
        d.log?.(`[workflows] scheduled report ${due.reportId} at ${due.firedAt}: ${err instanceof DomainError ? err.message : String(err)}`);
        const error = renderEnglish(stage === 'contents' ? reportMessages.runFailedContents : reportMessages.runFailedMail);
        await dispatch(recordReportRunFailedHandler, { reportId: due.reportId, firedAt: due.firedAt, error }, runId(due, 'failed'));
        return 'FAILED';
      }
      await dispatch(recordReportRunSucceededHandler, {
        reportId: due.reportId, firedAt: due.firedAt, periodStart: period.start.toISOString(), periodEnd: period.end.toISOString(), recipients: row.report.recipientEmail.length,
      }, runId(due, 'succeeded'));
      return 'SENT';
    },
  };
}
