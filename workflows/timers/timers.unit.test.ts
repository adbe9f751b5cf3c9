/**
 * The session timers' choices that need no database (decision 0074): who hears on which channel
 * (preferences with their defaults, a parent's family channels, text only with a phone number), and
 * which occurrences owe a reminder at a tick.
 */
import { describe, expect, it } from 'vitest';
import { dueReminders, type TimerSession } from './activities';
import { recipientOf } from './reads';

const person = (profile: Record<string, unknown>, family: string[] | null = null) =>
  ({ id: '00000000-0000-4000-8000-000000000001', email: 'ana@example.org', profile, child_name: family ? 'Lia' : null, family_channels: family });

describe('a timer\'s recipient', () => {
  it('hears by e-mail and not by text when they never chose, in English, in no zone of their own', () => {
    expect(recipientOf(person({}), 'SESSION_REMINDER')).toMatchObject({ channels: { email: true, text: false }, language: 'en', timeZoneId: null, participant: true });
  });

  it('follows the kind\'s preference, reads `sp` as Spanish and keeps the profile\'s zone and phone', () => {
    const r = recipientOf(person({
      languagePreference: 'sp', timeZoneId: 'Europe/Madrid', phoneNumber: '+34600111222',
      notificationPreference: { SESSION_REMINDER: { email: false, text: true }, FEEDBACK_REQUESTED: { email: true, text: false } },
    }), 'SESSION_REMINDER');
    expect(r).toMatchObject({ channels: { email: false, text: true }, language: 'es', timeZoneId: 'Europe/Madrid', phoneNumber: '+34600111222' });
  });

  it('as a parent, needs both their CHILD_SESSION_REMINDER preference and the family link\'s channel, and gets no join link', () => {
    const prefs = { parentNotificationPreference: { CHILD_SESSION_REMINDER: { email: true, text: true } }, phoneNumber: '+15550001111' };
    expect(recipientOf(person(prefs, ['EMAIL']), 'CHILD_SESSION_REMINDER')).toMatchObject({ channels: { email: true, text: false }, childName: 'Lia', participant: false });
    expect(recipientOf(person(prefs, ['TEXT']), 'CHILD_SESSION_REMINDER').channels).toEqual({ email: false, text: true });
    // The participant's own preference does not speak for the parent kind.
    expect(recipientOf(person({ notificationPreference: { SESSION_REMINDER: { email: false, text: false } } }, ['EMAIL']), 'CHILD_SESSION_REMINDER').channels)
      .toEqual({ email: true, text: false });
  });
});

describe('the reminders due at a tick', () => {
  const session = (startAt: string, over: Partial<TimerSession> = {}): TimerSession => ({
    id: startAt, seriesId: 's', ecosystemId: 'e', subject: 'Algebra', startAt: new Date(startAt), endAt: new Date(Date.parse(startAt) + 3_600_000),
    durationMinutes: 60, timeZoneId: 'UTC', joinUrl: null, cancelled: false, pending: false, ...over,
  });

  it('are the latest offset passed per occurrence, none for cancelled, pending or started ones', () => {
    const now = new Date('2027-03-10T20:00:00Z');
    expect(dueReminders([
      session('2027-03-11T20:00:00Z'), session('2027-03-10T21:00:00Z'), session('2027-03-10T20:30:00Z'),
      session('2027-03-10T20:45:00Z', { cancelled: true }), session('2027-03-10T20:50:00Z', { pending: true }), session('2027-03-10T20:00:00Z'),
    ], now, [1440, 60])).toEqual([
      { sessionId: '2027-03-11T20:00:00Z', startAt: '2027-03-11T20:00:00.000Z', offsetMinutes: 1440 },
      { sessionId: '2027-03-10T21:00:00Z', startAt: '2027-03-10T21:00:00.000Z', offsetMinutes: 60 },
      { sessionId: '2027-03-10T20:30:00Z', startAt: '2027-03-10T20:30:00.000Z', offsetMinutes: 60 },
    ]);
  });
});
