/**
 * Who is told what (docs/decisions/0072): from a session event's changes, the people involved
 * (their contact, language, zone and preferences), the learners' parents and guardians with the
 * channels chosen per child, and the program's rules for edited and cancelled sessions, one notice
 * per recipient with the channels it goes by. Pure, so every rule is unit-tested:
 * - never the person who made the change;
 * - a channel only when the recipient's preference for that kind has it on, the program's rule (for
 *   moved and cancelled sessions) allows it, and there is an address (e-mail) or phone (text);
 *   a parent also only by the channels chosen for that child;
 * - at most one notice per recipient and event (the first change that concerns them).
 * Sending is the caller's: one function per channel (and, at merge, the in-app one).
 */
import type { MessageChannel, MessageLanguage } from '../events';
import type { ParticipantType } from '../../session/model';
import type { NOTIFICATION_KINDS, PARENT_NOTIFICATION_KINDS, Preferences } from '../../user/settings/notifications';
import type { SessionChange } from './sessions';

export const SESSION_NOTICE_KINDS = [
  'SESSION_BOOKED', 'SESSION_MOVED', 'SESSION_CANCELLED', 'SESSION_RESTORED', 'SESSION_REMOVED', 'SESSION_PARTICIPANT_JOINED', 'SESSION_PARTICIPANT_LEFT',
] as const;
export type SessionNoticeKind = (typeof SESSION_NOTICE_KINDS)[number];

type PersonalKind = (typeof NOTIFICATION_KINDS)[number];
type ParentKind = (typeof PARENT_NOTIFICATION_KINDS)[number];

/** Which preference decides each notice: the person's own, and a parent's about a child (null: parents are not told). */
export const PREFERENCE_OF: Record<SessionNoticeKind, { own: PersonalKind; parent: ParentKind | null; rule: 'edited' | 'cancelled' | null }> = {
  SESSION_BOOKED: { own: 'SESSION_SCHEDULED', parent: 'CHILD_SESSION_SCHEDULED', rule: null },
  SESSION_MOVED: { own: 'SESSION_CHANGED', parent: 'CHILD_SESSION_SCHEDULED', rule: 'edited' },
  SESSION_CANCELLED: { own: 'SESSION_CANCELLED', parent: 'CHILD_SESSION_CANCELLED', rule: 'cancelled' },
  SESSION_RESTORED: { own: 'SESSION_SCHEDULED', parent: 'CHILD_SESSION_SCHEDULED', rule: null },
  SESSION_REMOVED: { own: 'SESSION_CANCELLED', parent: 'CHILD_SESSION_CANCELLED', rule: null },
  SESSION_PARTICIPANT_JOINED: { own: 'SESSION_CHANGED', parent: null, rule: null },
  SESSION_PARTICIPANT_LEFT: { own: 'SESSION_CHANGED', parent: null, rule: null },
};

export interface Person {
  userId: string;
  /** How others see them named (first name and last name). */
  name: string;
  email: string | null;
  /** E.164, or null without a phone number. */
  phone: string | null;
  language: MessageLanguage;
  timeZoneId: string | null;
  notificationPreference: Preferences<PersonalKind>;
  /** Null for people without a parent role. */
  parentNotificationPreference: Preferences<ParentKind> | null;
}

export interface SessionRule {
  recipientTypes: readonly ParticipantType[];
  notificationTypes: readonly ('EMAIL' | 'TEXT')[];
}

export interface NoticeInput {
  changes: readonly SessionChange[];
  actorUserId: string;
  people: ReadonlyMap<string, Person>;
  /** The parents and guardians of each learner, with the channels chosen for that child. */
  parentsOf: ReadonlyMap<string, ReadonlyArray<{ parentId: string; channels: readonly ('EMAIL' | 'TEXT')[] }>>;
  /** The program's sessionNotifications, by program id; a program not in the map uses the defaults. */
  rules: ReadonlyMap<string, { edited: SessionRule; cancelled: SessionRule }>;
}

/** What a notice says, without its links (the sender adds the session's URL and, for e-mail, the unsubscribe link). */
export interface NoticeParams {
  sessionSubject: string;
  startAt: string;
  endAt: string;
  previousStartAt: string | null;
  timeZoneId: string;
  more: number;
  childName: string | null;
  otherName: string | null;
  reason: string | null;
}

export interface Notice {
  recipientUserId: string;
  kind: SessionNoticeKind;
  params: NoticeParams;
  channels: MessageChannel[];
  /** The preference that let it through: the unsubscribe link turns this one's e-mail off. */
  preference: { variant: 'notificationPreference' | 'parentNotificationPreference'; kind: PersonalKind | ParentKind };
  /** The occurrence it is about, for its link. */
  seriesId: string;
  occurrenceId: string;
}

export const DEFAULT_SESSION_RULE: SessionRule = { recipientTypes: ['STUDENT', 'TUTOR', 'PARENT'], notificationTypes: ['EMAIL'] };

function channelsOf(person: Person, pref: { email: boolean; text: boolean } | undefined, allowed: readonly ('EMAIL' | 'TEXT')[]): MessageChannel[] {
  const chosen = pref ?? { email: true, text: false };
  const out: MessageChannel[] = [];
  if (chosen.email && person.email && allowed.includes('EMAIL')) out.push('EMAIL');
  if (chosen.text && person.phone && allowed.includes('TEXT')) out.push('SMS');
  return out;
}

export function decideNotices(input: NoticeInput): Notice[] {
  const notices: Notice[] = [];
  const told = new Set<string>([input.actorUserId]);
  const add = (notice: Notice) => {
    if (told.has(notice.recipientUserId) || notice.channels.length === 0) return;
    told.add(notice.recipientUserId);
    notices.push(notice);
  };
  for (const change of input.changes) {
    const { own, parent, rule: ruleName } = PREFERENCE_OF[change.kind];
    const rule = ruleName ? (input.rules.get(change.occurrence.programId)?.[ruleName] ?? DEFAULT_SESSION_RULE) : null;
    const other = change.otherUserId ? input.people.get(change.otherUserId)?.name ?? null : null;
    const base = (person: Person, childName: string | null): NoticeParams => ({
      sessionSubject: change.occurrence.subject, startAt: change.occurrence.startAt, endAt: change.occurrence.endAt,
      previousStartAt: change.occurrence.previousStartAt, timeZoneId: person.timeZoneId ?? change.occurrence.timeZoneId, more: change.more,
      childName, otherName: other, reason: change.occurrence.reason,
    });
    const at = { seriesId: change.occurrence.seriesId, occurrenceId: change.occurrence.occurrenceId };
    // Participants first, then the learners' parents: a parent who takes part hears it as a participant.
    for (const { userId, userType } of change.people) {
      const person = input.people.get(userId);
      if (!person || (rule && !rule.recipientTypes.includes(userType))) continue;
      const channels = channelsOf(person, person.notificationPreference[own], rule ? rule.notificationTypes : ['EMAIL', 'TEXT']);
      add({ recipientUserId: userId, kind: change.kind, params: base(person, null), channels, preference: { variant: 'notificationPreference', kind: own }, ...at });
    }
    if (!parent || (rule && !rule.recipientTypes.includes('PARENT'))) continue;
    for (const { userId, userType } of change.people) {
      if (userType !== 'STUDENT') continue;
      const child = input.people.get(userId);
      for (const link of input.parentsOf.get(userId) ?? []) {
        const person = input.people.get(link.parentId);
        if (!person?.parentNotificationPreference) continue;
        const allowed = (rule ? rule.notificationTypes : ['EMAIL', 'TEXT'] as const).filter((c) => link.channels.includes(c));
        const channels = channelsOf(person, person.parentNotificationPreference[parent], allowed);
        add({
          recipientUserId: link.parentId, kind: change.kind, params: base(person, child?.name ?? null), channels,
          preference: { variant: 'parentNotificationPreference', kind: parent }, ...at,
        });
      }
    }
  }
  return notices;
}
