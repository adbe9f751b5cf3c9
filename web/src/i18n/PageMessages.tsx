/**
 * Messages of a group of pages, laid over the app's catalogue for the pages below. They are not in
 * en.ts, which ships with the first load (its budget: tests/e2e/first-load.e2e.test.ts): a module
 * that imports one of these catalogues, and so both its languages, loads with the first of its
 * pages opened.
 */
import type { ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useLocale } from './locale';
import { adminUsersEn } from './adminUsers.en';
import { adminUsersEs } from './adminUsers.es';
import { settingsEn } from './settings.en';
import { settingsEs } from './settings.es';
import { inviteEn } from './invite.en';
import { inviteEs } from './invite.es';
import { outboxEn } from './outbox.en';
import { outboxEs } from './outbox.es';
import { studentsEn } from './students.en';
import { studentsEs } from './students.es';
import { ssoEn } from './sso.en';
import { ssoEs } from './sso.es';
import { ecosystemsEn } from './ecosystems.en';
import { ecosystemsEs } from './ecosystems.es';
import { ssoSetupEn } from './ssoSetup.en';
import { ssoSetupEs } from './ssoSetup.es';
import { leadsEn } from './leads.en';
import { leadsEs } from './leads.es';
import { adminSessionsEn } from './adminSessions.en';
import { adminSessionsEs } from './adminSessions.es';
import { sessionsEn } from './sessions.en';
import { sessionsEs } from './sessions.es';
import { classesEn } from './classes.en';
import { classesEs } from './classes.es';
import { recordingExportsEn } from './recordingExports.en';
import { recordingExportsEs } from './recordingExports.es';
import { reportsEn } from './reports.en';
import { reportsEs } from './reports.es';
import { bigJobsEn } from './bigJobs.en';
import { bigJobsEs } from './bigJobs.es';
import { programSettingsEn } from './programSettings.en';
import { programSettingsEs } from './programSettings.es';
import { ecosystemSettingsEn } from './ecosystemSettings.en';
import { ecosystemSettingsEs } from './ecosystemSettings.es';
import { notificationsEn } from './notifications.en';
import { notificationsEs } from './notifications.es';

type Catalogues = { readonly en: Readonly<Record<string, string>>; readonly sp: Readonly<Record<string, string>> };

function reportIntlError(error: Error): void {
  console.error(error);
}

function PageMessages({ catalogues, children }: { catalogues: Catalogues; children: ReactNode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  // In the production build these modules export parsed messages, as en.ts does (web/vite.config.ts).
  return (
    <IntlProvider locale={intl.locale} defaultLocale="en" messages={{ ...intl.messages, ...catalogues[locale] } as typeof intl.messages} onError={reportIntlError}>
      {children}
    </IntlProvider>
  );
}

const ADMIN_USERS: Catalogues = { en: adminUsersEn, sp: adminUsersEs };
const SETTINGS: Catalogues = { en: settingsEn, sp: settingsEs };
const INVITE: Catalogues = { en: inviteEn, sp: inviteEs };
const OUTBOX: Catalogues = { en: outboxEn, sp: outboxEs };
const STUDENTS: Catalogues = { en: studentsEn, sp: studentsEs };
const SSO: Catalogues = { en: ssoEn, sp: ssoEs };
const ECOSYSTEMS: Catalogues = { en: ecosystemsEn, sp: ecosystemsEs };
const SSO_SETUP: Catalogues = { en: ssoSetupEn, sp: ssoSetupEs };
const LEADS: Catalogues = { en: leadsEn, sp: leadsEs };
const ADMIN_SESSIONS: Catalogues = { en: adminSessionsEn, sp: adminSessionsEs };
const SESSIONS: Catalogues = { en: sessionsEn, sp: sessionsEs };
const CLASSES: Catalogues = { en: classesEn, sp: classesEs };
const RECORDING_EXPORTS: Catalogues = { en: recordingExportsEn, sp: recordingExportsEs };
const REPORTS: Catalogues = { en: reportsEn, sp: reportsEs };
const BIG_JOBS: Catalogues = { en: bigJobsEn, sp: bigJobsEs };
const PROGRAM_SETTINGS: Catalogues = { en: programSettingsEn, sp: programSettingsEs };
const ECOSYSTEM_SETTINGS: Catalogues = { en: ecosystemSettingsEn, sp: ecosystemSettingsEs };
const NOTIFICATIONS: Catalogues = { en: notificationsEn, sp: notificationsEs };

/** /account-settings, its pages (multi-factor included, and the log-in's code step), the profile picture (0039, 0050, 0051). */
export function SettingsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={SETTINGS}>{children}</PageMessages>;
}

/** /join/:token, the invalid-link page and the admins' invite page (docs/decisions/0040). */
export function InviteMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={INVITE}>{children}</PageMessages>;
}

/** The admin's actions on people of /students (docs/decisions/0049). */
export function AdminUserMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={ADMIN_USERS}>{children}</PageMessages>;
}

/** The platform admins' outbox pages (docs/decisions/0036). */
export function OutboxMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={OUTBOX}>{children}</PageMessages>;
}

/** The /students page (docs/decisions/0048, 0049). */
export function StudentsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={STUDENTS}>{children}</PageMessages>;
}

/** Single sign-on's buttons, return and failure pages (docs/decisions/0046, 0047). */
export function SsoMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={SSO}>{children}</PageMessages>;
}

/** The platform admins' ecosystem list and its demo-data actions. */
export function EcosystemsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={ECOSYSTEMS}>{children}</PageMessages>;
}

/** The ecosystem admins' single sign-on page (docs/decisions/0046). */
export function SsoSetupMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={SSO_SETUP}>{children}</PageMessages>;
}

/** The sign-up leads page and its link on an ecosystem's admin card (docs/decisions/0045). */
export function LeadsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={LEADS}>{children}</PageMessages>;
}

/** The admin session summary page and its link on an ecosystem's admin card (docs/decisions/0060). */
export function AdminSessionsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={ADMIN_SESSIONS}>{children}</PageMessages>;
}

/** The sessions pages: lists, calendar, booking and the session dialogs (docs/decisions/0059). */
export function SessionsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={SESSIONS}>{children}</PageMessages>;
}

/** The course pages /classes and /classes/:name (docs/decisions/0061). */
export function ClassesMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={CLASSES}>{children}</PageMessages>;
}

/** The platform admins' recording export definitions page (docs/decisions/0058, 0065). */
export function RecordingExportsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={RECORDING_EXPORTS}>{children}</PageMessages>;
}

/** The big jobs page of the internal admin panel and its card (decision 0075). */
export function BigJobsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={BIG_JOBS}>{children}</PageMessages>;
}

/** The scheduled reports pages of the internal admin panel (decision 0068). */
export function ReportsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={REPORTS}>{children}</PageMessages>;
}

/** A program's session settings page and its link on the programs page (decision 0070). */
export function ProgramSettingsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={PROGRAM_SETTINGS}>{children}</PageMessages>;
}

/** An ecosystem's scheduling settings page and its link on the ecosystem's admin card (decision 0071). */
export function EcosystemSettingsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={ECOSYSTEM_SETTINGS}>{children}</PageMessages>;
}

/** The header's notification bell, its toasts and /notifications (decision 0073). */
export function NotificationsMessages({ children }: { children: ReactNode }) {
  return <PageMessages catalogues={NOTIFICATIONS}>{children}</PageMessages>;
}
