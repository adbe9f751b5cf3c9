/**
 * English of single sign-on: the providers' buttons, the return and failure pages (docs/decisions/
 * 0046, 0047). Not part of the first load: those wrap themselves in SsoMessages (i18n/PageMessages.tsx).
 */
export const ssoEn = {
  'sso.returnTitle': 'Signing you in',
  'sso.returnFailed': 'The sign-in did not finish. Please start again.',
  'sso.failTitle': 'Sign-in failed',
  'sso.fail.NOT_CONFIGURED': 'This sign-in option is not set up for your organisation.',
  'sso.fail.FLOW_EXPIRED': 'This sign-in took too long, was already used, or was opened in another browser. Please start again.',
  'sso.fail.PROVIDER_REFUSED': 'Your sign-in provider did not confirm who you are.',
  'sso.fail.EMAIL_NOT_VERIFIED': 'Your sign-in provider has not verified your e-mail address, so it cannot be matched to an account.',
  'sso.fail.NO_ACCOUNT': 'No account uses the e-mail address of this sign-in. Ask your organisation for an invitation, or log in with your e-mail and password.',
  'sso.fail.WRONG_DISTRICT': 'This sign-in account belongs to another school district.',
  'sso.fail.NOT_IN_ECOSYSTEM': 'Your account is not a member of this organisation.',
  'sso.fail.IDENTITY_TAKEN': 'This sign-in account is already linked to another person.',
  'sso.fail.unknown': 'The sign-in did not work.',
  'sso.backToLogin': 'Back to log in',
  'sso.signInWith': 'Sign in with {provider}',
  'sso.options': 'Other ways to sign in',
  'linked.intro': 'These accounts can sign you in. Once you have a password, your e-mail and password work too.',
  'linked.none': 'No sign-in accounts are linked. Link one below, or sign in once with your school\'s provider.',
  'linked.addTitle': 'Link another sign-in account',
  'linked.addIntro': 'You will sign in at the provider, then come back here.',
  'linked.addButton': 'Link {provider}',
  'linked.addLabel': 'Link {provider} for {ecosystem}',
  'linked.addNone': 'Your organisations offer no sign-in providers to link.',
  'linked.done': 'Your {provider} account is linked: you can sign in with it now.',
  'linked.failed': 'The account was not linked.',
  'linked.linkedOn': 'Linked on {date}',
  'linked.noEmail': 'No e-mail given',
  'linked.remove': 'Remove',
  'linked.removeLabel': 'Remove the {provider} sign-in {email}',
  'linked.removed': 'The sign-in account was removed.',
} as const satisfies Record<string, string>;

export type SsoMessageId = keyof typeof ssoEn;
