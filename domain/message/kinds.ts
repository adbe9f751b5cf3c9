/**
 * The kinds of message the platform sends. Each kind has one template (templates/index.ts) that
 * renders it in English and Spanish; adding a kind is one name here and one template there, and
 * templates.unit.test.ts checks both languages of every kind.
 */
export const MESSAGE_KINDS = ['TEST', 'INVITE', 'VERIFY_EMAIL', 'RESET_PASSWORD', 'LOGIN_LINK', 'MFA_CODE', 'EMAIL_CHANGED', 'SIGNUP_WELCOME', 'SIGNUP_EXISTING_ACCOUNT', 'BACKGROUND_CHECK_REMINDER', 'ERROR_FOLLOW_UP', 'CONTACT_CHANGED', 'SCHEDULED_REPORT',
  'WEEKLY_PARENT_REPORT',
  // Session timers (decision 0074).
  'SESSION_REMINDER', 'CHILD_SESSION_REMINDER', 'FEEDBACK_REQUESTED',
  // Session notices of the notification reactor (docs/decisions/0072).
  'SESSION_BOOKED', 'SESSION_MOVED', 'SESSION_CANCELLED', 'SESSION_RESTORED', 'SESSION_REMOVED', 'SESSION_PARTICIPANT_JOINED', 'SESSION_PARTICIPANT_LEFT',
  'APPLICATION_REVIEWED',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * The recipient's language as stored (the spec's data says `sp` for Spanish) to the language of a
 * message. Anything not Spanish reads English, the platform's default.
 */
/** A language tag a client may send (en, es, es-MX, the spec's sp): anything else is a mistake, not English. */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

export function isLanguageTag(value: string): boolean {
  return value.length <= 35 && LANGUAGE_TAG.test(value.trim());
}

export function messageLanguageOf(preference: string | null | undefined): 'en' | 'es' {
  const value = (preference ?? '').trim().toLowerCase();
  return value === 'sp' || value === 'es' || value.startsWith('es-') ? 'es' : 'en';
}
