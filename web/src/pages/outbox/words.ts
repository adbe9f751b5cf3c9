/** Catalogue ids of a message's kind, channel, language and status (web/src/i18n/en.ts, outbox.*). */
import type { MessageId } from '../../i18n/en';

export const KINDS = ['TEST', 'INVITE', 'VERIFY_EMAIL', 'RESET_PASSWORD', 'LOGIN_LINK', 'MFA_CODE', 'EMAIL_CHANGED', 'SIGNUP_WELCOME', 'SIGNUP_EXISTING_ACCOUNT', 'BACKGROUND_CHECK_REMINDER', 'ERROR_FOLLOW_UP', 'CONTACT_CHANGED', 'SCHEDULED_REPORT',
  'WEEKLY_PARENT_REPORT',
  // Session timers (decision 0074).
  'SESSION_REMINDER', 'CHILD_SESSION_REMINDER', 'FEEDBACK_REQUESTED',
  // Session notices (decision 0072).
  'SESSION_BOOKED', 'SESSION_MOVED', 'SESSION_CANCELLED', 'SESSION_RESTORED', 'SESSION_REMOVED', 'SESSION_PARTICIPANT_JOINED', 'SESSION_PARTICIPANT_LEFT', 'APPLICATION_REVIEWED',
] as const;
const STATUSES = ['QUEUED', 'SENDING', 'SENT', 'OUTBOX', 'FAILED', 'UNCERTAIN', 'BOUNCED'] as const;

/** A kind this version of the app does not know reads as "Other" rather than as a raw name. */
export function kindLabel(kind: string): MessageId {
  return (KINDS as readonly string[]).includes(kind) ? `outbox.kind.${kind as (typeof KINDS)[number]}` : 'outbox.kind.other';
}

export function channelLabel(channel: string): MessageId {
  return channel === 'SMS' ? 'outbox.channel.SMS' : 'outbox.channel.EMAIL';
}

export function languageLabel(language: string): MessageId {
  return language === 'es' ? 'outbox.language.es' : 'outbox.language.en';
}

export function statusLabel(status: string): MessageId {
  return (STATUSES as readonly string[]).includes(status) ? `outbox.status.${status as (typeof STATUSES)[number]}` : 'outbox.status.QUEUED';
}

/** Badge colours: green sent, grey kept, red failed or bounced, orange uncertain, blue still going. */
export function statusColor(status: string): string {
  switch (status) {
    case 'SENT': return 'teal';
    case 'OUTBOX': return 'gray';
    case 'FAILED': case 'BOUNCED': return 'red';
    case 'UNCERTAIN': return 'orange';
    default: return 'blue';
  }
}
