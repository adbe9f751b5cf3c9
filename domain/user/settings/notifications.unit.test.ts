/** Notification preferences in profile edits (docs/decisions/0050), given / when / then. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { IllegalStateError, ValidationError } from '../../shared/errors';
import type { UserEvent } from '../events';
import { given } from '../given';
import { editProfile } from '../handlers';
import {
  DEFAULT_NOTIFICATIONS, hasVariant, NOTIFICATION_KINDS, PARENT_NOTIFICATION_KINDS, STAFF_NOTIFICATION_KINDS, withSettings, type Preferences,
} from './notifications';

const userId = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const ecosystemId = '7d3e1c0a-2f4b-4a8e-8c1d-3e5f7a9b1c02';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, email: 'pat@example.com', firstName: 'Pat', lastName: 'Parent', preferredName: null, passwordHash: HASH, platformAdmin: false },
};
const grant = (role: 'PARENT' | 'STAFF' | 'STUDENT', status: 'ACTIVATED' | 'ARCHIVED' | 'INVITED' = 'ACTIVATED'): UserEvent =>
  ({ type: 'EcosystemRoleGranted', data: { userId, ecosystemId, role, programId: null, status } });
const edited = (changes: object): UserEvent => ({ type: 'UserProfileEdited', data: { userId, changes } });
const asSelf = { actor: { userId, role: 'PARENT' as const } };
const phone = edited({ phoneNumber: '5551234567' });

const personal = DEFAULT_NOTIFICATIONS.notificationPreference;
const parent = DEFAULT_NOTIFICATIONS.parentNotificationPreference;

describe('Notification preferences: editing', () => {
  it('records the whole new preferences of a variant, and nothing when they do not change', () => {
    const next = { ...personal, NEW_MESSAGE: { email: false, text: false } };
    given(editProfile, [registered]).when({ userId, changes: { notificationPreference: next } }, asSelf)
      .then([edited({ notificationPreference: next })]);
    given(editProfile, [registered]).when({ userId, changes: { notificationPreference: personal } }, asSelf).then([]);
  });

  it('take text messages only once the profile has a phone number, or gets one in the same edit', () => {
    const texts = { ...personal, SESSION_REMINDER: { email: true, text: true } };
    given(editProfile, [registered]).when({ userId, changes: { notificationPreference: texts } }, asSelf)
      .thenThrows(ValidationError, 'Add a phone number under contact info before choosing text messages.');
    given(editProfile, [registered, phone]).when({ userId, changes: { notificationPreference: texts } }, asSelf)
      .then([edited({ notificationPreference: texts })]);
    given(editProfile, [registered]).when({ userId, changes: { notificationPreference: texts, phoneNumber: '(555) 123-4567' } }, asSelf)
      .then([edited({ notificationPreference: texts, phoneNumber: '5551234567' })]);
  });

  it('keep parent settings for parents and staff settings for staff, whatever the status but archived', () => {
    const next = { ...parent, WEEKLY_REPORT: { email: false, text: false } };
    given(editProfile, [registered, grant('PARENT', 'INVITED')]).when({ userId, changes: { parentNotificationPreference: next } }, asSelf)
      .then([edited({ parentNotificationPreference: next })]);
    for (const events of [[registered], [registered, grant('STUDENT')], [registered, grant('PARENT', 'ARCHIVED')]]) {
      given(editProfile, events).when({ userId, changes: { parentNotificationPreference: next } }, asSelf)
        .thenThrows(IllegalStateError, 'Parent notifications are for parents and guardians.');
    }
    const staff = { ...DEFAULT_NOTIFICATIONS.staffNotificationPreference, LOW_RATING: { email: false, text: false } };
    given(editProfile, [registered, grant('PARENT')]).when({ userId, changes: { staffNotificationPreference: staff } }, asSelf)
      .thenThrows(IllegalStateError, 'Staff notifications are for staff');
    given(editProfile, [registered, grant('STAFF')]).when({ userId, changes: { staffNotificationPreference: staff } }, asSelf)
      .then([edited({ staffNotificationPreference: staff })]);
  });

  it('refuse a missing kind, an unknown kind and a channel that is not true or false', () => {
    const { NEW_MESSAGE: _dropped, ...missing } = personal;
    for (const bad of [missing, { ...personal, SMOKE_SIGNAL: { email: true, text: false } }, { ...personal, NEW_MESSAGE: { email: 'yes', text: false } }]) {
      given(editProfile, [registered]).when({ userId, changes: { notificationPreference: bad } }, asSelf).thenThrows(ZodError);
    }
  });
});

describe('Notification preferences: laying settings over the current ones', () => {
  it('change exactly the kinds sent (property), and refuse a kind sent twice', () => {
    fc.assert(fc.property(fc.subarray([...NOTIFICATION_KINDS]), fc.boolean(), fc.boolean(), (kinds, email, text) => {
      const next: Preferences<string> = withSettings(personal, kinds.map((kind) => ({ kind, email, text })), 'input');
      for (const kind of NOTIFICATION_KINDS) expect(next[kind]).toEqual(kinds.includes(kind) ? { email, text } : personal[kind]);
    }));
    expect(() => withSettings(personal, [{ kind: 'NEW_MESSAGE', email: true, text: false }, { kind: 'NEW_MESSAGE', email: false, text: false }], 'input'))
      .toThrow('Each kind of notification can be sent once.');
  });

  it('every variant starts with e-mail on and text off for each of its kinds', () => {
    for (const [variant, kinds] of [['staffNotificationPreference', STAFF_NOTIFICATION_KINDS], ['parentNotificationPreference', PARENT_NOTIFICATION_KINDS]] as const) {
      expect(Object.values(DEFAULT_NOTIFICATIONS[variant])).toEqual(kinds.map(() => ({ email: true, text: false })));
    }
    expect(hasVariant([{ role: 'TEACHER', status: 'ACTIVATED' }], 'staffNotificationPreference')).toBe(true);
    expect(hasVariant([], 'notificationPreference')).toBe(true);
  });
});
