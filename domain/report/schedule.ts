/**
 * When a scheduled report fires (decision 0068). A report fires once on each matching local date
 * of its zone, at the earliest instant of that date whose local time is at or after `hour`:00.
 * So it keeps its local hour across daylight-saving changes; on a spring-forward day whose hour
 * does not exist it fires when the clocks jump (02:00 becomes 03:00), and on a fall-back day whose
 * hour happens twice it fires the first time. A monthly report on day 29-31 fires on the last day
 * of a shorter month. startDay and endDay (local dates, inclusive) bound the dates that fire.
 */
import { DateTime, IANAZone } from 'luxon';
import type { ReportSchedule } from './model';

export interface FireWindow {
  schedule: ReportSchedule;
  startDay: string | null;
  endDay: string | null;
}

const DAY_MS = 86_400_000;
/** A search never needs more than a month and a day of dates; bounded so a bad window cannot loop. */
const SEARCH_DAYS = 400;

/** Whether the schedule fires on this local date (ignoring startDay/endDay). */
export function firesOn(schedule: ReportSchedule, date: DateTime): boolean {
  if (schedule.frequency === 'DAILY') return true;
  if (schedule.frequency === 'WEEKLY') return date.weekday === schedule.dayOfWeek;
  const daysInMonth = date.daysInMonth ?? 31;
  return date.day === Math.min(schedule.dayOfMonth ?? 1, daysInMonth);
}

/**
 * The instant of `hour`:00 on a local date: the earlier of two when the hour happens twice, and
 * when it does not exist (the clocks jump over it) the instant of the jump, the first moment of
 * that date whose local time is past the hour.
 */
export function fireInstantOn(date: { year: number; month: number; day: number }, hour: number, timeZoneId: string): Date {
  const zone = IANAZone.create(timeZoneId);
  const local = Date.UTC(date.year, date.month - 1, date.day, hour);
  const offsets = [...new Set([-DAY_MS, 0, DAY_MS].map((shift) => zone.offset(local + shift)))];
  const readings = offsets.map((o) => local - o * 60_000);
  const valid = readings.filter((t) => zone.offset(t) * 60_000 === local - t);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // In a gap each offset's reading lands on the other side of the jump: search between them.
  let lo = Math.min(...readings);
  let hi = Math.max(...readings);
  const after = zone.offset(hi);
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (zone.offset(mid) === after) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

function inWindow(window: FireWindow, isoDate: string): boolean {
  return (window.startDay === null || isoDate >= window.startDay) && (window.endDay === null || isoDate <= window.endDay);
}

function fireOn(window: FireWindow, date: DateTime): Date | null {
  const isoDate = date.toISODate() ?? '';
  if (!inWindow(window, isoDate) || !firesOn(window.schedule, date)) return null;
  return fireInstantOn(date, window.schedule.hour, window.schedule.timeZoneId);
}

/** The first fire strictly after `after`, or null when endDay has passed. */
export function nextFireAfter(window: FireWindow, after: Date): Date | null {
  let date = DateTime.fromJSDate(after, { zone: window.schedule.timeZoneId }).startOf('day').minus({ days: 1 });
  for (let i = 0; i < SEARCH_DAYS; i++, date = date.plus({ days: 1 })) {
    if (window.endDay !== null && (date.toISODate() ?? '') > window.endDay) return null;
    const fire = fireOn(window, date);
    if (fire && fire.getTime() > after.getTime()) return fire;
  }
  return null;
}

/** The last fire at or before `now`, or null when none has happened (startDay still ahead). */
export function latestFireAtOrBefore(window: FireWindow, now: Date): Date | null {
  let date = DateTime.fromJSDate(now, { zone: window.schedule.timeZoneId }).startOf('day').plus({ days: 1 });
  for (let i = 0; i < SEARCH_DAYS; i++, date = date.minus({ days: 1 })) {
    if (window.startDay !== null && (date.toISODate() ?? '') < window.startDay) return null;
    const fire = fireOn(window, date);
    if (fire && fire.getTime() <= now.getTime()) return fire;
  }
  return null;
}

/**
 * The period a run at `fire` reports on: the whole local days of the day, week or month before the
 * fire's local date (a Monday 08:00 weekly report covers Monday to Sunday of the week before).
 */
export function periodBefore(schedule: ReportSchedule, fire: Date): { start: Date; end: Date } {
  const end = DateTime.fromJSDate(fire, { zone: schedule.timeZoneId }).startOf('day');
  const back = schedule.frequency === 'DAILY' ? { days: 1 } : schedule.frequency === 'WEEKLY' ? { weeks: 1 } : { months: 1 };
  return { start: end.minus(back).toJSDate(), end: end.toJSDate() };
}

/**
 * The fire a tick at `now` should run, if any: the latest fire at or before now, provided it is
 * later than the last one run and than the moment the schedule took its current form (a report
 * created or moved at 09:30 does not fire for 09:00 of the same day). Only the latest missed fire
 * runs after an outage: one report about the period just ended, not a burst of old ones.
 */
export function dueFire(window: FireWindow, now: Date, lastFiredAt: Date | null, scheduledSince: Date): Date | null {
  const fire = latestFireAtOrBefore(window, now);
  if (!fire || fire.getTime() <= scheduledSince.getTime()) return null;
  if (lastFiredAt && fire.getTime() <= lastFiredAt.getTime()) return null;
  return fire;
}
