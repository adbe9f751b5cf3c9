/**
 * A report run's mail (decision 0068): the SCHEDULED_REPORT template's parameters and the CSV
 * attachment, from the report's contents, in the report's language. The CSV has one line per
 * program and one per program and tutor, with the cell escaping of every export (infra/csv.ts).
 */
import { DateTime } from 'luxon';
import type { MessageAttachment } from '../../domain/message/events';
import type { TemplateParams } from '../../domain/message/templates';
import type { ReportLanguage } from '../../domain/report/model';
import { csvText } from '../../infra/csv';
import type { ReportContents } from '../../projections/reports/contents';

/** The report file's column names (also the big jobs' program sessions report, decision 0075). */
export const REPORT_HEADERS: Record<ReportLanguage, string[]> = {
  en: ['Line', 'Program', 'Tutor', 'Held', 'Cancelled', 'Missed', 'Hours', 'Attendance rate', 'Active pairs', 'Learners'],
  es: ['Línea', 'Programa', 'Tutor', 'Realizadas', 'Canceladas', 'Perdidas', 'Horas', 'Tasa de asistencia', 'Parejas activas', 'Aprendices'],
};
const LINE: Record<ReportLanguage, { program: string; tutor: string }> = { en: { program: 'Program', tutor: 'Tutor' }, es: { program: 'Programa', tutor: 'Tutor' } };

/** The period as local dates of the report's zone: the start day to the last day before the end. */
export function periodLabel(start: Date, end: Date, timeZoneId: string): string {
  const first = DateTime.fromJSDate(start, { zone: timeZoneId }).toISODate();
  const last = DateTime.fromJSDate(new Date(end.getTime() - 1), { zone: timeZoneId }).toISODate();
  return first === last ? `${first}` : `${first} – ${last}`;
}

/** The report's lines: one per program, then one per program and tutor. */
export function reportRows(contents: ReportContents, language: ReportLanguage): string[][] {
  const names = new Map(contents.programs.map((p) => [p.programId, p.programName]));
  return [
    ...contents.programs.map((p) => [LINE[language].program, p.programName, '', String(p.held), String(p.cancelled), String(p.missed), String(p.hours),
      p.attendanceRate === null ? '' : String(p.attendanceRate), String(p.activePairs), '']),
    ...contents.tutors.map((t) => [LINE[language].tutor, names.get(t.programId) ?? '', t.tutorName, String(t.held), String(t.cancelled), String(t.missed),
      String(t.hours), '', '', String(t.learners)]),
  ];
}

export function reportCsv(contents: ReportContents, language: ReportLanguage): string {
  // A byte-order mark first, so spreadsheets read UTF-8 (as the HTTP exports).
  return `\uFEFF${csvText(REPORT_HEADERS[language], reportRows(contents, language))}`;
}

export function reportAttachment(reportName: string, period: { start: Date }, timeZoneId: string, csv: string): MessageAttachment {
  const day = DateTime.fromJSDate(period.start, { zone: timeZoneId }).toISODate() ?? 'report';
  const base = reportName.replace(/[^A-Za-z0-9 ._-]+/g, '').trim().slice(0, 80) || 'report';
  return { filename: `${base} ${day}.csv`, contentType: 'text/csv', content: csv };
}

export function reportParams(reportName: string, period: string, contents: ReportContents): TemplateParams['SCHEDULED_REPORT'] {
  const names = new Map(contents.programs.map((p) => [p.programId, p.programName]));
  return {
    reportName, period,
    programs: contents.programs.map((p) => ({
      name: p.programName, held: p.held, cancelled: p.cancelled, missed: p.missed, hours: p.hours, attendanceRate: p.attendanceRate, activePairs: p.activePairs,
    })),
    tutors: contents.tutors.map((t) => ({
      program: names.get(t.programId) ?? '', tutor: t.tutorName, held: t.held, cancelled: t.cancelled, missed: t.missed, hours: t.hours, learners: t.learners,
    })),
  };
}
