import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completionStatus, RECENT_MS, sessionStatus } from './status';

const start = new Date('2026-11-24T15:00:00Z');
const end = new Date('2026-11-24T16:00:00Z');
const at = (ms: number) => new Date(end.getTime() + ms);
const row = { cancelled: false, pending: false, startAt: start, endAt: end };
const MIN = 60_000;

describe('sessionStatus', () => {
  it('follows the clock: UPCOMING until the end, RECENTLY_COMPLETED for 24 hours, then COMPLETED', () => {
    expect(sessionStatus(row, at(-1))).toBe('UPCOMING');
    expect(sessionStatus(row, at(0))).toBe('RECENTLY_COMPLETED');
    expect(sessionStatus(row, at(RECENT_MS - 1))).toBe('RECENTLY_COMPLETED');
    expect(sessionStatus(row, at(RECENT_MS))).toBe('COMPLETED');
  });

  it('keeps CANCELLED whatever the time, and PENDING until the end', () => {
    fc.assert(fc.property(fc.integer({ min: -10 * RECENT_MS, max: 10 * RECENT_MS }), (ms) => {
      expect(sessionStatus({ ...row, cancelled: true, pending: true }, at(ms))).toBe('CANCELLED');
      expect(sessionStatus({ ...row, pending: true }, at(ms))).toBe(ms < 0 ? 'PENDING' : sessionStatus(row, at(ms)));
    }));
  });
});

describe('completionStatus', () => {
  const joined = (isLeader: boolean, minutesAfterStart: number | null) =>
    ({ isLeader, joinedTime: minutesAfterStart === null ? null : new Date(start.getTime() + minutesAfterStart * MIN) });

  it('is unknown before the end and for cancelled sessions', () => {
    expect(completionStatus(row, [joined(true, 0), joined(false, 0)], 10, at(-1))).toBeNull();
    expect(completionStatus({ ...row, cancelled: true }, [joined(true, 0)], 10, at(1))).toBeNull();
  });

  it('tells who showed up within the grace minutes', () => {
    expect(completionStatus(row, [joined(true, -5), joined(false, 10)], 10, at(1))).toBe('HELD');
    expect(completionStatus(row, [joined(true, 0), joined(false, 11)], 10, at(1))).toBe('TUTEE_NO_SHOW');
    expect(completionStatus(row, [joined(true, null), joined(false, 2)], 10, at(1))).toBe('TUTOR_NO_SHOW');
    expect(completionStatus(row, [joined(true, 30), joined(false, null)], 10, at(1))).toBe('NO_SHOW');
    expect(completionStatus(row, [], 10, at(1))).toBe('NO_SHOW');
  });

  it('counts a tutor\'s check-in as showing up, whichever of join and check-in came first (decision 0066)', () => {
    const checkedIn = (minutes: number, joinedAfter: number | null) => ({ ...joined(true, joinedAfter), checkedInTime: new Date(start.getTime() + minutes * MIN) });
    expect(completionStatus(row, [checkedIn(-2, null), joined(false, 0)], 10, at(1))).toBe('HELD');
    expect(completionStatus(row, [checkedIn(5, 30), joined(false, 0)], 10, at(1))).toBe('HELD');
    expect(completionStatus(row, [checkedIn(20, null), joined(false, 0)], 10, at(1))).toBe('TUTOR_NO_SHOW');
  });
});
