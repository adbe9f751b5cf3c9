/**
 * The conflicts of a booking (issue 8, docs/decisions/0057-booking-conflicts.md): every rule every
 * occurrence breaks, for the ecosystem, each tutor and each tutee, from facts the caller loaded
 * once for the whole series (api/sessions/conflict-facts.ts). Pure: `now` and the facts come in.
 * Admins ignore the advance-booking limits (spec section 6); everything else applies to them too,
 * and they alone may book despite conflicts (force-book, decided by the API).
 */
import type { Message } from '../shared/i18n';
import { conflictMessages as m } from './conflict-messages';
import { displayTime, localDateOf, minutesOf, wallClock, withinHours } from './conflicts-time';
import {
  conflict, horizon, participants, termOf, type Conflict, type ConflictBooking, type ConflictRules, type OccurrenceCheck, type PersonFacts, type Role, type Timeline,
} from './conflicts-core';
import { limitConflicts, periodOf } from './conflicts-limits';

export * from './conflicts-core';

export function findConflicts(booking: ConflictBooking, rules: ConflictRules, facts: readonly PersonFacts[]): Conflict[] {
  const people = new Map(facts.map((f) => [f.userId, f]));
  const timelines = new Map(facts.map((f) => [f.userId, timelineOf(f)]));
  const horizons = new Map<string, number>();
  const checks = booking.occurrences.map((occurrence): OccurrenceCheck => ({
    booking, rules, people, timelines, occurrence, start: Date.parse(occurrence.startAt), end: Date.parse(occurrence.endAt), days: new Map(), horizons,
  }));
  const perOccurrence = checks.map((c) => [
    ...ecosystemConflicts(c),
    ...participants(booking).flatMap(({ userId, role }) => personConflicts(c, userId, role)),
  ]);
  const limits = limitConflicts(checks);
  return checks.flatMap((c, i) => [...perOccurrence[i], ...limits.filter((l) => l.index === i).map((l) => l.conflict)]);
}

function ecosystemConflicts(c: OccurrenceCheck): Conflict[] {
  const { rules, booking } = c;
  const found: Conflict[] = [];
  if (rules.supportedHours.length > 0 && !withinHours(c.start, c.end, rules.timeZoneId, rules.supportedHours, [])) {
    found.push(conflict(c, 'SUPPORTED_HOURS', m.supportedHours, null));
  }
  if (rules.sessionInterval > 0 && minutesOf(wallClock(c.start, booking.timeZoneId)) % rules.sessionInterval !== 0) {
    found.push(conflict(c, 'SESSION_INTERVAL', m.sessionInterval({ minutes: rules.sessionInterval }), null));
  }
  const minutes = Math.round((c.end - c.start) / 60_000);
  if (!rules.sessionDurations.includes(minutes)) {
    const durations = [...rules.sessionDurations].sort((a, b) => a - b).join(', ');
    found.push(conflict(c, 'SESSION_DURATION', m.sessionDuration({ durations, minutes }), null));
  }
  if (!booking.bookedByAdmin && c.start > horizon(c, 'days', rules.sessionAdvanceDayLimit)) {
    found.push(conflict(c, 'ADVANCE_LIMIT', m.advanceDays({ days: rules.sessionAdvanceDayLimit }), null));
  }
  return found;
}

function personConflicts(c: OccurrenceCheck, userId: string, role: Role): Conflict[] {
  const p = c.people.get(userId);
  if (!p) return [];
  const named = { role: termOf(c, role), name: p.name };
  const found = neighbourConflicts(c, p, named);
  if (role === 'TUTOR' && p.availableHours.length > 0
    && !withinHours(c.start, c.end, p.timeZoneId ?? c.booking.timeZoneId, p.availableHours, p.availabilityOverrides)) {
    found.push(conflict(c, 'AVAILABILITY', m.availability(named), userId));
  }
  const advance = role === 'TUTOR' && !c.booking.bookedByAdmin ? personAdvance(c, p) : null;
  if (advance) found.push(conflict(c, 'ADVANCE_LIMIT', advance(named), userId));
  return found;
}

/** Other sessions of the person that overlap (OVERLAP) or come closer than the buffer (TIME_BUFFER). */
function neighbourConflicts(c: OccurrenceCheck, p: PersonFacts, named: { role: string; name: string }): Conflict[] {
  const { overlapChecksEnabled, timeBuffer } = c.rules;
  const buffer = timeBuffer.enabled ? timeBuffer.lengthMinutes * 60_000 : 0;
  if (!overlapChecksEnabled && buffer === 0) return [];
  const found: Conflict[] = [];
  const { starts, ends, longest } = c.timelines.get(p.userId) ?? timelineOf(p);
  // Those starting before the occurrence's end plus the buffer, back to the longest session before its start.
  for (let i = firstAtOrAfter(starts, c.end + buffer) - 1; i >= 0 && starts[i] + longest > c.start - buffer; i -= 1) {
    const start = starts[i];
    const end = ends[i];
    if (end <= c.start - buffer) continue;
    const times = { ...named, start: displayTime(start, c.booking.timeZoneId), end: displayTime(end, c.booking.timeZoneId) };
    const overlaps = start < c.end && end > c.start;
    if (overlaps && overlapChecksEnabled) found.push(conflict(c, 'OVERLAP', m.overlap(times), p.userId));
    else if (!overlaps) found.push(conflict(c, 'TIME_BUFFER', m.timeBuffer({ ...times, minutes: timeBuffer.lengthMinutes }), p.userId));
  }
  return found;
}

export function timelineOf(p: PersonFacts): Timeline {
  const spans = p.sessions.map((s) => ({ start: Date.parse(s.startAt), end: Date.parse(s.endAt), program: s.programId })).sort((a, b) => a.start - b.start);
  return {
    starts: spans.map((s) => s.start), ends: spans.map((s) => s.end), programs: spans.map((s) => s.program),
    longest: spans.reduce((most, s) => Math.max(most, s.end - s.start), 0),
  };
}

/** The index of the first value at or after `x` in an ascending array (its length when none is). */
function firstAtOrAfter(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Named = { role: string; name: string };

/** The person's own advance-booking limit, when the occurrence starts beyond it: its message. */
function personAdvance(c: OccurrenceCheck, p: PersonFacts): ((named: Named) => Message) | null {
  const limit = p.advanceLimit;
  if (!limit || !p.advanceLength) return null;
  const unit = ({ MINUTES: 'minutes', HOURS: 'hours', DAYS: 'days' } as const)[p.advanceLength];
  if (c.start <= horizon(c, unit, limit)) return null;
  const message = { MINUTES: m.personAdvanceMinutes, HOURS: m.personAdvanceHours, DAYS: m.personAdvanceDays }[p.advanceLength];
  return (named) => message({ ...named, limit });
}

/**
 * The instants the facts must cover: the sessions starting in [from, to) (every session near an
 * occurrence, and the whole week or month of each for the limits); for a TOTAL limit, the sum of
 * the minutes since `resetFrom` outside that range.
 */
export function factsRange(booking: ConflictBooking, rules: ConflictRules): { from: string; to: string; resetFrom: string | null } {
  if (booking.occurrences.length === 0) return { from: iso(0), to: iso(0), resetFrom: null };
  const starts = booking.occurrences.map((o) => Date.parse(o.startAt));
  const ends = booking.occurrences.map((o) => Date.parse(o.endAt));
  const zone = booking.timeZoneId;
  const margin = (rules.timeBuffer.enabled ? rules.timeBuffer.lengthMinutes : 0) * 60_000 + LONGEST_OTHER_SESSION_MS;
  let from = Math.min(...starts) - margin;
  let to = Math.max(...ends) + margin;
  for (const kind of limitPeriods(booking, rules)) {
    from = Math.min(from, periodOf(kind, localDateOf(Math.min(...starts), zone), zone, null).start);
    to = Math.max(to, periodOf(kind, localDateOf(Math.max(...starts), zone), zone, null).end);
  }
  const { type, minuteLimit, resetDate } = rules.sessionLimit;
  const total = type === 'TOTAL' && minuteLimit !== null && booking.tuteeIds.length > 0;
  return { from: iso(from), to: iso(to), resetFrom: total ? iso(periodOf('TOTAL', '', zone, resetDate).start) : null };
}

/** The calendar periods the booking's limits count in (TOTAL needs no widening: minutesOutside covers it). */
function limitPeriods(booking: ConflictBooking, rules: ConflictRules): Array<'WEEKLY' | 'MONTHLY'> {
  const kinds: Array<'WEEKLY' | 'MONTHLY'> = [];
  const { type, minuteLimit } = rules.sessionLimit;
  if ((type === 'WEEKLY' || type === 'MONTHLY') && minuteLimit !== null) kinds.push(type);
  if (rules.tutorHoursLimit.isEnabled) kinds.push('WEEKLY');
  return booking.occurrences.length ? kinds : [];
}

/** A session of someone else lasts at most 7 hours (spec section 9); a day also covers imported ones. */
const LONGEST_OTHER_SESSION_MS = 24 * 3_600_000;

function iso(ms: number): string {
  return new Date(Math.max(ms, 0)).toISOString();
}
