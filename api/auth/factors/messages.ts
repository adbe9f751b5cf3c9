/** What people read from the multi-factor log-in and set-up (English; Spanish in api/i18n/es/factors.ts). */
import { defineMessages } from '../../../domain/shared/i18n';

export const factorMessages = defineMessages('factors', {
  // The same words for a wrong code and a used one: which it was helps only a guesser.
  codeIncorrect: 'That code is not right or was already used. Enter the newest code from your authenticator app, or a recovery code.',
  stepExpired: 'Your log-in took too long to finish. Please log in again.',
  noSecondStep: 'This account has no second log-in step. Log in with your email and password.',
  enrolmentNotRequired: 'Set up multi-factor authentication from your account settings once you are logged in.',
  codeRequired: 'Enter the code.',
  proofRequired: 'Enter a log-in code (from your authenticator app or emailed to you) or a recovery code, or your password.',
  // E-mail codes (docs/decisions/0043): again one wording for wrong, used, replaced and expired.
  emailCodeIncorrect: 'That code is not right, was already used or has expired. Enter the newest code we emailed you, or a recovery code.',
  emailCodeWait: 'A code was sent a moment ago. You can ask for another in {seconds, plural, one {# second} other {# seconds}}.',
  noEmailStep: 'This account does not log in with emailed codes.',
  requiredByEcosystem: 'Your organization requires multi-factor authentication, so it cannot be turned off.',
});
