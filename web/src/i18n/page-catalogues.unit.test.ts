/** The catalogues some pages bring with them (i18n/PageMessages.tsx), checked as en.ts and es.ts are. */
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { argumentsOf } from './icuArguments';
import { en } from './en';
import { settingsEn } from './settings.en';
import { settingsEs } from './settings.es';
import { inviteEn } from './invite.en';
import { inviteEs } from './invite.es';
import { adminUsersEn } from './adminUsers.en';
import { adminUsersEs } from './adminUsers.es';
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

const PAGES: Record<string, { en: Record<string, string>; es: Record<string, string> }> = {
  settings: { en: settingsEn, es: settingsEs },
  invite: { en: inviteEn, es: inviteEs },
  adminUsers: { en: adminUsersEn, es: adminUsersEs },
  outbox: { en: outboxEn, es: outboxEs },
  students: { en: studentsEn, es: studentsEs },
  sso: { en: ssoEn, es: ssoEs },
  ecosystems: { en: ecosystemsEn, es: ecosystemsEs },
  ssoSetup: { en: ssoSetupEn, es: ssoSetupEs },
  leads: { en: leadsEn, es: leadsEs },
  adminSessions: { en: adminSessionsEn, es: adminSessionsEs },
  sessions: { en: sessionsEn, es: sessionsEs },
  classes: { en: classesEn, es: classesEs },
  recordingExports: { en: recordingExportsEn, es: recordingExportsEs },
  reports: { en: reportsEn, es: reportsEs },
  programSettings: { en: programSettingsEn, es: programSettingsEs },
  ecosystemSettings: { en: ecosystemSettingsEn, es: ecosystemSettingsEs },
  notifications: { en: notificationsEn, es: notificationsEs },
  bigJobs: { en: bigJobsEn, es: bigJobsEs },
};

describe.each(Object.entries(PAGES))('the %s catalogues', (_name, { en: english, es: spanish }) => {
  const ids = Object.keys(english);

  it('have the same keys, valid ICU messages and the same arguments in English and Spanish', () => {
    expect(Object.keys(spanish).sort()).toEqual([...ids].sort());
    for (const id of ids) expect([...argumentsOf(parse(spanish[id]))].sort(), id).toEqual([...argumentsOf(parse(english[id]))].sort());
  });

  it('differ from each other, and share no key with the first-load catalogue or another page catalogue', () => {
    expect(ids.filter((id) => english[id] === spanish[id] && /[a-z]{4}/i.test(english[id].replace(/\{[^}]*\}/g, '')))).toEqual([]);
    expect(ids.filter((id) => id in en)).toEqual([]);
    const others = Object.values(PAGES).filter((p) => p.en !== english);
    expect(ids.filter((id) => others.some((p) => id in p.en))).toEqual([]);
  });
});
