/** What readers of the session summary and admins changing programs' session properties see when something is wrong (Spanish in api/i18n/es/session-summary.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const sessionSummaryMessages = defineMessages('sessions.summary', {
  rangeOrder: 'The last day must not come before the first.',
  rangeTooLong: 'Ask for at most {max, number} months at a time.',
});
