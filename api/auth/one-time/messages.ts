/** What people read from one-time links (English; Spanish in api/i18n/es/one-time.ts). */
import { defineMessages } from '../../../domain/shared/i18n';

export const oneTimeMessages = defineMessages('oneTime', {
  // The same words for a mistyped, used, expired or wrong-kind link: which it was helps only a guesser.
  linkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  ecosystemNotFound: 'We could not find this organization. Open its page again, or ask without it.',
});
