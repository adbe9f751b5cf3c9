/** What users read from authentication (English; the Spanish is in api/i18n/es/api.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const authMessages = defineMessages('auth', {
  // The same words for an unknown e-mail and a wrong password, so the answer reveals neither.
  invalidCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many failed log-in attempts. Please wait 15 minutes and try again.',
  notInEcosystem: 'This account does not belong to this ecosystem.',
  sessionExpired: 'Your session has expired. Please log in again.',
  notYourSession: 'You can only log yourself out.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  passwordTooShort: 'Passwords must be at least 8 characters long.',
  passwordTooLong: 'Passwords must be at most 256 characters long.',
});
