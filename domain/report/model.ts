/**
 * A scheduled program-level report (spec: ScheduledProgramLevelReport; decision 0068): which
 * programs of one ecosystem it covers, who receives it, in which language, and when it is sent.
 * The schedule is local to the report's own IANA zone: `hour` is a wall-clock hour there, so a
 * report keeps its local hour across daylight-saving changes (domain/report/schedule.ts).
 */
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { zodMessage as zm } from '../shared/i18n';
import { oneOf, optionalDate, text, whole } from '../ecosystem/fields';
import { reportLabels as l, reportMessages as m } from './messages';

export const REPORT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export const REPORT_TYPES = ['PROGRAM_SESSIONS'] as const;
export const REPORT_LANGUAGES = ['en', 'es'] as const;
export const REPORT_NAME_MAX = 100;
export const RECIPIENTS_MAX = 20;
export const PROGRAMS_MAX = 50;

export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Lower-cased and without repeats: the same address twice would receive the report twice. */
const recipients = z.array(z.string().trim().toLowerCase().max(254), { error: zm(m.recipientRequired) })
  .min(1, { error: zm(m.recipientRequired) })
  .max(RECIPIENTS_MAX, { error: zm(m.recipientRequired) })
  .superRefine((emails, ctx) => {
    emails.forEach((email, i) => {
      if (!EMAIL.test(email)) ctx.addIssue({ code: 'custom', path: [i], message: zm(m.recipientNotEmail({ email })) });
    });
  })
  .transform((emails) => [...new Set(emails)]);

export const reportScheduleSchema = z.object({
  frequency: oneOf(l.frequency, REPORT_FREQUENCIES),
  dayOfWeek: whole(l.dayOfWeek, 1, 7).nullable(),
  dayOfMonth: whole(l.dayOfMonth, 1, 31).nullable(),
  hour: whole(l.hour, 0, 23),
  timeZoneId: z.string().max(64).refine((zone) => IANAZone.isValidZone(zone), { error: zm(m.invalidTimeZone) }),
}).superRefine((s, ctx) => {
  const issue = (path: string, message: Parameters<typeof zm>[0]) => ctx.addIssue({ code: 'custom', path: [path], message: zm(message) });
  if (s.frequency === 'DAILY' && (s.dayOfWeek !== null || s.dayOfMonth !== null)) issue(s.dayOfWeek !== null ? 'dayOfWeek' : 'dayOfMonth', m.noDayForDaily);
  if (s.frequency === 'WEEKLY' && s.dayOfWeek === null) issue('dayOfWeek', m.dayOfWeekRequired);
  if (s.frequency === 'WEEKLY' && s.dayOfMonth !== null) issue('dayOfMonth', m.noDayOfMonthForWeekly);
  if (s.frequency === 'MONTHLY' && s.dayOfMonth === null) issue('dayOfMonth', m.dayOfMonthRequired);
  if (s.frequency === 'MONTHLY' && s.dayOfWeek !== null) issue('dayOfWeek', m.noDayOfWeekForMonthly);
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const reportDefinitionSchema = z.object({
  reportId: z.uuid(),
  reportName: text(l.reportName, REPORT_NAME_MAX),
  reportType: z.enum(REPORT_TYPES),
  recipientEmail: recipients,
  language: oneOf(l.language, REPORT_LANGUAGES),
  ecosystemId: z.uuid(),
  programIds: z.array(z.uuid(), { error: zm(m.programRequired) }).min(1, { error: zm(m.programRequired) }).max(PROGRAMS_MAX)
    .transform((ids) => [...new Set(ids)]),
  schedule: reportScheduleSchema,
  startDay: optionalDate(l.startDay),
  endDay: optionalDate(l.endDay),
}).superRefine((d, ctx) => {
  if (d.startDay !== null && d.endDay !== null && d.endDay < d.startDay) ctx.addIssue({ code: 'custom', path: ['endDay'], message: zm(m.endBeforeStart) });
});
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;
