/**
 * The server's two catalogues and the one function that renders a message in a language
 * (docs/decisions/0020-server-messages-by-key.md). English is gathered from the message groups the
 * areas define beside their code; Spanish is kept in api/i18n/es/. catalogue.unit.test.ts fails
 * when a key lacks Spanish, when the two use different arguments, or when a group is left out here.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUE, isMessage, type Message, type MessageArg } from '../../domain/shared/i18n';
import { commonMessages, fieldMessages } from '../../domain/shared/messages';
import { textMessages } from '../../domain/shared/text';
import { ecosystemMessages, ecosystemRules } from '../../domain/ecosystem/messages';
import { fieldLabels } from '../../domain/ecosystem/labels';
import { programMessages, programRules } from '../../domain/program/messages';
import { demoDataMessages, jobMessages } from '../../domain/job/messages';
import { userMessages } from '../../domain/user/messages';
import { featureFlagMessages } from '../../domain/featureflags/messages';
import { auditMessages } from '../audit/messages';
import { authMessages } from '../auth/messages';
import { factorMessages } from '../auth/factors/messages';
import { passwordMessages } from '../auth/password-policy';
import { mfaMessages } from '../../domain/mfa/messages';
import { apiMessages } from './messages';
import { profileLabels } from '../../domain/user/profile/labels';
import { roleLabels } from '../../domain/user/roles-label';
import { peopleApiMessages } from '../people/messages';
import { esPeople } from './es/people';
import { messageMessages } from '../../domain/message/messages';
import { familyMessages } from '../../domain/family/messages';
import { rosterCsvMessages, rosterMessages } from '../roster/messages';
import { esFamilies } from './es/families';
import { esApi } from './es/api';
import { esDomain } from './es/domain';
import { esLabels } from './es/labels';
import { esFactors } from './es/factors';
import { esOneTime } from './es/one-time';
import { oneTimeMessages } from '../auth/one-time/messages';
import { esInvitations } from './es/invitations';
import { invitationMessages } from '../../domain/invitation/messages';
import { esSignup } from './es/signup';
import { applicationLabels, applicationMessages } from '../../domain/application/messages';
import { signupApiMessages } from '../signup/messages';
import { leadLabels, leadMessages } from '../../domain/application/lead/messages';
import { settingsMessages } from '../../domain/user/settings/messages';
import { esSettings } from './es/settings';
import { esSso } from './es/sso';
import { ssoMessages } from '../../domain/sso/messages';
import { sessionMessages } from '../../domain/session/messages';
import { esSessions } from './es/sessions';
import { sessionAccessMessages } from '../../domain/session/policy';
import { sessionsReadMessages } from '../sessions/messages';
import { esSessionsRead } from './es/sessions-read';
import { conflictMessages } from '../../domain/session/conflict-messages';
import { esSessionConflicts } from './es/session-conflicts';
import { sessionMutationMessages } from '../sessions/mutation-messages';
import { esSessionMutations } from './es/session-mutations';
import { esMeetings } from './es/meetings';
import { meetingMessages } from '../meetings/messages';
import { recordingExportMessages } from '../../domain/meetings/messages';
import { sessionAdminActionMessages, sessionAdminCsvMessages, sessionAdminMessages, sessionPropertyMessages } from '../sessions-admin/messages';
import { sessionBulkMessages } from '../sessions-admin/messages';
import { esSessionsAdmin } from './es/sessions-admin';
import { courseMessages } from '../../domain/course/messages';
import { courseApiMessages } from '../courses/messages';
import { esCourses } from './es/courses';
import { sessionSummaryMessages } from '../session-summary/messages';
import { esSessionSummary } from './es/session-summary';
import { checkInMessages } from '../../domain/session/checkin-rules';
import { esSessionCheckIn } from './es/session-checkin';
import { esSessionFeedback } from './es/session-feedback';
import { completionMessages } from '../../domain/session/completion';
import { lessonspaceMessages } from '../../domain/session/lessonspace-messages';
import { esSessionLessonspace } from './es/session-lessonspace';
import { reportLabels, reportMessages } from '../../domain/report/messages';
import { esReports } from './es/reports';
import { notificationMessages } from '../../domain/notification/messages';
import { esNotifications } from './es/notifications';
import { bigJobCsvMessages, bigJobLabels, bigJobMessages } from '../../domain/bigjob/messages';
import { esBigJobs } from './es/bigjobs';
import type { Locale } from './locale';

/** Every message group users can read. A new group: one line here, its Spanish in es/. */
export const MESSAGE_GROUPS = [
  commonMessages, fieldMessages, textMessages, fieldLabels,
  ecosystemMessages, ecosystemRules, programMessages, programRules, jobMessages, demoDataMessages, userMessages, featureFlagMessages,
  authMessages, apiMessages, auditMessages,
  profileLabels, roleLabels, peopleApiMessages,
  passwordMessages, factorMessages, mfaMessages,
  messageMessages,
  oneTimeMessages,
  invitationMessages,
  applicationMessages, applicationLabels, signupApiMessages, leadMessages, leadLabels,
  settingsMessages,
  ssoMessages,
  familyMessages, rosterMessages, rosterCsvMessages,
  sessionMessages,
  sessionAccessMessages, sessionsReadMessages,
  conflictMessages,
  sessionMutationMessages,
  meetingMessages, recordingExportMessages,
  sessionAdminMessages, sessionAdminCsvMessages, sessionAdminActionMessages, sessionPropertyMessages,
  sessionBulkMessages,
  courseMessages, courseApiMessages,
  sessionSummaryMessages,
  checkInMessages,
  completionMessages,
  lessonspaceMessages,
  reportMessages, reportLabels,
  notificationMessages,
  bigJobMessages, bigJobLabels, bigJobCsvMessages,
] as const;

function english(): Record<string, string> {
  const all: Record<string, string> = {};
  for (const group of MESSAGE_GROUPS) {
    for (const [key, text] of Object.entries(group[CATALOGUE])) {
      if (all[key] !== undefined) throw new Error(`message key ${key} is defined twice`);
      all[key] = text;
    }
  }
  return all;
}

export const catalogues: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en: english(),
  es: {
    ...esDomain,
    ...esLabels,
    ...esApi,
    ...esPeople,
    ...esFactors,
    ...esOneTime,
    ...esInvitations,
    ...esSignup,
    ...esSettings,
    ...esSso,
    ...esFamilies,
    ...esSessions,
    ...esSessionsRead,
    ...esSessionConflicts,
    ...esSessionMutations,
    ...esMeetings,
    ...esSessionsAdmin,
    ...esCourses,
    ...esSessionSummary,
    ...esSessionCheckIn,
    ...esSessionFeedback,
    ...esSessionLessonspace,
    ...esReports,
    ...esNotifications,
    ...esBigJobs,
  },
};

const compiled = new Map<string, IntlMessageFormat>();

function formatter(locale: Locale, key: string, text: string): IntlMessageFormat {
  const id = `${locale}\u0000${key}\u0000${text}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(text, locale);
    compiled.set(id, format);
  }
  return format;
}

/**
 * The message in `locale`, its arguments (themselves messages, such as a field's label) rendered
 * in the same language. A key missing from the catalogues (a group not yet listed above) falls
 * back to the English the message carries rather than failing the answer.
 */
export function translate(message: Message, locale: Locale): string {
  const text = catalogues[locale][message.key] ?? catalogues.en[message.key] ?? message.english;
  const values: Record<string, string | number> = {};
  for (const [name, arg] of Object.entries(message.params ?? {})) values[name] = render(arg, locale);
  const result = formatter(locale, message.key, text).format(values);
  return typeof result === 'string' ? result : String(result);
}

/** Each message without arguments, by its English text: the sentences a stored text may be. */
const byEnglish = new Map<string, string>();
for (const [key, text] of Object.entries(catalogues.en)) if (!/[{]/.test(text) && !byEnglish.has(text)) byEnglish.set(text, key);

/**
 * A sentence stored as English (a job's failure, recorded in its events as the user was told it
 * then) in `locale`, when it is one of the catalogue's own sentences; any other text as it is.
 */
export function translateStored(text: string, locale: Locale): string {
  const key = byEnglish.get(text);
  return key ? translate({ key, english: text }, locale) : text;
}

function render(arg: MessageArg, locale: Locale): string | number {
  return isMessage(arg) ? translate(arg, locale) : arg;
}
