/**
 * English catalogue (ICU message syntax). Every string the interface shows comes from here or
 * its Spanish twin; {tutorTerm}, {tuteeTerm} and {moduleTerm} are filled per ecosystem by `useT`.
 */
import type { SettingsMessageId } from './settings.en';
import type { InviteMessageId } from './invite.en';
import type { AdminUsersMessageId } from './adminUsers.en';
import type { OutboxMessageId } from './outbox.en';
import type { StudentsMessageId } from './students.en';
import type { SsoMessageId } from './sso.en';
import type { EcosystemsMessageId } from './ecosystems.en';
import type { SsoSetupMessageId } from './ssoSetup.en';
import type { LeadsMessageId } from './leads.en';
import type { AdminSessionsMessageId } from './adminSessions.en';
import type { SessionsMessageId } from './sessions.en';
import type { ClassesMessageId } from './classes.en';
import type { RecordingExportsMessageId } from './recordingExports.en';
import type { ReportsMessageId } from './reports.en';
import type { BigJobsMessageId } from './bigJobs.en';
import type { ProgramSettingsMessageId } from './programSettings.en';
import type { EcosystemSettingsMessageId } from './ecosystemSettings.en';
import type { NotificationsMessageId } from './notifications.en';

export const en = {
  'terms.tutor.default': 'Leader',
  'terms.tutee.default': 'Learner',
  'terms.module.default': 'Module',

  'nav.label': 'Main',
  'nav.home': 'Home',
  'nav.adminPanel': 'Internal admin panel',
  'nav.login': 'Log in',
  'nav.logout': 'Log out',
  'nav.skipToContent': 'Skip to content',
  'nav.loading': 'Loading page',
  'language.label': 'Language',
  'language.menu': 'Language: {language}',

  'dialog.close': 'Close',
  'dialog.continue': 'Continue',
  'dialog.closeButton': 'Close dialog',
  'dialog.successIcon': 'Success',
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.loading': 'Loading…',
  'common.actions': 'Actions',
  'common.actionsFor': 'Actions for {name}',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.archived': 'Archived',
  'common.active': 'Active',
  'common.optional': '(optional)',

  'error.title': 'Something went wrong',
  'error.retry': 'Try again',
  'error.goHome': 'Go to the home page',
  'notFound.title': 'Page not found',
  'notFound.text': 'We could not find the page you were looking for. It may have moved, or the address may be mistyped.',

  // Issue 6, web app: admin areas, errors without an answer, small-screen and log-in changes.
  'nav.ecosystemAdmin': 'Admin',
  'error.network': "We couldn't reach the server. Check your connection and try again.",
  'login.titleFor': 'Log in to {name}',
  'ecosystemAdmin.title': 'Ecosystem administration',
  'ecosystemAdmin.intro': 'The ecosystems you administer: their settings, programs and audit trail.',
  'ecosystemAdmin.none': 'You do not administer any ecosystem.',
  'ecosystemAdmin.listLabel': 'Ecosystems you administer',

  'home.title': 'Welcome',
  'home.signedIn': 'You are signed in as {email}.',
  'home.signedOut': 'Tutoring and mentoring for schools, districts and community organisations: {tutorTerm} and {tuteeTerm} pair up, book sessions and learn together.',
  'home.loginCta': 'Log in to continue',
  'home.roles': '{count, plural, =0 {You have no ecosystem roles yet.} one {You have # ecosystem role.} other {You have # ecosystem roles.}}',
  'home.ecosystems': 'Your ecosystems',
  'home.ecosystemAdmin': 'Admin',

  'login.title': 'Log in',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.togglePassword': 'Show or hide the password',
  'login.submit': 'Log in',
  'login.emailInvalid': 'Enter a valid email address.',
  'login.passwordRequired': 'Enter your password.',
  'login.failed': 'Log-in failed',
  'login.mfaTitle': 'Verify your identity',

  'admin.title': 'Internal admin panel',
  'admin.intro': 'Tools for the platform team.',
  'admin.manageEcosystems': 'Manage ecosystems',
  'admin.manageEcosystemsText': 'Search, create, edit and archive ecosystems; create or delete demo data.',

  'ecosystems.edit': 'Edit',
  'ecosystems.editTitle': 'Edit {name}',
  'ecosystems.programs': 'Programs',
  'ecosystems.breadcrumbs': 'Breadcrumbs',
  'ecosystems.demo': 'Demo',
  'ecosystems.loadMore': 'Load more',


  'programs.title': 'Programs of {name}',
  'programs.intro': 'Each program has its own settings for the people in it: the {tutorTerm} and {tuteeTerm} roles.',
  'programs.back': 'Back to ecosystems',

  // Multi-factor authentication: the log-in's code step and /account-settings/multi-factor-authentication.
  'login.mfaCode': 'Authentication code',
  'login.mfaSubmit': 'Verify',
  'login.mfaEnrolTitle': 'Set up multi-factor authentication',
  'login.mfaContinue': 'Continue',
  'login.mfaStartOver': 'Start over',

  // /account-settings/password (changePassword).
  'password.title': 'Password',
  'password.intro': 'Change the password you log in with. Your other sessions end; this one goes on.',
  'password.current': 'Current password',
  'password.new': 'New password',
  'password.rules': 'At least 8 characters. Common or leaked passwords are refused; a few unrelated words make a strong one.',
  'password.retype': 'Type the new password again',
  'password.submit': 'Change password',
  'password.changed': 'Your password was changed.',
  'password.currentRequired': 'Enter your current password.',
  'password.tooShort': 'Use at least 8 characters.',
  'password.mismatch': 'The two new passwords are not the same.',

  // The breadcrumbs page (the audit trail) loads its other words with it: pages/breadcrumbs/i18n/.
  'breadcrumbs.title': 'Breadcrumbs of {name}',
  'breadcrumbs.time': '{time, date, full} {time, time, medium}',

  // /edit-profile (issue 7, people).
  'admin.outboxText': 'Every e-mail and text message, and how its delivery went; send yourself a test message.',
  'admin.recordingExports': 'Recording exports',
  'admin.recordingExportsText': 'How Lessonspace recordings are exported.',

  'invite.title': 'Invite people to {name}',
  'invite.link': 'Invite people',
  'applications.title': 'Applications to {name}',
  'applications.link': 'Applications',
  'ssoSetup.title': 'Single sign-on for {name}',
  'ssoSetup.link': 'Single sign-on',
  'nav.accountSettings': 'Account settings',
  'nav.sessions': 'Sessions',
  'nav.classes': 'Classes',

  'forgotPassword.link': 'Forgot your password?',
  'loginLink.ask': 'Email me a log-in link',
  'loginLink.sent': 'If an account uses {email}, a log-in link is on its way. It expires in 15 minutes and works once.',
  'outbox.title': 'Outbox',
  'linked.title': 'Linked sign-in accounts',
  'mfa.link': 'Multi-factor authentication',
  'students.link': 'Your children',
} as const satisfies Record<string, string>;

/** The keys of this catalogue, which ships with the first load. */
export type CoreMessageId = keyof typeof en;
/** Every key `t` takes: some pages bring their own catalogue (i18n/PageMessages.tsx). */
export type MessageId = CoreMessageId | SettingsMessageId | InviteMessageId | OutboxMessageId | StudentsMessageId | SsoMessageId
  | EcosystemsMessageId | AdminUsersMessageId | SsoSetupMessageId | LeadsMessageId | AdminSessionsMessageId
  | SessionsMessageId | ClassesMessageId
  | RecordingExportsMessageId | ReportsMessageId
  | ProgramSettingsMessageId
  | EcosystemSettingsMessageId
  | NotificationsMessageId
  | BigJobsMessageId;
