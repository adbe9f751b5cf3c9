import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { draftOfSession, editChanges, editErrors } from './editForm';
import type { Session } from './sessionOperations';

const participant = (userId: string, isLeader: boolean) =>
  ({ userId, userType: isLeader ? 'TUTOR' as const : 'STUDENT' as const, isLeader, joinedTime: null, user: null });

const series = {
  programId: 'P', sessionType: 'ONE_ON_ONE', subject: 'Algebra', sessionDescription: '', date: '2027-03-02', startTime: '16:00', endTime: '17:00',
  timeZoneId: 'America/New_York', frequency: 'WEEKLY', recurringDays: [2], weeksRecurring: 3, weeksRepeat: 1, recurringEndDate: null,
  meetingSolution: 'CUSTOM_URL', joinUrl: null, physicalSessionOptions: null, maxStudents: null,
  participants: [participant('T', true), participant('L', false)],
} as unknown as Session;

const NOW = DateTime.fromISO('2027-01-01T12:00', { zone: 'America/New_York' });
const BOTH = { recurrence: true, people: true };

describe('the edit dialog', () => {
  it('starts from the session as the booking form\'s draft', () => {
    expect(draftOfSession(series)).toMatchObject({ subject: 'Algebra', repeat: 'WEEKLY', recurringDays: [2], endBy: 'WEEKS', weeksRecurring: 3,
      meetingSolution: 'CUSTOM_URL', customUrl: '', tutorIds: ['T'], tuteeIds: ['L'] });
  });

  it('sends nothing unchanged, and the meeting as a whole when a part of it changed', () => {
    const before = draftOfSession(series);
    expect(editChanges(series, before, { ...before, subject: ' Algebra ' }, BOTH)).toEqual({});
    expect(editChanges(series, before, { ...before, meetingSolution: 'IN_PERSON', locationName: ' Library ' }, BOTH))
      .toEqual({ location: 'IN_PERSON', meetingSolution: 'IN_PERSON', customUrl: null, locationName: 'Library' });
    expect(editChanges(series, before, { ...before, description: 'Bring a calculator', startTime: '16:30', endTime: '17:30' }, BOTH))
      .toEqual({ sessionDescription: 'Bring a calculator', startTime: '16:30', endTime: '17:30' });
  });

  it('sends who takes part only when the viewer may change it, and the recurrence only for all of a series', () => {
    const before = draftOfSession(series);
    const after = { ...before, tuteeIds: ['L', 'M'], recurringDays: [2, 4] };
    expect(editChanges(series, before, after, BOTH)).toEqual({ tuteeIds: ['L', 'M'], recurrence: { frequency: 'WEEKLY', recurringDays: [2, 4], weeksRecurring: 3, weeksRepeat: 1 } });
    expect(editChanges(series, before, after, { recurrence: false, people: false })).toEqual({});
    expect(editChanges(series, before, { ...before, tuteeIds: ['L'], tutorIds: ['T'] }, BOTH)).toEqual({});
  });

  it('checks what changed only: an unseen video link stops nothing, a new one must be valid', () => {
    const before = draftOfSession(series);
    const options = { ...BOTH, now: NOW, isAdmin: false };
    expect(editErrors(before, { ...before, subject: 'Geometry' }, options)).toEqual({});
    expect(editErrors(before, { ...before, customUrl: 'not a link' }, options)).toEqual({ customUrl: 'sessions.validation.customUrl' });
    expect(editErrors(before, { ...before, endTime: '16:10' }, options)).toEqual({ endTime: 'sessions.validation.tooShort' });
    expect(editErrors(before, { ...before, recurringDays: [] }, options)).toEqual({ recurringDays: 'sessions.validation.weekday' });
    expect(editErrors(before, { ...before, recurringDays: [] }, { ...options, recurrence: false })).toEqual({});
    expect(editErrors(before, { ...before, date: '2026-12-01' }, options)).toEqual({ date: 'sessions.validation.past' });
  });

  it('sends exactly the parts that changed, whatever the mix of changes (property)', () => {
    const before = draftOfSession(series);
    const edits = fc.record({
      subject: fc.option(fc.constantFrom('Geometry', 'Algebra II'), { nil: undefined }),
      description: fc.option(fc.constantFrom('Notes', 'Bring a ruler'), { nil: undefined }),
      startTime: fc.option(fc.constantFrom('15:00', '16:30'), { nil: undefined }),
      meeting: fc.option(fc.constantFrom('ZOOM', 'LESSONSPACE', 'IN_PERSON'), { nil: undefined }),
      tuteeIds: fc.option(fc.constantFrom<string[]>(['L', 'M'], []), { nil: undefined }),
      recurringDays: fc.option(fc.constantFrom<number[]>([1], [2, 4]), { nil: undefined }),
    });
    fc.assert(fc.property(edits, fc.boolean(), fc.boolean(), (e, recurrence, people) => {
      const after = {
        ...before, ...(e.subject ? { subject: e.subject } : {}), ...(e.description ? { description: e.description } : {}),
        ...(e.startTime ? { startTime: e.startTime } : {}), ...(e.tuteeIds ? { tuteeIds: e.tuteeIds } : {}), ...(e.recurringDays ? { recurringDays: e.recurringDays } : {}),
        ...(e.meeting ? { meetingSolution: e.meeting as 'ZOOM', locationName: e.meeting === 'IN_PERSON' ? 'Library' : '' } : {}),
      };
      const keys = Object.keys(editChanges(series, before, after, { recurrence, people })).sort();
      const expected = [
        ...(e.subject ? ['subject'] : []), ...(e.description ? ['sessionDescription'] : []), ...(e.startTime ? ['startTime'] : []),
        ...(e.meeting ? ['customUrl', 'location', 'locationName', 'meetingSolution'] : []),
        ...(people && e.tuteeIds ? ['tuteeIds'] : []), ...(recurrence && e.recurringDays ? ['recurrence'] : []),
      ].sort();
      expect(keys).toEqual(expected);
    }));
  });
});
