/**
 * Wall-clock arithmetic for the conflict checks (docs/decisions/0057-booking-conflicts.md). Hours a
 * person or an ecosystem sets ("Mondays 09:00-17:00") are wall-clock times in their own zone, so a
 * session is compared with them as the wall-clock stretches it covers there, never as instants made
 * from the hours: on a day the clocks go back, 01:00-01:30 happens twice and both count as inside
 * "01:00-02:00"; on a day they go forward, 02:00-03:00 does not happen at all.
 */
import { DateTime } from 'luxon';
import type { LocalDate, LocalTime } from './model';
import { wallTimeToInstant } from './recurrence';

/** A span of wall time on a day; `endTime` may be "24:00" (the end of the day). */
export interface TimeRange { startTime: LocalTime; endTime: LocalTime }
/** Weekly hours: 0 = Sunday ... 6 = Saturday (profile availableHours, ecosystem supportedHours). */
export interface WeeklyHours extends TimeRange { day: number }
/** A date whose hours replace the weekly ones (profile availabilityOverrides); none: not available that day. */
export interface DayOverride { date: LocalDate; availability: TimeRange[] }

/** A stretch of wall time on one local date, in minutes after midnight: [start, end). */
export interface WallPiece { date: LocalDate; start: number; end: number }

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY_MINUTES = 24 * 60;

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

export function clockOf(minutes: number): LocalTime {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Calendar arithmetic on UTC midnights: no zone can shift a date there. */
function utcDay(date: LocalDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(utcDay(date)).getUTCDay();
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return new Date(utcDay(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * wallTimeToInstant, remembered: a zone's offsets come from Intl at some 20 µs each, and a series'
 * checks ask for the same days again and again (each person's hours, each limit's period). A plain
 * value cache of a pure function; cleared when it grows past its bound.
 */
const instants = new Map<string, number>();
const MAX_REMEMBERED = 50_000;

function instantAt(date: LocalDate, time: LocalTime, zone: string): number {
  const key = `${zone} ${date} ${time}`;
  let at = instants.get(key);
  if (at === undefined) {
    if (instants.size >= MAX_REMEMBERED) instants.clear();
    at = wallTimeToInstant(date, time, zone);
    instants.set(key, at);
  }
  return at;
}

/** The instant a local date begins in `zone` (midnight, moved forward when the clocks skip it). */
export function startOfDay(date: LocalDate, zone: string): number {
  return instantAt(date, '00:00', zone);
}

export function localDateOf(ms: number, zone: string): LocalDate {
  return DateTime.fromMillis(ms, { zone }).toISODate() as LocalDate;
}

/**
 * The wall-clock pieces the instants [startMs, endMs) cover in `zone`, one per local date and UTC
 * offset. Offsets and their changes fall on UTC quarter hours in every zone of today's database,
 * so within a quarter hour the wall clock runs straight.
 */
export function wallPieces(startMs: number, endMs: number, zone: string): WallPiece[] {
  const pieces: WallPiece[] = [];
  for (let t = startMs; t < endMs;) {
    const next = Math.min(endMs, Math.floor(t / QUARTER) * QUARTER + QUARTER);
    const local = DateTime.fromMillis(t, { zone });
    const start = local.hour * 60 + local.minute + local.second / 60 + local.millisecond / MINUTE;
    const end = start + (next - t) / MINUTE;
    const date = local.toISODate() as LocalDate;
    if (end > DAY_MINUTES) {
      add(pieces, { date, start, end: DAY_MINUTES });
      add(pieces, { date: addDays(date, 1), start: 0, end: end - DAY_MINUTES });
    } else {
      add(pieces, { date, start, end });
    }
    t = next;
  }
  return pieces;
}

function add(pieces: WallPiece[], piece: WallPiece): void {
  const last = pieces.at(-1);
  if (last && last.date === piece.date && last.end === piece.start) last.end = piece.end;
  else pieces.push(piece);
}

/** The hours that apply on a date: its override when it has one, else the weekly hours of its weekday. */
export function hoursOn(date: LocalDate, weekly: readonly WeeklyHours[], overrides: readonly DayOverride[]): TimeRange[] {
  const override = overrides.find((o) => o.date === date);
  if (override) return override.availability;
  const day = weekdayOf(date);
  return weekly.filter((h) => h.day === day);
}

/** Sorted, merged [start, end) minute intervals of some ranges (touching ones join). */
export function mergedMinutes(ranges: readonly TimeRange[]): Array<[number, number]> {
  const sorted = ranges.map((r): [number, number] => [minutesOf(r.startTime), minutesOf(r.endTime)])
    .filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** Whether every wall-clock moment of [startMs, endMs) in `zone` falls inside the hours of its date. */
export function withinHours(startMs: number, endMs: number, zone: string, weekly: readonly WeeklyHours[], overrides: readonly DayOverride[]): boolean {
  return wallPieces(startMs, endMs, zone).every((p) =>
    mergedMinutes(hoursOn(p.date, weekly, overrides)).some(([s, e]) => s <= p.start && p.end <= e));
}

/**
 * The hours (set in `hoursZone`) as they read on `date` in `dayZone`: what a booking page shows
 * for a day. Each range becomes instants (a time inside a gap moves forward, as the recurrence
 * rule does) and is cut to the day.
 */
export function hoursForDay(date: LocalDate, dayZone: string, hoursZone: string, weekly: readonly WeeklyHours[], overrides: readonly DayOverride[]): TimeRange[] {
  if (weekly.length === 0 && overrides.length === 0) return [];
  const dayStart = startOfDay(date, dayZone);
  const dayEnd = startOfDay(addDays(date, 1), dayZone);
  const spans: Array<[number, number]> = [];
  for (let d = -2; d <= 2; d += 1) {
    const other = addDays(date, d);
    for (const [s, e] of mergedMinutes(hoursOn(other, weekly, overrides))) {
      const from = Math.max(dayStart, instantOf(other, s, hoursZone));
      const to = Math.min(dayEnd, instantOf(other, e, hoursZone));
      if (to > from) spans.push([from, to]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const ranges: TimeRange[] = [];
  for (const [from, to] of spans) {
    const startTime = wallClock(from, dayZone);
    const endTime = to === dayEnd ? '24:00' : wallClock(to, dayZone);
    const last = ranges.at(-1);
    if (last && last.endTime >= startTime) { if (endTime > last.endTime) last.endTime = endTime; } else ranges.push({ startTime, endTime });
  }
  return ranges;
}

/** As the recurrence rule reads a wall time (decision 0055): a gap moves it forward, of two instants the earlier. */
function instantOf(date: LocalDate, minutes: number, zone: string): number {
  if (minutes >= DAY_MINUTES) return startOfDay(addDays(date, 1), zone);
  return instantAt(date, clockOf(minutes), zone);
}

export function wallClock(ms: number, zone: string): LocalTime {
  return DateTime.fromMillis(ms, { zone }).toFormat('HH:mm');
}

/** "4:00 PM", as the spec shows times (section 9). */
export function displayTime(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).setLocale('en-US').toFormat('h:mm a');
}
