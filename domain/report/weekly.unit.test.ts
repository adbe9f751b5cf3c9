import { describe, expect, it } from 'vitest';
import { childSessionStatus, dueWeeklyFire, guardianZone, parentReportWeek } from './weekly';

describe('the weekly parent report\'s time', () => {
  it('is Saturday 09:00 in the guardian\'s zone, the same local hour across the March change', () => {
    expect(dueWeeklyFire('America/New_York', new Date('2027-03-13T13:59:00Z'))).toBeNull();
    expect(dueWeeklyFire('America/New_York', new Date('2027-03-13T14:00:00Z'))?.toISOString()).toBe('2027-03-13T14:00:00.000Z');
    expect(dueWeeklyFire('America/New_York', new Date('2027-03-20T13:00:00Z'))?.toISOString()).toBe('2027-03-20T13:00:00.000Z');
    expect(dueWeeklyFire('Asia/Kathmandu', new Date('2027-03-13T03:15:00Z'))?.toISOString()).toBe('2027-03-13T03:15:00.000Z');
  });

  it('is not due before the first Saturday of a week nor more than a day after it (an outage skips that week)', () => {
    expect(dueWeeklyFire('America/New_York', new Date('2027-03-14T14:00:00Z'))?.toISOString()).toBe('2027-03-13T14:00:00.000Z');
    expect(dueWeeklyFire('America/New_York', new Date('2027-03-14T14:01:00Z'))).toBeNull();
    expect(dueWeeklyFire('America/New_York', new Date('2027-03-17T12:00:00Z'))).toBeNull();
  });

  it('covers the ISO week of the Saturday, and next week as upcoming, in the guardian\'s zone', () => {
    const week = parentReportWeek(new Date('2027-03-13T14:00:00Z'), 'America/New_York');
    expect(week).toMatchObject({ isoWeek: '2027-W10', firstDay: '2027-03-08', lastDay: '2027-03-14' });
    expect(week.weekStart.toISOString()).toBe('2027-03-08T05:00:00.000Z');
    // Two weeks on, after the change: midnight EDT.
    expect(week.upcomingEnd.toISOString()).toBe('2027-03-22T04:00:00.000Z');
    // New Year: the ISO week of Saturday 1 January 2028 is 2027's last.
    expect(parentReportWeek(new Date('2028-01-01T14:00:00Z'), 'America/New_York').isoWeek).toBe('2027-W52');
  });

  it('reads an unknown or missing zone as the platform default', () => {
    expect(guardianZone(null)).toBe('America/New_York');
    expect(guardianZone('Mars/Olympus')).toBe('America/New_York');
    expect(guardianZone('Europe/Madrid')).toBe('Europe/Madrid');
  });
});

describe('a child\'s session in the report', () => {
  const fire = new Date('2027-03-13T14:00:00Z');
  const at = (start: string, extra: { cancelled?: boolean; joined?: boolean } = {}) =>
    ({ startAt: new Date(start), endAt: new Date(new Date(start).getTime() + 3_600_000), cancelled: false, joined: false, ...extra });
  it('is attended, missed, cancelled or upcoming as of the send', () => {
    expect(childSessionStatus(at('2027-03-08T20:30:00Z', { joined: true }), fire)).toBe('ATTENDED');
    expect(childSessionStatus(at('2027-03-10T20:30:00Z'), fire)).toBe('MISSED');
    expect(childSessionStatus(at('2027-03-10T20:30:00Z', { cancelled: true, joined: true }), fire)).toBe('CANCELLED');
    expect(childSessionStatus(at('2027-03-16T20:30:00Z', { cancelled: true }), fire)).toBe('CANCELLED');
    // Under way at the send: not judged yet.
    expect(childSessionStatus(at('2027-03-13T13:30:00Z', { joined: true }), fire)).toBe('UPCOMING');
    expect(childSessionStatus(at('2027-03-16T20:30:00Z'), fire)).toBe('UPCOMING');
  });
});
