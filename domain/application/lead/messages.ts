/** What users read about sign-up tickets (English; Spanish in api/i18n/es/signup.ts). */
import { defineMessages } from '../../shared/i18n';

export const leadMessages = defineMessages('lead', {
  invalid: 'This sign-up link is invalid: it may have been used already, have expired, or been mistyped.',
  exists: 'This sign-up ticket exists already.',
});

export const leadLabels = defineMessages('lead.label', {
  firstName: 'First name',
  lastName: 'Last name',
  phoneNumber: 'Phone number',
  subject: 'Subject',
  leadSource: 'Lead source',
});
