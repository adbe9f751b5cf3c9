/**
 * The weekly report to parents (decision 0076): when it is sent and which week it covers, each in
 * the guardian's own zone. It goes out on Saturday at 09:00 local time (the fire rule of the
 * scheduled reports, domain/report/schedule.ts: the same local hour across clock changes). It
 * covers the ISO week of that Saturday: the sessions from Monday 00:00 to the send are judged
 * (attended, missed, cancelled), the rest of the weekend and the whole next week are upcoming.
 * Pure: the clock comes in.
 */
import { DateTime, IANAZone } from 'luxon';
import { latestFireAtOrBefore, type FireWindow } from './schedule';

/** ISO weekday (6 = Saturday) and local hour of the send. */
export const WEEKLY_PARENT_REPORT_DAY = 6;
export const WEEKLY_PARENT_REPORT_HOUR = 9;
/** A tick later than this after the send time (an outage) skips that week rather than send a stale report. */
export const WEEKLY_PARENT_REPORT_CATCH_UP_MS = 24 * 3_600_000;
/** The zone of a guardian whose profile has none (or an unknown one): the platform's default zone. */
export const DEFAULT_GUARDIAN_ZONE = 'America/New_York';

export function guardianZone(timeZoneId: string | null | undefined): string {
  return timeZoneId && IANAZone.isValidZone(timeZoneId) ? timeZoneId : DEFAULT_GUARDIAN_ZONE;
}

export function weeklyFireWindow(timeZoneId: string): FireWindow {
  return {
    schedule: { frequency: 'WEEKLY', dayOfWeek: WEEKLY_PARENT_REPORT_DAY, dayOfMonth: null, hour: WEEKLY_PARENT_REPORT_HOUR, timeZoneId },
    startDay: null, endDay: null,
  };
}

/** The send this tick is for, if any: the latest Saturday 09:00 local at or before now, unless more than a day old. */
export function dueWeeklyFire(timeZoneId: string, now: Date): Date | null {
  const fire = latestFireAtOrBefore(weeklyFireWindow(guardianZone(timeZoneId)), now);
  if (!fire || now.getTime() - fire.getTime() > WEEKLY_PARENT_REPORT_CATCH_UP_MS) return null;
  return fire;
}

export interface ParentReportWeek {
  /** The ISO week of the send, e.g. 2027-W10: with the guardian and ecosystem, the message's idempotency key. */
  isoWeek: string;
  /** Monday 00:00 local of that week. */
  weekStart: Date;
  fire: Date;
  /** Monday 00:00 local two weeks on: the end of the following week, so next week's sessions show as upcoming. */
  upcomingEnd: Date;
  /** Local dates of the week's Monday and Sunday (ISO). */
  firstDay: string;
  lastDay: string;
}

export function parentReportWeek(fire: Date, timeZoneId: string): ParentReportWeek {
  const zone = guardianZone(timeZoneId);
  const local = DateTime.fromJSDate(fire, { zone });
  const monday = local.startOf('week');
  return {
    isoWeek: local.toISOWeekDate()?.slice(0, 8) ?? '',
    weekStart: monday.toJSDate(),
    fire,
    upcomingEnd: monday.plus({ weeks: 2 }).toJSDate(),
    firstDay: monday.toISODate() ?? '',
    lastDay: monday.plus({ days: 6 }).toISODate() ?? '',
  };
}

export const CHILD_SESSION_STATUSES = ['ATTENDED', 'MISSED', 'CANCELLED', 'UPCOMING'] as const;
export type ChildSessionStatus = (typeof CHILD_SESSION_STATUSES)[number];

export interface ChildSessionFacts {
  startAt: Date;
  endAt: Date;
  cancelled: boolean;
  /** The child joined the session (or was checked in) at any time. */
  joined: boolean;
}

/**
 * A cancelled session is CANCELLED; one that had ended by the send is ATTENDED when the child
 * joined, else MISSED; one still ahead or under way at the send is UPCOMING.
 */
export function childSessionStatus(s: ChildSessionFacts, fire: Date): ChildSessionStatus {
  if (s.cancelled) return 'CANCELLED';
  if (s.endAt.getTime() > fire.getTime()) return 'UPCOMING';
  return s.joined ? 'ATTENDED' : 'MISSED';
}
