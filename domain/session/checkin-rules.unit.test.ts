import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderEnglish } from '../shared/i18n';
import { CHECK_IN_HOURS_AFTER_END, canRecordCheckIn, checkInWindowRefusal, type CheckInWindow } from './checkin-rules';

const ZONES = ['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Kiritimati'];
const MINUTE = 60_000;

/** The local date of an instant in a zone, without luxon (an independent expectation). */
function localDate(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}

function windowOf(startMs: number, minutes: number, zone: string, minutesPrior: number, onlyToday: boolean): CheckInWindow {
  return {
    startAt: new Date(startMs).toISOString(), endAt: new Date(startMs + minutes * MINUTE).toISOString(),
    date: localDate(startMs, zone), timeZoneId: zone, minutesPrior, onlyToday,
  };
}

describe('check-in window', () => {
  const w = windowOf(Date.parse('2026-11-23T21:00:00Z'), 60, 'America/New_York', 10, true);
  const at = (iso: string, action: 'in' | 'out' = 'in') => checkInWindowRefusal(w, iso, action);

  it('opens sessionJoinMinutesPrior before the start and closes six hours after the end', () => {
    expect(at('2026-11-23T20:49:59Z')?.code).toBe('TOO_EARLY');
    expect(renderEnglish(at('2026-11-23T20:49:59Z')!.message)).toBe('You can check in from 10 minutes before the session starts.');
    expect(at('2026-11-23T20:50:00Z')).toBeNull();
    expect(at('2026-11-24T04:00:00Z', 'out')).toBeNull();
    expect(at('2026-11-24T04:00:01Z', 'out')?.code).toBe('TOO_LATE');
  });

  it('with onlyJoinSessionsToday, checks in only on the session\'s own local day; checking out may cross midnight', () => {
    expect(at('2026-11-24T04:00:00Z')).toBeNull(); // 23:00 in New York, still 23 Nov there
    const late = windowOf(Date.parse('2026-11-24T04:00:00Z'), 60, 'America/New_York', 10, true); // 23:00-00:00 New York
    expect(checkInWindowRefusal(late, '2026-11-24T05:10:00Z', 'in')?.code).toBe('NOT_TODAY');
    expect(checkInWindowRefusal(late, '2026-11-24T05:10:00Z', 'out')).toBeNull();
  });

  it('agrees with a direct reading of the rule in many zones, across clock changes', () => {
    const start = fc.integer({ min: Date.parse('2026-01-01T00:00:00Z') / MINUTE, max: Date.parse('2027-12-31T00:00:00Z') / MINUTE }).map((m) => m * MINUTE);
    fc.assert(fc.property(
      start, fc.integer({ min: 15, max: 420 }), fc.constantFrom(...ZONES), fc.integer({ min: 0, max: 120 }), fc.boolean(),
      fc.integer({ min: -200, max: 900 }), fc.constantFrom<'in' | 'out'>('in', 'out'),
      (startMs, minutes, zone, prior, onlyToday, offset, action) => {
        const t = startMs + offset * MINUTE;
        const refusal = checkInWindowRefusal(windowOf(startMs, minutes, zone, prior, onlyToday), new Date(t).toISOString(), action);
        const early = t < startMs - prior * MINUTE;
        const late = t > startMs + minutes * MINUTE + CHECK_IN_HOURS_AFTER_END * 60 * MINUTE;
        const otherDay = action === 'in' && onlyToday && localDate(t, zone) !== localDate(startMs, zone);
        expect(refusal?.code ?? null).toBe(early ? 'TOO_EARLY' : late ? 'TOO_LATE' : otherDay ? 'NOT_TODAY' : null);
      },
    ), { numRuns: 2000 });
  });
});

describe('who may record a check-in', () => {
  const viewerId = 'u1';
  it('a leader for themselves at the server\'s time; admins for anyone and at a corrected time', () => {
    expect(canRecordCheckIn({ viewerId, isAdmin: false }, 'u1', false, true)).toEqual({ allowed: true });
    expect(canRecordCheckIn({ viewerId, isAdmin: false }, 'u1', false, false)).toMatchObject({ allowed: false });
    expect(canRecordCheckIn({ viewerId, isAdmin: false }, 'u2', false, true)).toMatchObject({ allowed: false });
    expect(canRecordCheckIn({ viewerId, isAdmin: false }, 'u1', true, true)).toMatchObject({ allowed: false });
    expect(canRecordCheckIn({ viewerId, isAdmin: true }, 'u2', true, false)).toEqual({ allowed: true });
  });
});
