/**
 * The minute limits of a booking (docs/decisions/0057-booking-conflicts.md): the ecosystem's
 * session limit for each tutee (per week, month, or in total since the reset date) and the
 * program's weekly tutoring hours for each tutor (tutorHoursLimitConfig). A session counts in the
 * period its start falls in, read in the booking's zone; weeks start on Sunday (spec section 9).
 * The booking's occurrences are added in time order, so the first one over the limit and every
 * later one in that period conflict, each telling what was left before it.
 */
import { DateTime } from 'luxon';
import { conflictMessages as m } from './conflict-messages';
import { conflict, participants, termOf, type Conflict, type OccurrenceCheck, type PersonFacts } from './conflicts-core';
import { addDays, localDateOf, startOfDay, weekdayOf } from './conflicts-time';
import type { LocalDate } from './model';

export type PeriodKind = 'WEEKLY' | 'MONTHLY' | 'TOTAL';
export interface Period { key: string; start: number; end: number }

/** The period a local date falls in (TOTAL: from the reset date's start, or always). */
export function periodOf(kind: PeriodKind, date: LocalDate, zone: string, resetDate: LocalDate | null): Period {
  if (kind === 'WEEKLY') {
    const sunday = addDays(date, -weekdayOf(date));
    return { key: sunday, start: startOfDay(sunday, zone), end: startOfDay(addDays(sunday, 7), zone) };
  }
  if (kind === 'MONTHLY') {
    const first = `${date.slice(0, 7)}-01`;
    const next = DateTime.fromISO(first, { zone: 'UTC' }).plus({ months: 1 }).toISODate() as LocalDate;
    return { key: first, start: startOfDay(first, zone), end: startOfDay(next, zone) };
  }
  return { key: 'total', start: resetDate ? startOfDay(resetDate, zone) : -Infinity, end: Infinity };
}

interface Limit {
  kind: PeriodKind;
  total: number;
  /** Whether a session of the person counts (its program). */
  counts: (programId: string) => boolean;
  describe: (c: OccurrenceCheck, p: PersonFacts, remaining: number, total: number) => Conflict;
}

/** Each occurrence's limit conflicts, by its index in `checks`. */
export function limitConflicts(checks: readonly OccurrenceCheck[]): Array<{ index: number; conflict: Conflict }> {
  if (checks.length === 0) return [];
  const { booking } = checks[0];
  const found: Array<{ index: number; conflict: Conflict }> = [];
  for (const { userId, role } of participants(booking)) {
    const p = checks[0].people.get(userId);
    if (!p) continue;
    for (const limit of role === 'TUTEE' ? sessionLimits(checks[0]) : tutorLimits(checks[0])) {
      found.push(...limitOf(checks, p, limit));
    }
  }
  return found;
}

function limitOf(checks: readonly OccurrenceCheck[], p: PersonFacts, limit: Limit): Array<{ index: number; conflict: Conflict }> {
  const { booking, rules } = checks[0];
  const zone = booking.timeZoneId;
  const reset = rules.sessionLimit.resetDate;
  const used = new Map<string, number>();
  const { starts, ends, programs } = checks[0].timelines.get(p.userId) ?? { starts: [], ends: [], programs: [] };
  const usedIn = (period: Period): number => {
    let minutes = used.get(period.key);
    if (minutes === undefined) {
      minutes = limit.kind === 'TOTAL' ? p.minutesOutside : 0;
      for (let i = 0; i < starts.length; i += 1) {
        if (limit.counts(programs[i]) && inPeriod(starts[i], period)) minutes += (ends[i] - starts[i]) / 60_000;
      }
    }
    return minutes;
  };
  const found: Array<{ index: number; conflict: Conflict }> = [];
  const order = checks.map((c, index) => ({ c, index })).sort((a, b) => a.c.start - b.c.start);
  for (const { c, index } of order) {
    const period = periodOf(limit.kind, localDateOf(c.start, zone), zone, reset);
    if (!inPeriod(c.start, period)) continue;
    const before = usedIn(period);
    const minutes = (c.end - c.start) / 60_000;
    if (before + minutes > limit.total) found.push({ index, conflict: limit.describe(c, p, Math.max(0, Math.floor(limit.total - before)), limit.total) });
    used.set(period.key, before + minutes);
  }
  return found;
}

function inPeriod(ms: number, period: Period): boolean {
  return ms >= period.start && ms < period.end;
}

const MINUTE_LIMIT_MESSAGES = { WEEKLY: m.weeklyMinuteLimit, MONTHLY: m.monthlyMinuteLimit, TOTAL: m.totalMinuteLimit };

function sessionLimits(c: OccurrenceCheck): Limit[] {
  const { type, minuteLimit } = c.rules.sessionLimit;
  if (type === 'NONE' || minuteLimit === null) return [];
  return [{
    kind: type, total: minuteLimit, counts: () => true,
    describe: (check, p, remaining, total) => conflict(check, 'MINUTE_LIMIT',
      MINUTE_LIMIT_MESSAGES[type]({ role: termOf(check, 'TUTEE'), name: p.name, remaining, total }), p.userId, { remaining, total }),
  }];
}

function tutorLimits(c: OccurrenceCheck): Limit[] {
  const { isEnabled, limits } = c.rules.tutorHoursLimit;
  if (!isEnabled) return [];
  return limits.filter((l) => l.programIds.includes(c.booking.programId)).map((l): Limit => ({
    kind: 'WEEKLY', total: Math.round(l.weeklyHourLimit * 60), counts: (programId) => l.programIds.includes(programId),
    describe: (check, p, remaining, total) => conflict(check, 'TUTOR_HOURS_LIMIT',
      m.tutorHoursLimit({ role: termOf(check, 'TUTOR'), name: p.name, remaining, total }), p.userId, { remaining, total }),
  }));
}
