/** What the meetings API says (English; Spanish in api/i18n/es/meetings.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const meetingMessages = defineMessages('meetings', {
  apiKeyRequired: 'Enter the API key of your Lessonspace organisation.',
  accountIdRequired: 'Enter the account ID of your Zoom app.',
  clientIdRequired: 'Enter the client ID of your Zoom app.',
  clientSecretRequired: 'Enter the client secret of your Zoom app.',
  credentialNotOneWord: 'Paste this as it was given: one word, without spaces or line breaks.',
  credentialTooLong: 'This is longer than any credential the provider gives (at most {max} characters).',
});
