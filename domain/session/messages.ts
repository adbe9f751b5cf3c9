/** What users read when a session command is refused (English; Spanish in api/i18n/es/sessions.ts). */
import { defineMessages } from '../shared/i18n';

/** Spec section 5: "Please double check your selected start and end times." followed by the limit. */
const CHECK_TIMES = 'Please double check your selected start and end times.';

export const sessionMessages = defineMessages('session', {
  checkTimes: CHECK_TIMES,
  tooLong: `${CHECK_TIMES} Sessions cannot be longer than 7 hours.`,
  tooShort: `${CHECK_TIMES} Sessions cannot be shorter than 15 minutes.`,
  recurringDaysRequired: 'Please select at least one day of the week for sessions to recur.',
  invalidTimeZone: 'Choose a valid time zone.',
  invalidDate: 'Enter a valid date (YYYY-MM-DD).',
  invalidTime: 'Enter a valid time (HH:mm).',
  invalidInterval: 'Sessions can repeat every 1 to {max} days, weeks or months.',
  invalidWeeks: 'Sessions can recur for 1 to {max} weeks.',
  endBeforeStart: 'The end date cannot be before the first session.',
  endDateOrWeeks: 'Choose a number of weeks or an end date for sessions to recur.',
  seriesTooLong: 'Sessions can recur for at most one year.',
  noOccurrences: 'No session falls on the chosen days between these dates.',
  invalidDay: 'Days of the week run from 0 (Sunday) to 6 (Saturday).',
});
