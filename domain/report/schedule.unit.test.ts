/**
 * When a scheduled report fires, across zones and daylight-saving changes. The property test
 * checks nextFireAfter and latestFireAtOrBefore against an independent expectation: local dates
 * and hours read with Intl (not luxon), and each date's fire found by walking UTC in 15-minute
 * steps (every zone's offsets and changes fall on quarter hours) to the first instant of that
 * local date at or after the hour.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReportSchedule } from './model';
import { dueFire, latestFireAtOrBefore, nextFireAfter, periodBefore, type FireWindow } from './schedule';

const ZONES = ['UTC', 'America/New_York', 'America/Los_Angeles', 'America/Santiago', 'America/St_Johns', 'America/Sao_Paulo', 'Europe/London',
  'Europe/Madrid', 'Australia/Lord_Howe', 'Australia/Sydney', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Auckland', 'Pacific/Chatham'];
const QUARTER = 15 * 60_000;
const HOUR = 3_600_000;

const parts = new Map<string, Intl.DateTimeFormat>();
function local(t: number, zone: string): { date: string; hour: number } {
  let f = parts.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    parts.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour) };
}

function matches(s: ReportSchedule, y: number, m: number, d: number): boolean {
  if (s.frequency === 'DAILY') return true;
  if (s.frequency === 'WEEKLY') return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1 === s.dayOfWeek;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d === Math.min(s.dayOfMonth ?? 1, days);
}

/** The expected fire on one local date, by walking UTC: null when the date does not fire. */
function expectedOn(w: FireWindow, midnightUtc: number): number | null {
  const day = new Date(midnightUtc);
  const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
  const iso = day.toISOString().slice(0, 10);
  if (!matches(w.schedule, y, m, d) || (w.startDay && iso < w.startDay) || (w.endDay && iso > w.endDay)) return null;
  for (let t = midnightUtc - 15 * HOUR; t < midnightUtc + 40 * HOUR; t += QUARTER) {
    const l = local(t, w.schedule.timeZoneId);
    if (l.date === iso && l.hour >= w.schedule.hour) return t;
  }
  return null;
}

function expectedFires(w: FireWindow, around: number, days: number): number[] {
  const start = Date.parse(`${local(around, w.schedule.timeZoneId).date}T00:00:00Z`);
  const fires: number[] = [];
  for (let i = -days; i <= days; i++) {
    const fire = expectedOn(w, start + i * 24 * HOUR);
    if (fire !== null) fires.push(fire);
  }
  return fires;
}

/** Instants (to the quarter hour) at which a zone's offset changes, 2025-2027, found by walking UTC with Intl. */
function clockChanges(): Array<[string, number]> {
  const offset = (t: number, zone: string) => {
    const l = local(t, zone);
    return Date.parse(`${l.date}T${String(l.hour).padStart(2, '0')}:00:00Z`) - Math.floor(t / HOUR) * HOUR;
  };
  const changes: Array<[string, number]> = [];
  for (const zone of ZONES) {
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += 6 * HOUR) {
      if (offset(t, zone) === offset(t + 6 * HOUR, zone)) continue;
      let at = t;
      while (offset(at, zone) === offset(t, zone)) at += QUARTER;
      changes.push([zone, at]);
    }
  }
  return changes;
}

const scheduleArb: fc.Arbitrary<ReportSchedule> = fc.record({
  frequency: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY'),
  day: fc.integer({ min: 1, max: 31 }),
  hour: fc.integer({ min: 0, max: 23 }),
  timeZoneId: fc.constantFrom(...ZONES),
}).map(({ frequency, day, hour, timeZoneId }) => ({
  frequency, hour, timeZoneId,
  dayOfWeek: frequency === 'WEEKLY' ? ((day - 1) % 7) + 1 : null,
  dayOfMonth: frequency === 'MONTHLY' ? day : null,
}));
const instantArb = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) });
const dayArb = fc.option(fc.integer({ min: -40, max: 40 }), { nil: null });

describe('report fire times', () => {
  it('match an independent walk over UTC for any zone, frequency, hour, bounds and instant', () => {
    fc.assert(fc.property(scheduleArb, instantArb, dayArb, dayArb, (schedule, at, startOffset, endOffset) => {
      const dayOf = (offset: number | null) => (offset === null ? null : new Date(at + offset * 24 * HOUR).toISOString().slice(0, 10));
      const startDay = dayOf(startOffset);
      const endDay = dayOf(endOffset);
      fc.pre(startDay === null || endDay === null || startDay <= endDay);
      const w: FireWindow = { schedule, startDay, endDay };
      const fires = expectedFires(w, at, 70);
      const next = fires.find((f) => f > at) ?? null;
      const latest = [...fires].reverse().find((f) => f <= at) ?? null;
      const searchedFar = (f: number | null) => f === null || Math.abs(f - at) < 60 * 24 * HOUR;
      if (searchedFar(next)) expect(nextFireAfter(w, new Date(at))?.getTime() ?? null).toBe(next);
      if (searchedFar(latest)) expect(latestFireAtOrBefore(w, new Date(at))?.getTime() ?? null).toBe(latest);
    }), { numRuns: 300 });
  });

  it('match the walk on the days the clocks change, at the hours that change', () => {
    const changes = clockChanges();
    fc.assert(fc.property(fc.constantFrom(...changes), fc.integer({ min: 0, max: 48 * 4 }), fc.constantFrom(0, 1, 2, 3, 22, 23),
      ([zone, change], quarters, hour) => {
        const w: FireWindow = { schedule: { frequency: 'DAILY', dayOfWeek: null, dayOfMonth: null, hour, timeZoneId: zone }, startDay: null, endDay: null };
        const at = change - quarters * QUARTER;
        const fires = expectedFires(w, at, 3);
        expect(nextFireAfter(w, new Date(at))?.getTime()).toBe(fires.find((f) => f > at));
        expect(latestFireAtOrBefore(w, new Date(at))?.getTime()).toBe([...fires].reverse().find((f) => f <= at));
      }), { numRuns: 300 });
  });

  const weekly: FireWindow = { schedule: { frequency: 'WEEKLY', dayOfWeek: 1, dayOfMonth: null, hour: 8, timeZoneId: 'America/New_York' }, startDay: null, endDay: null };

  it('keep a weekly report at 08:00 New York time on both sides of the November change', () => {
    const first = nextFireAfter(weekly, new Date('2026-10-20T00:00:00Z'))!;
    const second = nextFireAfter(weekly, first)!;
    expect(first.toISOString()).toBe('2026-10-26T12:00:00.000Z');
    expect(second.toISOString()).toBe('2026-11-02T13:00:00.000Z');
  });

  it('fire at the jump when the hour does not exist, and the first time when it happens twice', () => {
    const at = (hour: number): FireWindow => ({ schedule: { frequency: 'DAILY', dayOfWeek: null, dayOfMonth: null, hour, timeZoneId: 'America/New_York' }, startDay: null, endDay: null });
    expect(nextFireAfter(at(2), new Date('2026-03-08T00:00:00Z'))!.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(nextFireAfter(at(1), new Date('2026-11-01T00:00:00Z'))!.toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('send a monthly report for day 31 on the last day of shorter months, and nothing after endDay', () => {
    const monthly: FireWindow = { schedule: { frequency: 'MONTHLY', dayOfWeek: null, dayOfMonth: 31, hour: 9, timeZoneId: 'UTC' }, startDay: null, endDay: '2027-03-01' };
    expect(nextFireAfter(monthly, new Date('2027-02-01T00:00:00Z'))!.toISOString()).toBe('2027-02-28T09:00:00.000Z');
    expect(nextFireAfter(monthly, new Date('2027-02-28T09:00:00Z'))).toBeNull();
  });

  it('report on the whole local days of the week before the fire, across the change', () => {
    const period = periodBefore(weekly.schedule, new Date('2026-11-02T13:00:00Z'));
    expect(period.start.toISOString()).toBe('2026-10-26T04:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('is due once per fire, not for a fire before the schedule took its form, and only the latest after an outage', () => {
    const created = new Date('2026-10-26T12:30:00Z');
    expect(dueFire(weekly, new Date('2026-10-26T12:45:00Z'), null, created)).toBeNull();
    const fire = dueFire(weekly, new Date('2026-11-02T13:00:30Z'), null, created);
    expect(fire?.toISOString()).toBe('2026-11-02T13:00:00.000Z');
    expect(dueFire(weekly, new Date('2026-11-02T13:15:00Z'), fire, created)).toBeNull();
    expect(dueFire(weekly, new Date('2026-11-20T00:00:00Z'), fire, created)?.toISOString()).toBe('2026-11-16T13:00:00.000Z');
  });
});
