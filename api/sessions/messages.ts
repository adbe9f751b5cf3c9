/** What readers of the session lists see when their arguments are wrong (Spanish in api/i18n/es/sessions-read.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const sessionsReadMessages = defineMessages('sessions.read', {
  pageNumber: 'Pages start at 1.',
  pageSize: 'Ask for between 1 and {max, number} sessions at a time.',
  sessionIdLabel: 'Session id',
  tooManyUsers: 'Ask about at most {max, number} people at a time.',
  rangeOrder: 'The end of the range must come after its start.',
});
