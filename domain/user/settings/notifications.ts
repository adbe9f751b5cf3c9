/**
 * Notification preferences (spec section 3: notificationPreference, staffNotificationPreference and
 * the parent's settings; channels Email and Text of section 9). The spec names no kinds: the kinds
 * below are the platform's own (docs/decisions/0050-account-settings.md). Each is stored as an
 * object keyed by kind, every kind present, so a later sender reads one value per kind and channel.
 */
import { z } from 'zod';
import { flag } from '../../ecosystem/fields';
import { ValidationError, IllegalStateError } from '../../shared/errors';
import type { RoleGrant } from '../events';
import { settingsMessages as M } from './messages';

/** What reaches everyone about their own sessions and messages. */
export const NOTIFICATION_KINDS = [
  'SESSION_SCHEDULED', 'SESSION_CHANGED', 'SESSION_CANCELLED', 'SESSION_REMINDER', 'NEW_MESSAGE', 'FEEDBACK_REQUESTED',
] as const;
/** What staff, teachers and admins hear about the people and sessions they look after. */
export const STAFF_NOTIFICATION_KINDS = ['TUTORING_REQUEST', 'SUB_REQUEST', 'SESSION_CANCELLED', 'NEW_APPLICATION', 'LOW_RATING'] as const;
/** What parents and guardians hear about their children. */
export const PARENT_NOTIFICATION_KINDS = [
  'CHILD_SESSION_SCHEDULED', 'CHILD_SESSION_CANCELLED', 'CHILD_SESSION_REMINDER', 'CHILD_FEEDBACK', 'WEEKLY_REPORT',
] as const;

export type NotificationVariant = 'notificationPreference' | 'staffNotificationPreference' | 'parentNotificationPreference';

export const VARIANT_KINDS: Readonly<Record<NotificationVariant, readonly string[]>> = {
  notificationPreference: NOTIFICATION_KINDS,
  staffNotificationPreference: STAFF_NOTIFICATION_KINDS,
  parentNotificationPreference: PARENT_NOTIFICATION_KINDS,
};

export interface Channels { email: boolean; text: boolean }
export type Preferences<K extends string> = Record<K, Channels>;

const channelsSchema = z.object({ email: flag(M.email), text: flag(M.text) }).strict();

function preferencesSchema<K extends string>(kinds: readonly K[]) {
  return z.object(Object.fromEntries(kinds.map((k) => [k, channelsSchema])) as Record<K, typeof channelsSchema>).strict();
}

export const notificationPreferenceSchema = preferencesSchema(NOTIFICATION_KINDS);
export const staffNotificationPreferenceSchema = preferencesSchema(STAFF_NOTIFICATION_KINDS);
export const parentNotificationPreferenceSchema = preferencesSchema(PARENT_NOTIFICATION_KINDS);

/** Before anyone chooses: e-mail for every kind, text for none (a phone number may not be known). */
function defaults<K extends string>(kinds: readonly K[]): Preferences<K> {
  return Object.fromEntries(kinds.map((k) => [k, { email: true, text: false }])) as Preferences<K>;
}

export const DEFAULT_NOTIFICATIONS = {
  notificationPreference: defaults(NOTIFICATION_KINDS),
  staffNotificationPreference: defaults(STAFF_NOTIFICATION_KINDS),
  parentNotificationPreference: defaults(PARENT_NOTIFICATION_KINDS),
};

export interface ChannelSetting { kind: string; email: boolean; text: boolean }

/** The current preferences with the settings sent laid over them; a kind sent twice is refused. */
export function withSettings<K extends string>(current: Preferences<K>, settings: readonly ChannelSetting[], field: string): Preferences<K> {
  const next: Record<string, Channels> = { ...current };
  const seen = new Set<string>();
  for (const s of settings) {
    if (seen.has(s.kind)) throw ValidationError.forField(field, M.kindTwice);
    seen.add(s.kind);
    next[s.kind] = { email: s.email, text: s.text };
  }
  return next as Preferences<K>;
}

const STAFF_ROLES = new Set(['STAFF', 'TEACHER', 'SUPER_ADMIN', 'PROGRAM_ADMIN']);

/** Whether a person whose roles are `roles` has settings of this variant: staff ones need a staff role, parent ones a parent role. */
export function hasVariant(roles: readonly Pick<RoleGrant, 'role' | 'status'>[], variant: NotificationVariant): boolean {
  const held = roles.filter((r) => r.status !== 'ARCHIVED');
  if (variant === 'staffNotificationPreference') return held.some((r) => STAFF_ROLES.has(r.role));
  if (variant === 'parentNotificationPreference') return held.some((r) => r.role === 'PARENT');
  return true;
}

type NotificationChanges = Partial<Record<NotificationVariant, Preferences<string>>>;

function turnsTextOn(before: Preferences<string>, after: Preferences<string>): boolean {
  return Object.entries(after).some(([kind, c]) => c.text && !before[kind]?.text);
}

/**
 * The decider's rules for an edit of the preferences: each variant only for the people it is for,
 * and a text message newly chosen only once the profile has a phone number to send it to.
 */
export function checkNotificationChanges(
  roles: readonly Pick<RoleGrant, 'role' | 'status'>[], current: Record<NotificationVariant, Preferences<string>> & { phoneNumber: string | null },
  changes: NotificationChanges & { phoneNumber?: string | null },
): void {
  const phone = changes.phoneNumber === undefined ? current.phoneNumber : changes.phoneNumber;
  for (const variant of Object.keys(VARIANT_KINDS) as NotificationVariant[]) {
    const next = changes[variant];
    if (!next) continue;
    if (!hasVariant(roles, variant)) {
      throw new IllegalStateError(variant === 'staffNotificationPreference' ? M.staffOnly : M.parentOnly, 'NOTIFICATION_VARIANT');
    }
    if (!phone && turnsTextOn(current[variant], next)) throw ValidationError.forField(`changes.${variant}`, M.textNeedsPhone);
  }
}

/** The preferences as a list in the order of the variant's kinds, as GraphQL shows them. */
export function settingsList<K extends string>(preferences: Preferences<K>, variant: NotificationVariant): Array<{ kind: K } & Channels> {
  return (VARIANT_KINDS[variant] as readonly K[]).map((kind) => ({ kind, ...(preferences[kind] ?? { email: true, text: false }) }));
}
