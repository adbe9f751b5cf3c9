import { describe, expect, it } from 'vitest';
import type { Recurrence, Schedule } from './model';
import { expandSchedule, scheduleDates } from './recurrence';

function weekly(days: number[], extra: Partial<Recurrence> = {}): Recurrence {
  return { frequency: 'WEEKLY', interval: 1, recurringDays: days, weeks: null, endDate: null, ...extra };
}

function schedule(extra: Partial<Schedule>): Schedule {
  return { timeZoneId: 'America/New_York', startDate: '2026-03-02', startTime: '09:00', durationMinutes: 60, recurrence: null, ...extra };
}

describe('expandSchedule', () => {
  it('a one-off session is its start date at its wall time', () => {
    expect(expandSchedule(schedule({}))).toEqual([{ originalDate: '2026-03-02', startAt: '2026-03-02T14:00:00.000Z', endAt: '2026-03-02T15:00:00.000Z' }]);
  });

  it('keeps the wall time through the spring change: 09:00 EST, then 09:00 EDT', () => {
    const got = expandSchedule(schedule({ recurrence: weekly([1], { weeks: 2 }) }));
    expect(got.map((o) => o.startAt)).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z']);
  });

  it('moves a wall time in the spring gap forward by the gap (02:30 is 03:30 EDT)', () => {
    expect(expandSchedule(schedule({ startDate: '2026-03-08', startTime: '02:30' }))[0].startAt).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes the earlier instant of an ambiguous wall time (01:30 EDT, not EST)', () => {
    expect(expandSchedule(schedule({ startDate: '2026-11-01', startTime: '01:30' }))[0].startAt).toBe('2026-11-01T05:30:00.000Z');
  });

  it('Lord Howe: a 30-minute gap and a 30-minute ambiguous half hour', () => {
    const zone = { timeZoneId: 'Australia/Lord_Howe' };
    // 2026-10-04 02:00 -> 02:30 (+10:30 -> +11); 2026-04-05 02:00 -> 01:30 (+11 -> +10:30).
    expect(expandSchedule(schedule({ ...zone, startDate: '2026-10-04', startTime: '02:15' }))[0].startAt).toBe('2026-10-03T15:45:00.000Z');
    expect(expandSchedule(schedule({ ...zone, startDate: '2026-04-05', startTime: '01:45' }))[0].startAt).toBe('2026-04-04T14:45:00.000Z');
  });

  it('ends after `weeks` weeks or on `endDate`, whichever comes first', () => {
    expect(scheduleDates(schedule({ recurrence: weekly([1, 3], { weeks: 2 }) }))).toEqual(['2026-03-02', '2026-03-04', '2026-03-09', '2026-03-11']);
    expect(scheduleDates(schedule({ recurrence: weekly([1, 3], { weeks: 4, endDate: '2026-03-09' }) }))).toEqual(['2026-03-02', '2026-03-04', '2026-03-09']);
  });

  it('weekly every other week counts weeks from the start date\'s week, which starts on Sunday', () => {
    // 2026-03-07 is a Saturday: its week is 1-7 March, so the next week on the rule is 15-21 March.
    const dates = scheduleDates(schedule({ startDate: '2026-03-07', recurrence: weekly([0, 6], { interval: 2, endDate: '2026-03-22' }) }));
    expect(dates).toEqual(['2026-03-07', '2026-03-15', '2026-03-21']);
  });

  it('does not include the start date when its weekday is not one of the days', () => {
    expect(scheduleDates(schedule({ recurrence: weekly([2], { weeks: 1 }) }))).toEqual(['2026-03-03']);
  });

  it('monthly on the 31st falls on the last day of shorter months', () => {
    const monthly: Recurrence = { frequency: 'MONTHLY', interval: 1, recurringDays: [], weeks: null, endDate: '2026-05-31' };
    expect(scheduleDates(schedule({ startDate: '2026-01-31', recurrence: monthly }))).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('daily every 3 days', () => {
    const daily: Recurrence = { frequency: 'DAILY', interval: 3, recurringDays: [], weeks: 1, endDate: null };
    expect(scheduleDates(schedule({ recurrence: daily }))).toEqual(['2026-03-02', '2026-03-05', '2026-03-08']);
  });

  it('stops at MAX_SERIES_DAYS even for a longer end date', () => {
    const daily: Recurrence = { frequency: 'DAILY', interval: 1, recurringDays: [], weeks: null, endDate: '2030-01-01' };
    const dates = scheduleDates(schedule({ startDate: '2026-01-01', recurrence: daily }));
    expect(dates).toHaveLength(366);
    expect(dates.at(-1)).toBe('2027-01-01');
  });
});
