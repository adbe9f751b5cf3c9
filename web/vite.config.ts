/**
 * The web app builds from web/ into dist/web at the repository root, where the API serves it.
 * In development Vite proxies the server's endpoints to the API on PORT (default 4000), so the
 * browser talks to one origin and the refresh-token cookie stays first-party.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import relay from 'vite-plugin-relay';
import { noMessageParser, precompiledMessages } from './messages-plugin';
import { en } from './src/i18n/en';
import { es } from './src/i18n/es';
import { breadcrumbsEn } from './src/pages/breadcrumbs/i18n/en';
import { breadcrumbsEs } from './src/pages/breadcrumbs/i18n/es';
import { signupEn } from './src/pages/signup/i18n/en';
import { signupEs } from './src/pages/signup/i18n/es';
import { settingsEn } from './src/i18n/settings.en';
import { settingsEs } from './src/i18n/settings.es';
import { inviteEn } from './src/i18n/invite.en';
import { inviteEs } from './src/i18n/invite.es';
import { adminUsersEn } from './src/i18n/adminUsers.en';
import { adminUsersEs } from './src/i18n/adminUsers.es';
import { outboxEn } from './src/i18n/outbox.en';
import { outboxEs } from './src/i18n/outbox.es';
import { studentsEn } from './src/i18n/students.en';
import { studentsEs } from './src/i18n/students.es';
import { ssoEn } from './src/i18n/sso.en';
import { ssoEs } from './src/i18n/sso.es';
import { ecosystemsEn } from './src/i18n/ecosystems.en';
import { ecosystemsEs } from './src/i18n/ecosystems.es';
import { ssoSetupEn } from './src/i18n/ssoSetup.en';
import { ssoSetupEs } from './src/i18n/ssoSetup.es';
import { leadsEn } from './src/i18n/leads.en';
import { leadsEs } from './src/i18n/leads.es';
import { adminSessionsEn } from './src/i18n/adminSessions.en';
import { adminSessionsEs } from './src/i18n/adminSessions.es';
import { sessionsEn } from './src/i18n/sessions.en';
import { sessionsEs } from './src/i18n/sessions.es';
import { classesEn } from './src/i18n/classes.en';
import { classesEs } from './src/i18n/classes.es';
import { recordingExportsEn } from './src/i18n/recordingExports.en';
import { recordingExportsEs } from './src/i18n/recordingExports.es';
import { reportsEn } from './src/i18n/reports.en';
import { reportsEs } from './src/i18n/reports.es';
import { bigJobsEn } from './src/i18n/bigJobs.en';
import { bigJobsEs } from './src/i18n/bigJobs.es';
import { programSettingsEn } from './src/i18n/programSettings.en';
import { programSettingsEs } from './src/i18n/programSettings.es';
import { ecosystemSettingsEn } from './src/i18n/ecosystemSettings.en';
import { ecosystemSettingsEs } from './src/i18n/ecosystemSettings.es';
import { notificationsEn } from './src/i18n/notifications.en';
import { notificationsEs } from './src/i18n/notifications.es';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://localhost:${process.env.PORT ?? '4000'}`;
const proxied = ['/graphql', '/refresh-tokens', '/logout', '/feature-flags', '/uploads', '/files'];

export default defineConfig(({ command }) => ({
  root,
  plugins: [
    react(),
    relay,
    precompiledMessages({
      '/src/i18n/en.ts': { exportName: 'en', messages: en },
      '/src/i18n/es.ts': { exportName: 'es', messages: es },
      // The breadcrumbs page's own words (they load with that page): without the parser, they too must arrive parsed.
      '/src/pages/breadcrumbs/i18n/en.ts': { exportName: 'breadcrumbsEn', messages: breadcrumbsEn },
      '/src/pages/breadcrumbs/i18n/es.ts': { exportName: 'breadcrumbsEs', messages: breadcrumbsEs },
      '/src/pages/signup/i18n/en.ts': { exportName: 'signupEn', messages: signupEn },
      '/src/pages/signup/i18n/es.ts': { exportName: 'signupEs', messages: signupEs },
      // Page groups' words (settings, invitations, outbox, students, single sign-on, ecosystems) (i18n/PageMessages.tsx), likewise.
      '/src/i18n/settings.en.ts': { exportName: 'settingsEn', messages: settingsEn },
      '/src/i18n/settings.es.ts': { exportName: 'settingsEs', messages: settingsEs },
      '/src/i18n/invite.en.ts': { exportName: 'inviteEn', messages: inviteEn },
      '/src/i18n/invite.es.ts': { exportName: 'inviteEs', messages: inviteEs },
      '/src/i18n/adminUsers.en.ts': { exportName: 'adminUsersEn', messages: adminUsersEn },
      '/src/i18n/adminUsers.es.ts': { exportName: 'adminUsersEs', messages: adminUsersEs },
      '/src/i18n/outbox.en.ts': { exportName: 'outboxEn', messages: outboxEn },
      '/src/i18n/outbox.es.ts': { exportName: 'outboxEs', messages: outboxEs },
      '/src/i18n/students.en.ts': { exportName: 'studentsEn', messages: studentsEn },
      '/src/i18n/students.es.ts': { exportName: 'studentsEs', messages: studentsEs },
      '/src/i18n/sso.en.ts': { exportName: 'ssoEn', messages: ssoEn },
      '/src/i18n/sso.es.ts': { exportName: 'ssoEs', messages: ssoEs },
      '/src/i18n/ecosystems.en.ts': { exportName: 'ecosystemsEn', messages: ecosystemsEn },
      '/src/i18n/ecosystems.es.ts': { exportName: 'ecosystemsEs', messages: ecosystemsEs },
      '/src/i18n/ssoSetup.en.ts': { exportName: 'ssoSetupEn', messages: ssoSetupEn },
      '/src/i18n/ssoSetup.es.ts': { exportName: 'ssoSetupEs', messages: ssoSetupEs },
      '/src/i18n/leads.en.ts': { exportName: 'leadsEn', messages: leadsEn },
      '/src/i18n/leads.es.ts': { exportName: 'leadsEs', messages: leadsEs },
      '/src/i18n/adminSessions.en.ts': { exportName: 'adminSessionsEn', messages: adminSessionsEn },
      '/src/i18n/adminSessions.es.ts': { exportName: 'adminSessionsEs', messages: adminSessionsEs },
      '/src/i18n/sessions.en.ts': { exportName: 'sessionsEn', messages: sessionsEn },
      '/src/i18n/sessions.es.ts': { exportName: 'sessionsEs', messages: sessionsEs },
      '/src/i18n/classes.en.ts': { exportName: 'classesEn', messages: classesEn },
      '/src/i18n/classes.es.ts': { exportName: 'classesEs', messages: classesEs },
      '/src/i18n/recordingExports.en.ts': { exportName: 'recordingExportsEn', messages: recordingExportsEn },
      '/src/i18n/recordingExports.es.ts': { exportName: 'recordingExportsEs', messages: recordingExportsEs },
      '/src/i18n/reports.en.ts': { exportName: 'reportsEn', messages: reportsEn },
      '/src/i18n/reports.es.ts': { exportName: 'reportsEs', messages: reportsEs },
      '/src/i18n/programSettings.en.ts': { exportName: 'programSettingsEn', messages: programSettingsEn },
      '/src/i18n/programSettings.es.ts': { exportName: 'programSettingsEs', messages: programSettingsEs },
      '/src/i18n/ecosystemSettings.en.ts': { exportName: 'ecosystemSettingsEn', messages: ecosystemSettingsEn },
      '/src/i18n/ecosystemSettings.es.ts': { exportName: 'ecosystemSettingsEs', messages: ecosystemSettingsEs },
      '/src/i18n/notifications.en.ts': { exportName: 'notificationsEn', messages: notificationsEn },
      '/src/i18n/notifications.es.ts': { exportName: 'notificationsEs', messages: notificationsEs },
      '/src/i18n/bigJobs.en.ts': { exportName: 'bigJobsEn', messages: bigJobsEn },
      '/src/i18n/bigJobs.es.ts': { exportName: 'bigJobsEs', messages: bigJobsEs },
    }),
  ],
  resolve: { alias: command === 'build' ? [noMessageParser] : [] },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // The API serves dist/web as it is, so a source map there would publish the sources.
    sourcemap: false,
    // Which files each route loads, for the initial-JavaScript budget (web/scripts/initial-js.ts).
    manifest: true,
    // React, the router, Mantine's core and react-intl are the shell every page needs (about 450 kB
    // before compression); Relay and each page load on demand.
    chunkSizeWarningLimit: 500,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
}));
