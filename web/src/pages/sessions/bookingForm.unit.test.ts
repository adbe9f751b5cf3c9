import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { bookingInput, emptyDraft, endFor, minutesOf, timeOptions, validateBooking, withChanges, type BookingDraft } from './bookingForm';

const NOW = DateTime.fromISO('2026-03-02T10:07:00', { zone: 'America/New_York' });

function draft(changes: Partial<BookingDraft> = {}): BookingDraft {
  return {
    ...emptyDraft({ now: NOW, timeZoneId: 'America/New_York', sessionInterval: 15, durations: [60], programId: 'P1', tutorIds: ['T1'] }),
    subject: 'Algebra', ...changes,
  };
}

describe('the booking form', () => {
  it('starts on the next step after now in the zone, with the default length', () => {
    const fresh = draft();
    expect([fresh.date, fresh.startTime, fresh.endTime]).toEqual(['2026-03-02', '10:15', '11:15']);
    expect(fresh.recurringDays).toEqual([1]);
  });

  it('offers start times a sessionInterval apart, 15 minutes when it sets none', () => {
    expect(timeOptions(0).slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(timeOptions(60)).toHaveLength(24);
    expect(timeOptions(30)[47]).toBe('23:30');
    expect(endFor('09:00', [])).toBe('09:30');
  });

  it('accepts lengths from 15 minutes to 7 hours and refuses others with the spec\'s words', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 23 * 4 }), fc.integer({ min: 0, max: 95 }), (start, end) => {
      const times = timeOptions(15);
      const errors = validateBooking(draft({ startTime: times[start], endTime: times[end] }), { now: NOW, isAdmin: false });
      const length = minutesOf(times[end]) - minutesOf(times[start]);
      const expected = length > 420 ? 'sessions.validation.tooLong' : length < 15 ? 'sessions.validation.tooShort' : undefined;
      expect(errors.endTime).toBe(expected);
    }));
  });

  it('asks for a weekday for a weekly series, a valid custom link and a last day not before the first', () => {
    const errors = validateBooking(draft({ repeat: 'WEEKLY', recurringDays: [], endBy: 'DATE', recurringEndDate: '2026-03-01', meetingSolution: 'CUSTOM_URL', customUrl: 'zoom me' }), { now: NOW, isAdmin: false });
    expect(errors).toEqual({ recurringDays: 'sessions.validation.weekday', recurringEndDate: 'sessions.validation.endDate', customUrl: 'sessions.validation.customUrl' });
    expect(validateBooking(draft({ meetingSolution: 'CUSTOM_URL', customUrl: 'https://meet.example.org/abc' }), { now: NOW, isAdmin: false })).toEqual({});
  });

  it('refuses a start in the past to everyone but admins', () => {
    const past = draft({ startTime: '09:00', endTime: '10:00' });
    expect(validateBooking(past, { now: NOW, isAdmin: false }).date).toBe('sessions.validation.past');
    expect(validateBooking(past, { now: NOW, isAdmin: true })).toEqual({});
  });

  it('sends the recurrence, the meeting and the people the form holds', () => {
    const input = bookingInput(draft({ repeat: 'WEEKLY', recurringDays: [4, 2], weeksRecurring: 6, tuteeIds: ['S1'] }), true);
    expect(input).toMatchObject({
      programId: 'P1', subject: 'Algebra', date: '2026-03-02', timeZoneId: 'America/New_York', location: 'ONLINE', meetingSolution: 'LESSONSPACE',
      recurrence: { frequency: 'WEEKLY', recurringDays: [2, 4], weeksRecurring: 6 }, tutorIds: ['T1'], tuteeIds: ['S1'], forceBook: true, customUrl: null,
    });
    expect(bookingInput(draft({ meetingSolution: 'IN_PERSON', locationName: ' Library ' })).location).toBe('IN_PERSON');
    expect(bookingInput(draft({ repeat: 'MONTHLY', endBy: 'DATE', recurringEndDate: '2026-06-30' })).recurrence).toEqual({ frequency: 'MONTHLY', recurringEndDate: '2026-06-30' });
  });
});

describe('a weekly series\' days', () => {
  it('follow the date while they are only its weekday, and stay once chosen by hand', () => {
    const fresh = draft();
    const tuesday = withChanges(fresh, { date: '2027-03-02' });
    expect(tuesday.recurringDays).toEqual([2]);
    const chosen = withChanges(tuesday, { recurringDays: [2, 4] });
    expect(withChanges(chosen, { date: '2027-03-05' }).recurringDays).toEqual([2, 4]);
    expect(withChanges(tuesday, { date: '' }).recurringDays).toEqual([2]);
  });
});
