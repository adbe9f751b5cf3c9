/**
 * A segment's schedule expanded into its occurrences' local dates and instants (model.ts,
 * docs/decisions/0055-sessions-series-and-occurrences.md). Pure: the same schedule always gives the
 * same list, in the domain, in the projection and in tests.
 *
 * Dates are counted as whole local calendar days (luxon in UTC, so no clock change ever shifts a
 * date); only the last step, a wall time on a date in the zone, meets daylight saving, and it is
 * resolved explicitly here rather than by luxon's own guess, which depends on today's offset.
 */
import { DateTime, IANAZone } from 'luxon';
import { MAX_OCCURRENCES, MAX_SERIES_DAYS, type LocalDate, type LocalTime, type Recurrence, type Schedule } from './model';

export interface ScheduledTime {
  originalDate: LocalDate;
  startAt: string;
  endAt: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A local date as a day in luxon's UTC calendar, where every day has 24 hours. */
export function calendarDay(date: LocalDate): DateTime {
  return DateTime.fromISO(date, { zone: 'utc' });
}

function isoDate(day: DateTime): LocalDate {
  return day.toISODate() ?? '';
}

/** 0 = Sunday ... 6 = Saturday (luxon counts Monday 1 ... Sunday 7). */
export function dayOfWeek(day: DateTime): number {
  return day.weekday % 7;
}

/** The last date the rule may reach: `weeks`, `endDate` and MAX_SERIES_DAYS, whichever comes first. */
function lastDate(start: DateTime, recurrence: Recurrence): DateTime {
  let last = start.plus({ days: MAX_SERIES_DAYS - 1 });
  if (recurrence.weeks !== null) last = DateTime.min(last, start.plus({ days: 7 * recurrence.weeks - 1 }));
  if (recurrence.endDate !== null) last = DateTime.min(last, calendarDay(recurrence.endDate));
  return last;
}

/** The last local date a recurring schedule may reach (its start date for a one-off). */
export function scheduleEndDate(schedule: Schedule): LocalDate {
  const start = calendarDay(schedule.startDate);
  return schedule.recurrence === null ? schedule.startDate : isoDate(lastDate(start, schedule.recurrence));
}

/** A local date moved by whole days. */
export function shiftDate(date: LocalDate, days: number): LocalDate {
  return isoDate(calendarDay(date).plus({ days }));
}

/** Whole days from one local date to another. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round(calendarDay(to).diff(calendarDay(from), 'days').days);
}

function weeklyDates(start: DateTime, last: DateTime, recurrence: Recurrence): DateTime[] {
  // Weeks start on Sunday (spec) and are counted from the start date's week.
  const firstSunday = start.minus({ days: dayOfWeek(start) });
  const days = new Set(recurrence.recurringDays);
  const dates: DateTime[] = [];
  for (let day = start; day <= last; day = day.plus({ days: 1 })) {
    const week = Math.floor(day.diff(firstSunday, 'days').days / 7);
    if (week % recurrence.interval === 0 && days.has(dayOfWeek(day))) dates.push(day);
  }
  return dates;
}

function monthlyDates(start: DateTime, last: DateTime, interval: number): DateTime[] {
  const dates: DateTime[] = [];
  for (let k = 0; ; k += interval) {
    const month = start.startOf('month').plus({ months: k });
    // A month without the start's day of the month takes its last day (spec clamps to the month).
    const day = month.set({ day: Math.min(start.day, month.daysInMonth ?? 28) });
    if (day > last) return dates;
    dates.push(day);
  }
}

function dailyDates(start: DateTime, last: DateTime, interval: number): DateTime[] {
  const dates: DateTime[] = [];
  for (let day = start; day <= last; day = day.plus({ days: interval })) dates.push(day);
  return dates;
}

const expanded = new Map<string, readonly LocalDate[]>();
const EXPANDED_KEPT = 500;

/**
 * The local dates a schedule's rule generates, in order, at most MAX_OCCURRENCES of them. Folding a
 * booking asks for the same few rules again and again, so the last answers are kept (they never change).
 */
export function scheduleDates(schedule: Schedule): readonly LocalDate[] {
  const key = JSON.stringify([schedule.startDate, schedule.recurrence]);
  let dates = expanded.get(key);
  if (!dates) {
    dates = Object.freeze(computeDates(schedule));
    if (expanded.size >= EXPANDED_KEPT) expanded.delete(expanded.keys().next().value ?? '');
    expanded.set(key, dates);
  }
  return dates;
}

function computeDates(schedule: Schedule): LocalDate[] {
  const start = calendarDay(schedule.startDate);
  const recurrence = schedule.recurrence;
  if (recurrence === null) return [schedule.startDate];
  const last = lastDate(start, recurrence);
  const interval = Math.max(1, recurrence.interval);
  const dates =
    recurrence.frequency === 'DAILY' ? dailyDates(start, last, interval)
    : recurrence.frequency === 'WEEKLY' ? weeklyDates(start, last, recurrence)
    : monthlyDates(start, last, interval);
  return dates.slice(0, MAX_OCCURRENCES).map(isoDate);
}

/**
 * The instant (epoch ms) of a wall time on a local date in a zone. Among the offsets the zone uses
 * around that day, those that give back this wall time are its instants: two when the clock falls
 * back (the earlier is taken), none when it springs forward, in which case the offset in force
 * before the change is used, which moves the wall time forward by the gap (02:30 becomes 03:30).
 */
export function wallTimeToInstant(date: LocalDate, time: LocalTime, timeZoneId: string): number {
  // Every command folds and expands its booking again; a zone's offsets cost tens of microseconds.
  const key = `${timeZoneId}|${date}|${time}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    instant = resolveWallTime(date, time, timeZoneId);
    if (instants.size >= INSTANTS_KEPT) instants.delete(instants.keys().next().value ?? '');
    instants.set(key, instant);
  }
  return instant;
}

const instants = new Map<string, number>();
const INSTANTS_KEPT = 50_000;

function resolveWallTime(date: LocalDate, time: LocalTime, timeZoneId: string): number {
  const zone = IANAZone.create(timeZoneId);
  const wall = wallMs(date, time);
  const before = zone.offset(wall - DAY);
  const after = zone.offset(wall + DAY);
  // The same offset a day either side: no clock change near, the one offset is the answer.
  if (before === after) return wall - before * MINUTE;
  const candidates = [before, after]
    .map((offset) => wall - offset * MINUTE)
    .filter((instant) => instant + zone.offset(instant) * MINUTE === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  return wall - before * MINUTE;
}

/** A wall time on a local date as if it were UTC (epoch ms): plain arithmetic, no parsing library. */
function wallMs(date: LocalDate, time: LocalTime): number {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return Date.UTC(year, month - 1, day, hour, minute);
}

export function instantIso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Every occurrence a schedule generates: its local date (identity) and its start and end instants. */
export function expandSchedule(schedule: Schedule): ScheduledTime[] {
  return scheduleDates(schedule).map((originalDate) => {
    const start = wallTimeToInstant(originalDate, schedule.startTime, schedule.timeZoneId);
    return {
      originalDate,
      startAt: instantIso(start),
      endAt: instantIso(start + schedule.durationMinutes * MINUTE),
    };
  });
}
