import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { calendarDate, today } from './demoDate';

describe('the demo start date', () => {
  it("is today's date where the reader is, not in UTC", () => {
    // 23:30 on 31 December in Los Angeles is already 1 January in UTC.
    const lateEvening = DateTime.fromISO('2026-12-31T23:30', { zone: 'America/Los_Angeles' });
    expect(today(lateEvening)).toBe('2026-12-31');
    expect(today(DateTime.fromISO('2026-03-08T02:30', { zone: 'America/New_York' }))).toBe('2026-03-08');
  });

  it('accepts real calendar dates only', () => {
    expect(calendarDate('2026-12-01')).toBe('2026-12-01');
    expect(calendarDate(' 2028-02-29 ')).toBe('2028-02-29');
    for (const bad of ['2026-02-30', '2026-13-01', '', '01/12/2026', '2026-1-1']) expect(calendarDate(bad)).toBeNull();
  });
});
