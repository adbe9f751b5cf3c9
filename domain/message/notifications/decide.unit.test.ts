import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ana, ben, booked, handlers, NOW, occurrences, programId, run, seriesId, tutor } from '../../session/fixtures.testing';
import type { SessionEvent } from '../../session/events';
import { DEFAULT_NOTIFICATIONS } from '../../user/settings/notifications';
import { decideNotices, type NoticeInput, type Person } from './decide';
import { sessionChanges, type SessionChange } from './sessions';

const parent = '5e55a000-0000-4000-8000-0000000000d1';
const admin = '5e55a000-0000-4000-8000-0000000000c1';

function person(userId: string, name: string, over: Partial<Person> = {}): Person {
  return {
    userId, name, email: `${name.toLowerCase()}@example.org`, phone: null, language: 'en', timeZoneId: null,
    notificationPreference: DEFAULT_NOTIFICATIONS.notificationPreference, parentNotificationPreference: null, ...over,
  };
}

const people = new Map<string, Person>([
  [tutor.userId, person(tutor.userId, 'Tess', { timeZoneId: 'America/Los_Angeles' })],
  [ana.userId, person(ana.userId, 'Ana')],
  [ben.userId, person(ben.userId, 'Ben')],
  [parent, person(parent, 'Paula', { language: 'es', phone: '+15555550123', parentNotificationPreference: DEFAULT_NOTIFICATIONS.parentNotificationPreference })],
]);
const parentsOf = new Map([[ana.userId, [{ parentId: parent, channels: ['EMAIL' as const] }]]]);
const input = (changes: SessionChange[], over: Partial<NoticeInput> = {}): NoticeInput => ({ changes, actorUserId: admin, people, parentsOf, rules: new Map(), ...over });

function changesOf(before: SessionEvent[], after: SessionEvent[]): SessionChange[] {
  return sessionChanges(occurrences(before), occurrences(after), NOW);
}

describe('session changes', () => {
  it('a new booking: booked for each participant, about its first occurrence and the number of the others', () => {
    const [change] = changesOf([], booked());
    expect(change).toMatchObject({ kind: 'SESSION_BOOKED', more: 7, occurrence: { startAt: '2026-11-23T21:00:00.000Z', subject: 'Algebra', programId } });
    expect(change.people.map((p) => p.userId).sort()).toEqual([tutor.userId, ana.userId].sort());
  });

  it('a moved occurrence says where it was; a cancelled one carries the reason; a restored one is back on', () => {
    const events = booked();
    const first = occurrences(events)[0];
    const moved = run(events, handlers.editSession, { seriesId, occurrenceId: first.id, scope: 'SINGLE', changes: { startTime: '18:00' } });
    expect(changesOf(events, moved)).toMatchObject([{ kind: 'SESSION_MOVED', more: 0, occurrence: { previousStartAt: first.startAt, startAt: '2026-11-23T23:00:00.000Z' } }]);
    const cancelled = run(events, handlers.cancelSession, { seriesId, occurrenceId: first.id, scope: 'SINGLE_AND_FOLLOWING', reason: 'Closed' });
    expect(changesOf(events, cancelled)).toMatchObject([{ kind: 'SESSION_CANCELLED', more: 7, occurrence: { reason: 'Closed' } }]);
    const restored = run(cancelled, handlers.restoreSession, { seriesId, occurrenceId: first.id, scope: 'SINGLE' });
    expect(changesOf(cancelled, restored)).toMatchObject([{ kind: 'SESSION_RESTORED', more: 0 }]);
  });

  it('an ALL edit of the time and the people: moved for those who stay, booked and removed for the others, joined and left to the leader', () => {
    const events = booked();
    const first = occurrences(events)[0];
    const after = run(events, handlers.editSession, { seriesId, occurrenceId: first.id, scope: 'ALL', changes: { startTime: '17:00', participants: [tutor, ben] } });
    const kinds = Object.fromEntries(changesOf(events, after).map((c) => [`${c.kind}${c.otherUserId ? `:${c.otherUserId}` : ''}`, c.people.map((p) => p.userId)]));
    expect(kinds).toEqual({
      SESSION_REMOVED: [ana.userId], SESSION_BOOKED: [ben.userId], SESSION_MOVED: [tutor.userId],
      [`SESSION_PARTICIPANT_JOINED:${ben.userId}`]: [tutor.userId], [`SESSION_PARTICIPANT_LEFT:${ana.userId}`]: [tutor.userId],
    });
  });

  it('a seat dropped and a seat reserved', () => {
    const events = booked();
    const first = occurrences(events)[0];
    const dropped = run(events, handlers.dropSession, { seriesId, occurrenceId: first.id, userId: ana.userId, scope: 'SINGLE' });
    expect(changesOf(events, dropped).map((c) => c.kind)).toEqual(['SESSION_REMOVED', 'SESSION_PARTICIPANT_LEFT']);
    const seated = run(events, handlers.reserveSessionSeat, { seriesId, occurrenceId: first.id, userId: ben.userId, scope: 'SINGLE' });
    expect(changesOf(events, seated).map((c) => c.kind)).toEqual(['SESSION_BOOKED', 'SESSION_PARTICIPANT_JOINED']);
  });

  it('ignores occurrences that had started when the event happened', () => {
    expect(sessionChanges([], occurrences(booked()), '2027-01-01T00:00:00.000Z')).toEqual([]);
  });
});

describe('who is told what', () => {
  const cancel = () => {
    const events = booked();
    return changesOf(events, run(events, handlers.cancelSession, { seriesId, occurrenceId: occurrences(events)[0].id, scope: 'SINGLE', reason: null }));
  };

  it("tells the participants and a learner's parent, in the parent's zone when set, never the actor", () => {
    const notices = decideNotices(input(cancel(), { actorUserId: tutor.userId }));
    expect(notices.map((n) => [n.recipientUserId, n.kind, n.channels, n.params.childName])).toEqual([
      [ana.userId, 'SESSION_CANCELLED', ['EMAIL'], null],
      [parent, 'SESSION_CANCELLED', ['EMAIL'], 'Ana'],
    ]);
    expect(notices[1].preference).toEqual({ variant: 'parentNotificationPreference', kind: 'CHILD_SESSION_CANCELLED' });
    const byAdmin = decideNotices(input(cancel()));
    expect(byAdmin.find((n) => n.recipientUserId === tutor.userId)?.params.timeZoneId).toBe('America/Los_Angeles');
    expect(byAdmin.find((n) => n.recipientUserId === ana.userId)?.params.timeZoneId).toBe('America/New_York');
  });

  it('follows preferences per kind and channel, text only with a phone and only where the family link allows it', () => {
    const off = new Map(people);
    off.set(ana.userId, person(ana.userId, 'Ana', { notificationPreference: { ...DEFAULT_NOTIFICATIONS.notificationPreference, SESSION_CANCELLED: { email: false, text: true } } }));
    off.set(parent, { ...people.get(parent)!, parentNotificationPreference: { ...DEFAULT_NOTIFICATIONS.parentNotificationPreference, CHILD_SESSION_CANCELLED: { email: true, text: true } } });
    const notices = decideNotices(input(cancel(), { people: off }));
    // Ana chose text only and has no phone: nothing. The parent chose both, but e-mail only for Ana.
    expect(notices.map((n) => [n.recipientUserId, n.channels])).toEqual([[tutor.userId, ['EMAIL']], [parent, ['EMAIL']]]);
    const family = new Map([[ana.userId, [{ parentId: parent, channels: ['EMAIL', 'TEXT'] as const }]]]);
    // The program's default rule for cancelled sessions is e-mail only; one that allows texts lets the parent's text through.
    expect(decideNotices(input(cancel(), { people: off, parentsOf: family })).find((n) => n.recipientUserId === parent)?.channels).toEqual(['EMAIL']);
    const texts = { recipientTypes: ['STUDENT', 'TUTOR', 'PARENT'] as const, notificationTypes: ['EMAIL', 'TEXT'] as const };
    const both = decideNotices(input(cancel(), { people: off, parentsOf: family, rules: new Map([[programId, { edited: texts, cancelled: texts }]]) }));
    expect(both.find((n) => n.recipientUserId === parent)?.channels).toEqual(['EMAIL', 'SMS']);
  });

  it("follows the program's rule for cancelled and edited sessions: recipient types and channels", () => {
    const rules = new Map([[programId, { edited: { recipientTypes: ['TUTOR' as const], notificationTypes: ['EMAIL' as const] }, cancelled: { recipientTypes: ['STUDENT' as const], notificationTypes: ['EMAIL' as const] } }]]);
    expect(decideNotices(input(cancel(), { rules })).map((n) => n.recipientUserId)).toEqual([ana.userId]);
    // A booking has no program rule: everyone hears it.
    expect(decideNotices(input(changesOf([], booked()), { rules })).map((n) => n.recipientUserId)).toEqual([tutor.userId, ana.userId, parent]);
  });

  it('property: never the actor, never a channel turned off or without an address, never twice the same recipient', () => {
    const ids = [tutor.userId, ana.userId, ben.userId, parent];
    const channelPref = fc.record({ email: fc.boolean(), text: fc.boolean() });
    fc.assert(fc.property(
      fc.constantFrom(...ids, admin), fc.array(channelPref, { minLength: 4, maxLength: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      fc.subarray(['EMAIL', 'TEXT'] as const), fc.subarray(['STUDENT', 'TUTOR', 'PARENT'] as const),
      (actor, prefs, phones, ruleChannels, ruleTypes) => {
        const folks = new Map(ids.map((id, i) => {
          const p = people.get(id)!;
          const own = { ...p.notificationPreference, SESSION_CANCELLED: prefs[i], SESSION_SCHEDULED: prefs[i] };
          const parentPrefs = p.parentNotificationPreference ? { ...p.parentNotificationPreference, CHILD_SESSION_CANCELLED: prefs[i], CHILD_SESSION_SCHEDULED: prefs[i] } : null;
          return [id, { ...p, phone: phones[i] ? '+15555550100' : null, notificationPreference: own, parentNotificationPreference: parentPrefs }];
        }));
        const rules = new Map([[programId, { edited: { recipientTypes: ruleTypes, notificationTypes: ruleChannels }, cancelled: { recipientTypes: ruleTypes, notificationTypes: ruleChannels } }]]);
        for (const changes of [cancel(), changesOf([], booked())]) {
          const notices = decideNotices(input(changes, { actorUserId: actor, people: folks, rules, parentsOf: new Map([[ana.userId, [{ parentId: parent, channels: ['EMAIL', 'TEXT'] as const }]]]) }));
          const seen = new Set<string>();
          for (const n of notices) {
            expect(n.recipientUserId).not.toBe(actor);
            expect(seen.has(n.recipientUserId)).toBe(false);
            seen.add(n.recipientUserId);
            const p = folks.get(n.recipientUserId)!;
            const chosen = n.preference.variant === 'parentNotificationPreference' ? p.parentNotificationPreference![n.preference.kind as 'CHILD_SESSION_CANCELLED'] : p.notificationPreference[n.preference.kind as 'SESSION_CANCELLED'];
            expect(n.channels.length).toBeGreaterThan(0);
            if (n.channels.includes('EMAIL')) expect(chosen.email).toBe(true);
            if (n.channels.includes('SMS')) expect(chosen.text && p.phone !== null).toBe(true);
            if (n.kind === 'SESSION_CANCELLED') {
              if (n.channels.includes('SMS')) expect(ruleChannels).toContain('TEXT');
              if (n.channels.includes('EMAIL')) expect(ruleChannels).toContain('EMAIL');
            }
          }
        }
      },
    ), { numRuns: 200 });
  });
});
