import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors';
import { renderEnglish } from '../shared/i18n';
import type { Schedule } from './model';
import { durationOf, scheduleErrors, validateSchedule } from './schedule';

const base: Schedule = { timeZoneId: 'Europe/Berlin', startDate: '2026-03-02', startTime: '09:00', durationMinutes: 60, recurrence: null };
const weekly = { frequency: 'WEEKLY' as const, interval: 1, recurringDays: [1], weeks: 4, endDate: null };

function refusal(schedule: Schedule): { message: string; fields: Record<string, string> } {
  try {
    validateSchedule(schedule);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { message: error.message, fields: Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, renderEnglish(v)])) };
  }
  throw new Error('accepted');
}

describe('validateSchedule', () => {
  it('accepts 15 minutes to 7 hours', () => {
    expect(scheduleErrors({ ...base, durationMinutes: 15 })).toEqual({});
    expect(scheduleErrors({ ...base, durationMinutes: 420 })).toEqual({});
  });

  it('refuses longer than 7 hours with the spec\'s two sentences', () => {
    expect(refusal({ ...base, durationMinutes: 421 })).toEqual({
      message: 'Please double check your selected start and end times. Sessions cannot be longer than 7 hours.',
      fields: { 'schedule.durationMinutes': 'Please double check your selected start and end times. Sessions cannot be longer than 7 hours.' },
    });
  });

  it('refuses shorter than 15 minutes', () => {
    expect(refusal({ ...base, durationMinutes: 14 }).message).toBe('Please double check your selected start and end times. Sessions cannot be shorter than 15 minutes.');
  });

  it('a weekly recurrence needs at least one day', () => {
    expect(refusal({ ...base, recurrence: { ...weekly, recurringDays: [] } }).message).toBe('Please select at least one day of the week for sessions to recur.');
  });

  it('refuses an unknown zone, an impossible date or time, and a series of more than a year', () => {
    expect(refusal({ ...base, timeZoneId: 'Mars/Olympus' }).fields).toEqual({ 'schedule.timeZoneId': 'Choose a valid time zone.' });
    expect(refusal({ ...base, startDate: '2026-02-30' }).fields).toEqual({ 'schedule.startDate': 'Enter a valid date (YYYY-MM-DD).' });
    expect(refusal({ ...base, startTime: '24:00' }).fields).toEqual({ 'schedule.startTime': 'Enter a valid time (HH:mm).' });
    expect(refusal({ ...base, recurrence: { ...weekly, weeks: 53 } }).fields).toEqual({ 'schedule.recurrence.weeks': 'Sessions can recur for 1 to 52 weeks.' });
    expect(refusal({ ...base, recurrence: { ...weekly, weeks: null, endDate: '2027-03-03' } }).fields).toEqual({ 'schedule.recurrence.endDate': 'Sessions can recur for at most one year.' });
  });

  it('a recurrence ends by weeks or an end date, and must give at least one session', () => {
    expect(refusal({ ...base, recurrence: { ...weekly, weeks: null } }).message).toBe('Choose a number of weeks or an end date for sessions to recur.');
    expect(refusal({ ...base, recurrence: { ...weekly, weeks: null, endDate: '2026-03-01' } }).message).toBe('The end date cannot be before the first session.');
    expect(refusal({ ...base, recurrence: { ...weekly, recurringDays: [3], weeks: null, endDate: '2026-03-03' } }).message).toBe('No session falls on the chosen days between these dates.');
  });

  it('several wrong fields answer "Please check the highlighted fields."', () => {
    expect(refusal({ ...base, durationMinutes: 5, startTime: '25:00' }).message).toBe('Please check the highlighted fields.');
  });
});

describe('durationOf', () => {
  it('counts minutes from start to end, over midnight when the end is not after the start', () => {
    expect(durationOf('16:00', '17:30')).toBe(90);
    expect(durationOf('23:30', '00:15')).toBe(45);
    expect(scheduleErrors({ ...base, durationMinutes: durationOf('10:00', '09:00') })).toEqual({ 'schedule.durationMinutes': expect.objectContaining({ key: 'session.tooLong' }) });
    expect(scheduleErrors({ ...base, durationMinutes: durationOf('10:00', '10:00') })).toEqual({ 'schedule.durationMinutes': expect.objectContaining({ key: 'session.tooLong' }) });
  });
});
