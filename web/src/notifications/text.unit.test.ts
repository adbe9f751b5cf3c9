import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { notificationsEn } from '../i18n/notifications.en';
import { notificationsEs } from '../i18n/notifications.es';
import { KNOWN_KINDS, notificationText } from './text';

const en = createIntl({ locale: 'en', messages: notificationsEn });
const es = createIntl({ locale: 'es', messages: notificationsEs });
const params = { sessionSubject: 'Algebra', startAt: '2026-11-24T15:00:00.000Z', timeZoneId: 'America/New_York', otherName: 'Ben Ruiz' };

describe('a notification\'s text', () => {
  it('is written in the reader\'s language with the session\'s time in the notification\'s zone', () => {
    expect(notificationText(en, 'SESSION_CANCELLED', params)).toBe('Session cancelled: Algebra, Tue, Nov 24, 10:00 AM EST.');
    expect(notificationText(es, 'SESSION_CANCELLED', params)).toMatch(/^Sesión cancelada: Algebra, mar, 24 nov(\.|,)? 10:00 .*\.$/);
    expect(notificationText(en, 'SESSION_CANCELLED', { ...params, timeZoneId: 'Europe/Madrid' })).toContain('4:00 PM GMT+1');
  });

  it('names the other person or the child where the kind has one', () => {
    expect(notificationText(en, 'SESSION_PARTICIPANT_JOINED', params)).toMatch(/^Ben Ruiz joined the session Algebra, /);
    expect(notificationText(en, 'SESSION_REMOVED', params)).toMatch(/^You were removed from the session Algebra/);
    expect(notificationText(es, 'SESSION_REMOVED', { ...params, childName: 'Ana' })).toMatch(/^Se quitó a Ana de la sesión Algebra/);
  });

  it('reads sensibly without parameters, with an unknown zone, and for a kind it does not know', () => {
    expect(notificationText(en, 'SESSION_REMINDER', {})).toBe('Reminder: a session starts time to be confirmed.');
    expect(notificationText(en, 'SESSION_REMINDER', { subject: 'Chess', startAt: '2026-11-24T15:00:00.000Z', timeZoneId: 'Mars/Olympus' })).toMatch(/^Reminder: Chess starts /);
    expect(notificationText(es, 'SOMETHING_NEW', params)).toBe('Tiene una notificación nueva.');
  });

  it('has a text for every kind it knows, in both languages', () => {
    for (const kind of KNOWN_KINDS) {
      expect(notificationText(en, kind, params)).not.toBe(notificationText(en, 'SOMETHING_NEW', params));
      expect(notificationText(es, kind, params)).not.toBe(notificationText(es, 'SOMETHING_NEW', params));
    }
  });
});
