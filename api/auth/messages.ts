/** What users read from authentication (English; the Spanish is in api/i18n/es/api.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const authMessages = defineMessages('auth', {
  // The same words for an unknown e-mail and a wrong password, so the answer reveals neither.
  invalidCredentials: 'Invalid email or password.',
  // The same words whichever per-account or per-address rule refused, and whether or not the account exists.
  tooManyAttempts: 'Too many failed log-in attempts. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  // The platform-wide ceiling: the user may not have failed at all, so the words do not blame them.
  loginPaused: 'Log-in is paused because of unusual activity. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  loginBusy: 'Too many log-ins are in progress. Please try again in a few seconds.',
  notInEcosystem: 'This account does not belong to this ecosystem.',
  sessionExpired: 'Your session has expired. Please log in again.',
  notYourSession: 'You can only log yourself out.',
  wrongCurrentPassword: 'Your current password is incorrect.',
  passwordRequired: 'Enter your password.',
  passwordTooShort: 'Passwords must be at least 8 characters long.',
  passwordTooLong: 'Passwords must be at most 256 characters long.',
});

/** Whole minutes until `ms` from now have passed, at least one: the `minutes` of tooManyAttempts and loginPaused. */
export function minutesUntil(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}
