/** What users read when a multi-factor command is refused (English; Spanish in api/i18n/es/factors.ts). */
import { defineMessages } from '../shared/i18n';

export const mfaMessages = defineMessages('mfa', {
  alreadyEnabled: 'Multi-factor authentication is already on. Turn it off first to set up another way to get codes.',
  noPendingEnrolment: 'Start the set-up again: this authenticator app set-up has ended.',
  enrolmentChanged: 'A newer set-up was started. Scan the newest QR code and enter a code from it.',
  recoveryCodeNotValid: 'That recovery code is not valid or was already used.',
  ownFactorsOnly: 'You can only change your own multi-factor authentication.',
  notEnabled: 'Multi-factor authentication is off: turn it on to get recovery codes.',
});
