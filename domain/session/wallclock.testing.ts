/**
 * An expectation of recurrence expansion computed without luxon (Intl.DateTimeFormat only), for
 * the property tests of recurrence.ts: every instant whose local wall time in the zone equals the
 * wanted one is found by search; the earliest is taken; none found means a gap, and the answer is
 * the wanted wall time read with the offset in force before the gap.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall time an instant shows in a zone, as if that wall time were UTC (epoch ms, whole minutes). */
export function wallOf(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
}

/** The zone's UTC offset at an instant, in minutes. */
export function offsetAt(instant: number, zone: string): number {
  return (wallOf(instant, zone) - Math.floor(instant / MINUTE) * MINUTE) / MINUTE;
}

export function localMs(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return Date.UTC(y, m - 1, d, h, min);
}

export type Resolution = 'exact' | 'ambiguous' | 'gap';

/** The expected instant of a wall time and how it was resolved. */
export function expectedInstant(date: string, time: string, zone: string): { instant: number; resolution: Resolution } {
  const wall = localMs(date, time);
  const matches: number[] = [];
  // Every offset in use on Earth is a multiple of 15 minutes between -12:00 and +14:00.
  for (let offset = -12 * 60; offset <= 14 * 60; offset += 15) {
    const instant = wall - offset * MINUTE;
    if (wallOf(instant, zone) === wall) matches.push(instant);
  }
  if (matches.length > 0) return { instant: Math.min(...matches), resolution: matches.length > 1 ? 'ambiguous' : 'exact' };
  // 15 hours earlier is before the gap on the wall clock whatever the offset.
  const before = offsetAt(wall - 15 * HOUR, zone);
  const instant = wall - before * MINUTE;
  const shownAs = wallOf(instant, zone);
  if (!(shownAs > wall && shownAs - wall <= 2 * HOUR)) throw new Error(`no sensible gap answer for ${date} ${time} ${zone}`);
  return { instant, resolution: 'gap' };
}

/** The local dates (midnight, epoch ms) on which the zone's offset differs from the day before. */
export function transitionDays(zone: string, year: number): number[] {
  const days: number[] = [];
  let previous = offsetAt(Date.UTC(year, 0, 1, 12), zone);
  for (let day = Date.UTC(year, 0, 2); day < Date.UTC(year + 1, 0, 1); day += DAY) {
    const offset = offsetAt(day + 12 * HOUR, zone);
    if (offset !== previous) days.push(day);
    previous = offset;
  }
  return days;
}
