/** What users read about messages (English; Spanish in api/i18n/es/domain.ts). */
import { defineMessages } from '../shared/i18n';

export const messageMessages = defineMessages('message', {
  invalidPhone: 'Please enter a phone number in international form, such as +15555550123.',
  notFound: 'This message does not exist.',
  languageNotValid: 'Choose a language by its code, such as en or es.',
  invalidId: 'This message id is not valid.',
  unknownKind: 'There is no message kind by this name.',
});
