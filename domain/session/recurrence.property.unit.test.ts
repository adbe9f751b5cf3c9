/**
 * Recurrence expansion against an expectation computed without luxon (wallclock.testing.ts):
 * dates by plain day arithmetic on Date.UTC, instants by searching the instants whose wall time in
 * the zone matches. Start dates sit around each zone's clock changes, and start times around the
 * small hours when clocks change, so both the gap and the ambiguous hour are crossed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_OCCURRENCES, MAX_SERIES_DAYS, type Recurrence, type Schedule } from './model';
import { expandSchedule } from './recurrence';
import { DAY, expectedInstant, transitionDays, type Resolution } from './wallclock.testing';

const ZONES = [
  'America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles',
  'America/Anchorage', 'Pacific/Honolulu', 'America/Indiana/Indianapolis', 'America/Boise', 'America/Puerto_Rico',
  'Europe/London', 'Europe/Berlin', 'Australia/Sydney', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe',
];
const YEARS = [2025, 2026, 2027];

/** Days around each clock change; zones without one get days spread over the year. */
const anchorDays = new Map(ZONES.map((zone) => {
  const changes = YEARS.flatMap((year) => transitionDays(zone, year));
  return [zone, changes.length > 0 ? changes : YEARS.flatMap((y) => [Date.UTC(y, 2, 10), Date.UTC(y, 10, 3)])];
}));

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The dates the rule should give, by brute force over every day of the longest series. */
function expectedDates(schedule: Schedule): string[] {
  const r = schedule.recurrence;
  if (r === null) return [schedule.startDate];
  const start = Date.parse(`${schedule.startDate}T00:00:00Z`);
  const s = new Date(start);
  const dates: string[] = [];
  for (let i = 0; i < MAX_SERIES_DAYS && dates.length < MAX_OCCURRENCES; i += 1) {
    const day = new Date(start + i * DAY);
    if (r.weeks !== null && i >= 7 * r.weeks) break;
    if (r.endDate !== null && iso(day.getTime()) > r.endDate) break;
    if (onRule(r, s, day, i)) dates.push(iso(day.getTime()));
  }
  return dates;
}

function onRule(r: Recurrence, start: Date, day: Date, i: number): boolean {
  if (r.frequency === 'DAILY') return i % r.interval === 0;
  if (r.frequency === 'WEEKLY') {
    const week = Math.floor((i + start.getUTCDay()) / 7);
    return week % r.interval === 0 && r.recurringDays.includes(day.getUTCDay());
  }
  const months = (day.getUTCFullYear() - start.getUTCFullYear()) * 12 + day.getUTCMonth() - start.getUTCMonth();
  const wanted = Math.min(start.getUTCDate(), daysInMonth(day.getUTCFullYear(), day.getUTCMonth()));
  return months % r.interval === 0 && day.getUTCDate() === wanted;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const time = fc.oneof(
  { arbitrary: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0, 15, 30, 45)), weight: 3 },
  { arbitrary: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })), weight: 1 },
).map(([h, m]) => `${pad(h)}:${pad(m)}`);


const schedule: fc.Arbitrary<Schedule> = fc.constantFrom(...ZONES).chain((timeZoneId) => fc.record({
  timeZoneId: fc.constant(timeZoneId),
  anchor: fc.constantFrom(...(anchorDays.get(timeZoneId) ?? [])),
  before: fc.integer({ min: 0, max: 21 }),
  startTime: time,
  durationMinutes: fc.integer({ min: 15, max: 420 }),
  recurrence: fc.option(fc.record({
    frequency: fc.constantFrom('DAILY' as const, 'WEEKLY' as const, 'MONTHLY' as const),
    interval: fc.integer({ min: 1, max: 3 }),
    recurringDays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    weeks: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
    endDays: fc.integer({ min: 0, max: 45 }),
  }), { nil: null, freq: 5 }),
})).map(({ timeZoneId, anchor, before, startTime, durationMinutes, recurrence: r }) => {
  const start = anchor - before * DAY;
  return {
    timeZoneId, startDate: iso(start), startTime, durationMinutes,
    recurrence: r === null ? null : {
      frequency: r.frequency, interval: r.interval, recurringDays: r.recurringDays, weeks: r.weeks,
      endDate: r.weeks === null || r.endDays % 2 === 0 ? iso(start + r.endDays * DAY) : null,
    },
  };
});

describe('expandSchedule (property)', () => {
  it('gives the expected local dates and, on each, the expected instant of the wall time', () => {
    const seen: Record<Resolution, number> = { exact: 0, ambiguous: 0, gap: 0 };
    fc.assert(fc.property(schedule, (s) => {
      const got = expandSchedule(s);
      expect(got.map((o) => o.originalDate)).toEqual(expectedDates(s));
      for (const o of got) {
        const { instant, resolution } = expectedInstant(o.originalDate, s.startTime, s.timeZoneId);
        seen[resolution] += 1;
        expect(o.startAt).toBe(new Date(instant).toISOString());
        expect(Date.parse(o.endAt) - Date.parse(o.startAt)).toBe(s.durationMinutes * 60_000);
      }
    }), { numRuns: 400 });
    // The runs crossed both kinds of clock change, not only ordinary days.
    expect(seen.gap).toBeGreaterThan(0);
    expect(seen.ambiguous).toBeGreaterThan(0);
  });

  it('every zone of the list changes its clocks as expected (or never), so the anchors are real', () => {
    const changing = ZONES.filter((z) => transitionDays(z, 2026).length > 0);
    expect(changing.sort()).toEqual(ZONES.filter((z) => !['America/Phoenix', 'Pacific/Honolulu', 'America/Puerto_Rico', 'Asia/Kolkata'].includes(z)).sort());
    for (const z of changing) expect(transitionDays(z, 2026)).toHaveLength(2);
  });
});

describe('expandSchedule around every clock change of every zone', () => {
  const times = Array.from({ length: 16 }, (_, i) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`);
  it.each(ZONES)('%s: a daily series from three days before each change, at every quarter hour of the small hours', (timeZoneId) => {
    for (const anchor of anchorDays.get(timeZoneId) ?? []) {
      for (const startTime of times) {
        const s: Schedule = {
          timeZoneId, startDate: iso(anchor - 3 * DAY), startTime, durationMinutes: 60,
          recurrence: { frequency: 'DAILY', interval: 1, recurringDays: [], weeks: 1, endDate: null },
        };
        const got = expandSchedule(s);
        expect(got.map((o) => o.originalDate)).toEqual(expectedDates(s));
        for (const o of got) expect(o.startAt).toBe(new Date(expectedInstant(o.originalDate, startTime, timeZoneId).instant).toISOString());
      }
    }
  });
});
