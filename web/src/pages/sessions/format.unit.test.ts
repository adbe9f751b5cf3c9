import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatWhen, groupByMonth, rangesText, startsWithinDay, viewerZone } from './format';

describe('session times for the reader', () => {
  it('shows an instant in the viewer\'s zone, the same wall time on both sides of a clock change', () => {
    const before = formatWhen({ startAt: '2026-03-03T21:00:00Z', endAt: '2026-03-03T22:00:00Z' }, 'America/New_York', 'en');
    const after = formatWhen({ startAt: '2026-03-10T20:00:00Z', endAt: '2026-03-10T21:00:00Z' }, 'America/New_York', 'en');
    expect(before).toEqual({ date: 'Tuesday, March 3, 2026', start: '4:00 PM', end: '5:00 PM' });
    expect([after.start, after.end]).toEqual(['4:00 PM', '5:00 PM']);
    expect(formatWhen({ startAt: '2026-03-03T21:00:00Z', endAt: '2026-03-03T22:00:00Z' }, 'Europe/Madrid', 'es').date).toBe('martes, 3 de marzo de 2026');
  });

  it('groups completed sessions by the month they started in the viewer\'s zone', () => {
    const spans = ['2026-04-01T02:00:00Z', '2026-03-20T15:00:00Z', '2026-02-28T15:00:00Z'].map((startAt) => ({ startAt, endAt: startAt }));
    const groups = groupByMonth(spans, 'America/Los_Angeles', 'en');
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([['March 2026', 2], ['February 2026', 1]]);
  });

  it('knows when a cancel must ask for a reason', () => {
    const now = DateTime.fromISO('2026-03-03T12:00:00Z');
    expect(startsWithinDay('2026-03-04T11:59:00Z', now)).toBe(true);
    expect(startsWithinDay('2026-03-04T12:01:00Z', now)).toBe(false);
  });

  it('falls back to the browser\'s zone for a missing or unknown one', () => {
    expect(viewerZone('America/Chicago')).toBe('America/Chicago');
    expect(viewerZone('Mars/Olympus')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(rangesText([{ startTime: '16:00', endTime: '17:30' }], 'en')).toBe('4:00 PM – 5:30 PM');
  });
});
