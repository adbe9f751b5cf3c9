import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatAuditTime, gmtOffset } from './time';

describe('audit times', () => {
  it('read to the second with the zone, in the viewer\'s zone and language', () => {
    expect(formatAuditTime('2026-11-23T19:05:09.000Z', 'en', 'America/New_York')).toBe('23 Nov 2026, 14:05:09 GMT-5');
    expect(formatAuditTime('2026-11-23T19:05:09.000Z', 'es', 'America/New_York')).toBe('23 nov 2026, 14:05:09 GMT-5');
    expect(formatAuditTime('2026-07-01T12:00:00.000Z', 'en', 'America/New_York')).toBe('1 Jul 2026, 08:00:00 GMT-4');
    expect(formatAuditTime('2026-07-01T12:00:00.000Z', 'en', 'Asia/Kolkata')).toBe('1 Jul 2026, 17:30:00 GMT+5:30');
    expect(formatAuditTime('2026-01-01T00:00:00.000Z', 'en', 'UTC')).toBe('1 Jan 2026, 00:00:00 GMT');
  });

  it('write offsets as GMT±h[:mm]', () => {
    expect([gmtOffset(0), gmtOffset(-300), gmtOffset(330), gmtOffset(-570), gmtOffset(840)]).toEqual(['GMT', 'GMT-5', 'GMT+5:30', 'GMT-9:30', 'GMT+14']);
  });

  it('name the instant they show: the text parses back to the same second in any zone', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/Madrid', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];
    fc.assert(fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 0, 1) }), fc.constantFrom(...zones), (ms, zone) => {
      const second = Math.floor(ms / 1000) * 1000;
      const text = formatAuditTime(new Date(second).toISOString(), 'en', zone);
      const m = /^(\d+) (\w+) (\d{4}), (\d{2}):(\d{2}):(\d{2}) GMT(?:([+-])(\d+)(?::(\d{2}))?)?$/.exec(text);
      expect(m, text).not.toBeNull();
      const [, d, mon, y, hh, mm, ss, sign, oh, om] = m!;
      const offset = (sign === '-' ? -1 : 1) * (Number(oh ?? 0) * 60 + Number(om ?? 0));
      const local = DateTime.fromFormat(`${d} ${mon} ${y} ${hh}:${mm}:${ss}`, 'd LLL yyyy HH:mm:ss', { zone: 'UTC', locale: 'en' });
      expect(local.toMillis() - offset * 60_000).toBe(second);
    }));
  });
});
