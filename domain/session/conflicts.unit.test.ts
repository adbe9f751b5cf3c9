/** Conflicts of a booking, case by case (the property test checks them all against a model). */
import { describe, expect, it } from 'vitest';
import { translate } from '../../api/i18n/catalogue';
import { factsRange, findConflicts, type ConflictBooking, type ConflictRules, type PersonFacts } from './conflicts';

const TUTOR = 'aaaaaaaa-0000-4000-8000-000000000001';
const TUTEE = 'aaaaaaaa-0000-4000-8000-000000000002';
const PROGRAM = '11111111-1111-4111-8111-111111111111';

const rules: ConflictRules = {
  timeZoneId: 'America/New_York', tutorTerm: 'Coach', tuteeTerm: 'Learner', overlapChecksEnabled: true, supportedHours: [],
  timeBuffer: { enabled: false, lengthMinutes: 15 }, sessionInterval: 15, sessionDurations: [30, 60], sessionAdvanceDayLimit: 90,
  sessionLimit: { type: 'NONE', minuteLimit: null, resetDate: null }, tutorHoursLimit: { isEnabled: false, limits: [] },
};

function person(userId: string, name: string, more: Partial<PersonFacts> = {}): PersonFacts {
  return {
    userId, name, timeZoneId: 'America/New_York', availableHours: [], availabilityOverrides: [], advanceLimit: null, advanceLength: null,
    sessions: [], minutesOutside: 0, ...more,
  };
}

function booking(occurrences: Array<[string, string, string]>, more: Partial<ConflictBooking> = {}): ConflictBooking {
  return {
    timeZoneId: 'America/New_York', programId: PROGRAM, tutorIds: [TUTOR], tuteeIds: [TUTEE], bookedByAdmin: false, now: '2026-10-01T12:00:00Z',
    occurrences: occurrences.map(([date, startAt, endAt]) => ({ date, startAt, endAt })), ...more,
  };
}

describe('conflicts', () => {
  it('counts both passes of the hour the clocks go back as inside hours that name it', () => {
    // 1 November 2026, New York: 01:00-02:00 happens at 05:00Z (EDT) and again at 06:00Z (EST).
    const tutor = person(TUTOR, 'Ana', { availableHours: [{ day: 0, startTime: '01:00', endTime: '02:00' }] });
    const second = booking([['2026-11-01', '2026-11-01T06:00:00Z', '2026-11-01T06:30:00Z']]);
    expect(findConflicts(second, rules, [tutor, person(TUTEE, 'Ben')])).toEqual([]);
    const across = booking([['2026-11-01', '2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z']]);
    expect(findConflicts(across, rules, [tutor, person(TUTEE, 'Ben')])).toEqual([]);
    const after = booking([['2026-11-01', '2026-11-01T06:30:00Z', '2026-11-01T07:30:00Z']]);
    expect(findConflicts(after, rules, [tutor, person(TUTEE, 'Ben')]).map((c) => [c.type, c.userId])).toEqual([['AVAILABILITY', TUTOR]]);
  });

  it('tells an overlap with the names, terms and times, in English and Spanish, with the day availability', () => {
    const tutor = person(TUTOR, 'Ana', {
      availableHours: [{ day: 2, startTime: '09:00', endTime: '12:00' }, { day: 2, startTime: '15:00', endTime: '18:00' }],
      sessions: [{ startAt: '2026-10-06T20:00:00Z', endAt: '2026-10-06T21:00:00Z', programId: PROGRAM }],
    });
    const [c] = findConflicts(booking([['2026-10-06', '2026-10-06T20:30:00Z', '2026-10-06T21:00:00Z']]), rules, [tutor, person(TUTEE, 'Ben')]);
    expect(c).toMatchObject({ type: 'OVERLAP', userId: TUTOR, date: '2026-10-06', startAt: '2026-10-06T20:30:00Z', remainingMinutes: null });
    expect(c.dayAvailability).toEqual([{ startTime: '09:00', endTime: '12:00' }, { startTime: '15:00', endTime: '18:00' }]);
    expect(translate(c.description, 'en')).toBe('Coach Ana already has a session from 4:00 PM to 5:00 PM.');
    expect(translate(c.description, 'es')).toBe('Coach Ana ya tiene una sesión de 4:00 PM a 5:00 PM.');
  });

  it('shows a tutor in another zone their hours as the session zone reads them', () => {
    const tutor = person(TUTOR, 'Ana', { timeZoneId: 'America/Los_Angeles', availableHours: [{ day: 2, startTime: '20:00', endTime: '23:00' }] });
    const [c] = findConflicts(booking([['2026-10-06', '2026-10-06T13:00:00Z', '2026-10-06T13:30:00Z']]), rules, [tutor, person(TUTEE, 'Ben')]);
    expect(c.type).toBe('AVAILABILITY');
    expect(c.dayAvailability).toEqual([{ startTime: '23:00', endTime: '24:00' }]);
  });

  it('lets admins book beyond the advance limits, nobody else', () => {
    const tutor = person(TUTOR, 'Ana', { advanceLimit: 2, advanceLength: 'DAYS' });
    const far = [['2026-10-20', '2026-10-20T14:00:00Z', '2026-10-20T14:30:00Z']] as Array<[string, string, string]>;
    const tight = { ...rules, sessionAdvanceDayLimit: 7 };
    expect(findConflicts(booking(far), tight, [tutor, person(TUTEE, 'Ben')]).map((c) => [c.type, c.userId]))
      .toEqual([['ADVANCE_LIMIT', null], ['ADVANCE_LIMIT', TUTOR]]);
    expect(findConflicts(booking(far, { bookedByAdmin: true }), tight, [tutor, person(TUTEE, 'Ben')])).toEqual([]);
  });

  it('answers what is left of a weekly limit before each occurrence that goes over it', () => {
    const weekly = { ...rules, sessionLimit: { type: 'WEEKLY' as const, minuteLimit: 90, resetDate: null } };
    const tutee = person(TUTEE, 'Ben', { sessions: [{ startAt: '2026-10-04T14:00:00Z', endAt: '2026-10-04T14:30:00Z', programId: PROGRAM }] });
    const occurrences: Array<[string, string, string]> = [
      ['2026-10-06', '2026-10-06T14:00:00Z', '2026-10-06T14:30:00Z'],
      ['2026-10-08', '2026-10-08T14:00:00Z', '2026-10-08T14:30:00Z'],
      ['2026-10-10', '2026-10-10T14:00:00Z', '2026-10-10T14:30:00Z'],
      ['2026-10-13', '2026-10-13T14:00:00Z', '2026-10-13T14:30:00Z'],
    ];
    const found = findConflicts(booking(occurrences), weekly, [person(TUTOR, 'Ana'), tutee]);
    expect(found.map((c) => [c.type, c.date, c.remainingMinutes, c.totalMinutes])).toEqual([['MINUTE_LIMIT', '2026-10-10', 0, 90]]);
    expect(translate(found[0].description, 'es')).toBe('Learner Ben superaría el límite semanal de 90 minutos de sesión: quedan 0 de 90 minutos.');
  });

  it('keeps apart sessions closer than the buffer without calling them overlaps', () => {
    const buffered = { ...rules, timeBuffer: { enabled: true, lengthMinutes: 15 } };
    const tutee = person(TUTEE, 'Ben', { sessions: [{ startAt: '2026-10-06T13:00:00Z', endAt: '2026-10-06T13:50:00Z', programId: PROGRAM }] });
    const found = findConflicts(booking([['2026-10-06', '2026-10-06T14:00:00Z', '2026-10-06T14:30:00Z']]), buffered, [person(TUTOR, 'Ana'), tutee]);
    expect(found.map((c) => [c.type, c.userId])).toEqual([['TIME_BUFFER', TUTEE]]);
    expect(translate(found[0].description, 'en')).toBe('Learner Ben has a session from 9:00 AM to 9:50 AM; sessions need 15 minutes between them.');
  });

  it('needs no facts for a booking without occurrences', () => {
    expect(factsRange(booking([]), rules)).toEqual({ from: '1970-01-01T00:00:00.000Z', to: '1970-01-01T00:00:00.000Z', resetFrom: null });
    expect(findConflicts(booking([]), rules, [])).toEqual([]);
  });

  it('reads the facts over whole weeks for a weekly limit, and from the reset date for a total one', () => {
    const one = booking([['2026-10-07', '2026-10-07T14:00:00Z', '2026-10-07T14:30:00Z']]);
    expect(factsRange(one, { ...rules, sessionLimit: { type: 'WEEKLY', minuteLimit: 60, resetDate: null } }))
      .toEqual({ from: '2026-10-04T04:00:00.000Z', to: '2026-10-11T04:00:00.000Z', resetFrom: null });
    expect(factsRange(one, { ...rules, sessionLimit: { type: 'TOTAL', minuteLimit: 60, resetDate: '2026-09-01' } }))
      .toEqual({ from: '2026-10-06T14:00:00.000Z', to: '2026-10-08T14:30:00.000Z', resetFrom: '2026-09-01T04:00:00.000Z' });
  });

  it('checks the interval on the wall clock and the length against the allowed durations', () => {
    const found = findConflicts(booking([['2026-10-06', '2026-10-06T14:10:00Z', '2026-10-06T14:55:00Z']]), rules, [person(TUTOR, 'Ana'), person(TUTEE, 'Ben')]);
    expect(found.map((c) => translate(c.description, 'en'))).toEqual([
      'Sessions must start at a multiple of 15 minutes past the hour.',
      'Sessions here last 30, 60 minutes; this one lasts 45.',
    ]);
  });
});
