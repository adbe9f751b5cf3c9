/** What users read about single sign-on (English; Spanish in api/i18n/es/sso.ts). */
import { defineMessages } from '../shared/i18n';

export const ssoMessages = defineMessages('sso', {
  identityTaken: 'This sign-in account is already linked to another person.',
  identityNotLinked: 'This sign-in account is not linked to your account.',
  ownIdentitiesOnly: 'You can only change your own linked sign-in accounts.',
  protocolNotOffered: 'This provider does not offer that sign-in protocol.',
  providerNotConfigured: 'This sign-in option is not set up for this organisation.',
  secretRequired: 'Enter the client secret the provider gave you.',
  endpointsRequired: 'Enter the authorization, token and user information addresses of the provider.',
  certificateRequired: 'Enter the signing certificate of the SAML identity provider.',
  lastWayIn: 'This is the only way into your account. Set a password first (Forgot password on the log-in page), then remove it.',
  oneLine: 'Enter this on one line, without line breaks.',
  addressNotValid: 'Enter a web address starting with https:// (or http:// for a server on this machine).',
});
