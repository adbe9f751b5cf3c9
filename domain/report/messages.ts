/** What people read about scheduled program-level reports (English; Spanish in api/i18n/es/reports.ts). */
import { defineMessages } from '../shared/i18n';

export const reportMessages = defineMessages('scheduledReport', {
  notFound: 'This scheduled report does not exist.',
  invalidTimeZone: 'Choose a time zone from the list (an IANA name such as America/New_York).',
  dayOfWeekRequired: 'A weekly report needs a day of the week (1 for Monday to 7 for Sunday).',
  dayOfMonthRequired: 'A monthly report needs a day of the month (1 to 31; shorter months use their last day).',
  noDayForDaily: 'A daily report runs every day: leave the day of the week and of the month empty.',
  noDayOfMonthForWeekly: 'A weekly report runs on a day of the week: leave the day of the month empty.',
  noDayOfWeekForMonthly: 'A monthly report runs on a day of the month: leave the day of the week empty.',
  endBeforeStart: 'The last day must be on or after the first day.',
  recipientNotEmail: '"{email}" is not a valid e-mail address.',
  recipientRequired: 'Add at least one recipient e-mail address.',
  programRequired: 'Choose at least one program.',
  programNotInEcosystem: 'Every program must belong to the chosen ecosystem.',
  oneEcosystem: 'A report covers the programs of exactly one ecosystem.',
  runFailedMail: 'The report could not be sent: the message service refused it. It will be sent again at its next time.',
  runFailedContents: 'The report could not be made from the sessions. It will be tried again at its next time.',
});

export const reportLabels = defineMessages('scheduledReportLabel', {
  reportName: 'Report name',
  recipients: 'Recipients',
  programs: 'Programs',
  hour: 'Hour',
  dayOfWeek: 'Day of the week',
  dayOfMonth: 'Day of the month',
  frequency: 'Frequency',
  timeZone: 'Time zone',
  startDay: 'First day',
  endDay: 'Last day',
  language: 'Language',
});
