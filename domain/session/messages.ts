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
  startInPast: 'Sessions cannot start in the past.',
  invalidCustomUrl: 'Please enter a valid video link starting with http:// or https://.',
  invalidSeats: 'A session needs at least one seat for students.',
  notFound: 'That session no longer exists.',
  alreadyExists: 'This session has already been booked.',
  full: 'This session is full.',
  reasonRequired: 'Please give a reason for cancelling a session that starts within 24 hours.',
  alreadyCancelled: 'This session is already cancelled.',
  notCancelled: 'This session is not cancelled.',
  cancelled: 'This session is cancelled.',
  ended: 'This session has already ended.',
  allEnded: 'These sessions have already ended.',
  notParticipant: 'This person is not in this session.',
  alreadyParticipant: 'This person is already in this session.',
  duplicateParticipant: 'Each person can be in a session only once.',
  noParticipants: 'A session needs at least one participant.',
  recurrenceNotSingle: 'A change to how sessions recur applies to this and following sessions or to all of them.',
  nothingToRecord: 'Send a join time or a leave time.',
});
