import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatAuditDate, formatAuditTime, utcOffset, viewerZone } from './time';

describe('audit times', () => {
  it('read to the second with the zone, in the viewer\'s zone and language', () => {
    expect(formatAuditTime('2026-11-23T19:05:09.000Z', 'en', 'America/New_York')).toBe('23 Nov 2026, 14:05:09 UTC-5');
    expect(formatAuditTime('2026-11-23T19:05:09.000Z', 'es', 'America/New_York')).toBe('23 nov 2026, 14:05:09 UTC-5');
    expect(formatAuditTime('2026-07-01T12:00:00.000Z', 'en', 'America/New_York')).toBe('1 Jul 2026, 08:00:00 UTC-4');
    expect(formatAuditTime('2026-07-01T12:00:00.000Z', 'en', 'Asia/Kolkata')).toBe('1 Jul 2026, 17:30:00 UTC+5:30');
    expect(formatAuditTime('2026-01-01T00:00:00.000Z', 'en', 'UTC')).toBe('1 Jan 2026, 00:00:00 UTC');
    expect(formatAuditTime('2026-09-01T00:00:00.000Z', 'es', 'UTC')).toBe('1 sept 2026, 00:00:00 UTC');
  });

  it('write offsets as UTC±h[:mm]', () => {
    expect([utcOffset(0), utcOffset(-300), utcOffset(330), utcOffset(-570), utcOffset(840)]).toEqual(['UTC', 'UTC-5', 'UTC+5:30', 'UTC-9:30', 'UTC+14']);
  });

  it('write a calendar day without a zone, in the reader\'s language', () => {
    expect(formatAuditDate('2026-12-01', 'en')).toBe('1 Dec 2026');
    expect(formatAuditDate('2026-12-01', 'es')).toBe('1 dic 2026');
  });

  it('name the zone in the CSV as the times do: every name of UTC is "UTC"', () => {
    for (const zone of ['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT']) {
      expect(viewerZone(zone), zone).toBe('UTC');
      expect(formatAuditTime('2026-01-01T00:00:00.000Z', 'en', zone)).toMatch(/ UTC$/);
    }
    expect(viewerZone('America/New_York')).toBe('America/New_York');
  });

  it('name the instant they show: the text parses back to the same second in any zone', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/Madrid', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];
    fc.assert(fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }), fc.constantFrom(...zones), (ms, zone) => {
      const second = Math.floor(ms / 1000) * 1000;
      const text = formatAuditTime(new Date(second).toISOString(), 'en', zone);
      const m = /^(\d+) (\w+) (\d{4}), (\d{2}):(\d{2}):(\d{2}) UTC(?:([+-])(\d+)(?::(\d{2}))?)?$/.exec(text);
      expect(m, text).not.toBeNull();
      const [, d, mon, y, hh, mm, ss, sign, oh, om] = m!;
      const offset = (sign === '-' ? -1 : 1) * (Number(oh ?? 0) * 60 + Number(om ?? 0));
      const local = DateTime.fromFormat(`${d} ${mon} ${y} ${hh}:${mm}:${ss}`, 'd LLL yyyy HH:mm:ss', { zone: 'UTC', locale: 'en' });
      expect(local.toMillis() - offset * 60_000).toBe(second);
    }));
  });
});
