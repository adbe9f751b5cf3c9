/** What the admin session summary says itself (English; Spanish in api/i18n/es/sessions-admin.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const sessionAdminMessages = defineMessages('sessionAdmin', {
  tooManyValues: 'Choose at most {max} values.',
  termTooLong: 'Search with at most {max} characters.',
  termOneLine: 'Search on one line, without line breaks.',
  unknownSort: 'Unknown sort order.',
  unknownValue: 'Unknown value: {value}.',
  rangeReversed: 'The end of the date range comes before its start.',
  invalidPageNumber: 'The page number starts at 1.',
  pageTooDeep: 'Pages reach at most {max} rows deep; narrow the filters instead.',
  badFilters: 'The filters must be a JSON object of session filters.',
});

/** The export's column names, in the reader's language. */
export const sessionAdminCsvMessages = defineMessages('sessionAdmin.csv', {
  date: 'Date',
  startTime: 'Start',
  timeZoneId: 'Time zone',
  durationMinutes: 'Minutes',
  subject: 'Subject',
  program: 'Program',
  sessionType: 'Type',
  status: 'Status',
  leaders: 'Leaders',
  learners: 'Learners',
  numAttendees: 'Attended',
  cancelReason: 'Cancel reason',
  sessionId: 'Session id',
});

/** The bulk actions' refusals. */
export const sessionAdminActionMessages = defineMessages('sessionAdmin.actions', {
  noSessions: 'Choose at least one session.',
  tooManySessions: 'Choose at most {max} sessions at once.',
  duplicateSession: 'This session is named twice.',
  notInEcosystem: 'This session does not belong to this ecosystem.',
  reasonTooLong: 'Give a reason of at most {max} characters.',
  reasonOneLine: 'Give the reason on one line, without line breaks or control characters.',
});

/** The "all matching" actions' refusals (decision 0064). */
export const sessionBulkMessages = defineMessages('sessionAdmin.bulk', {
  invalidCount: 'The expected count is a whole number from 0.',
  countChanged: 'The number of matching sessions changed to {count} since you looked. Check the list again before you go on.',
  startedByOwnMutation: 'This job is started by its own action (adminCancelAllLabelSession, adminRestoreAllSessions or adminSaveAllLabelSession).',
});

/** The custom session properties' refusals. */
export const sessionPropertyMessages = defineMessages('sessionAdmin.properties', {
  noProperties: 'Choose at least one property to set.',
  tooManyProperties: 'Set at most {max} properties at once.',
  duplicateKey: 'This property is named twice.',
  unknownKey: 'This is not one of the custom session properties of the program of every session chosen.',
  badValue: 'This value does not fit the property ({fieldType}).',
  valueTooLong: 'Give a value of at most {max} characters, on one line.',
  cancelled: 'A cancelled session cannot be changed: restore it first.',
});
