/** What users read about messages (English; Spanish in api/i18n/es/domain.ts). */
import { defineMessages } from '../shared/i18n';

export const messageMessages = defineMessages('message', {
  invalidPhone: 'Please enter a phone number in international form, such as +15555550123.',
  notFound: 'This message does not exist.',
  languageNotValid: 'Choose a language by its code, such as en or es.',
  invalidId: 'This message id is not valid.',
  unknownKind: 'There is no message kind by this name.',
  bounceUnauthorized: 'This bounce report is not signed with the configured secret.',
  bounceNotSent: 'This message was not sent, so it cannot bounce.',
  bounceInvalid: 'A bounce report needs messageId (the Message-ID header as sent) and may have reason (text).',
});
