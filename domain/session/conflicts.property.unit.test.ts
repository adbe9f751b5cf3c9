/**
 * findConflicts against a brute-force model (issue 8, Proof): random bookings in zones with
 * daylight-saving changes (and half- and quarter-hour offsets), random hours, overrides, other
 * sessions and limits; the model checks every minute of every occurrence on its own (the wall clock
 * of that minute in the person's zone, the other sessions that minute falls in) and adds up the
 * limits' periods by walking calendar weeks and months, so it shares no interval arithmetic with
 * the code under test.
 */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  findConflicts, participants, type BookedSession, type ConflictBooking, type ConflictRules, type PersonFacts,
} from './conflicts';

const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage',
  'Pacific/Honolulu', 'Europe/London', 'Europe/Berlin', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Asia/Kathmandu',
  'America/St_Johns', 'Pacific/Chatham'];
/** The instants each zone's clocks change in 2026 (none for Phoenix, Honolulu, Kolkata, Kathmandu: 1 July stands in). */
const CHANGES = new Map(ZONES.map((zone) => {
  const found: number[] = [];
  let t = DateTime.fromISO('2026-01-01T00:00', { zone: 'UTC' });
  while (t.year === 2026) {
    const next = t.plus({ minutes: 15 });
    if (next.setZone(zone).offset !== t.setZone(zone).offset) found.push(next.toMillis());
    t = next;
  }
  return [zone, found.length ? found : [Date.parse('2026-07-01T12:00:00Z')]];
}));
const MINUTE = 60_000;
const PROGRAMS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const PEOPLE = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000003'];

const anyClock = fc.integer({ min: 0, max: 95 }).map((q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`);
/** Often the hours around a clock change and midnight. */
const clock = fc.oneof(anyClock, fc.constantFrom('00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '23:00', '23:45'));
const range = fc.tuple(clock, clock).filter(([a, b]) => a < b).map(([startTime, endTime]) => ({ startTime, endTime }));
const weekly = fc.array(fc.record({ day: fc.integer({ min: 0, max: 6 }), range }).map(({ day, range: r }) => ({ day, ...r })), { maxLength: 5 });
const iso = (ms: number) => new Date(ms).toISOString();

/** Another session: anywhere, or just before or after one of the occurrences (edges of the buffer included). */
const other = fc.record({
  anchor: fc.constantFrom('free', 'before', 'after'),
  occurrence: fc.nat(),
  offset: fc.integer({ min: -10 * 24 * 60, max: 20 * 24 * 60 }),
  gap: fc.oneof(fc.constantFrom(-1, 0, 1, 4, 5, 6, 14, 15, 16, 59, 60, 61, 239, 240, 241), fc.integer({ min: -120, max: 300 })),
  length: fc.integer({ min: 15, max: 300 }),
  program: fc.constantFrom(...PROGRAMS),
});

interface World { booking: ConflictBooking; rules: ConflictRules; facts: PersonFacts[] }

const world: fc.Arbitrary<World> = fc.record({
  zone: fc.constantFrom(...ZONES),
  personZones: fc.array(fc.option(fc.constantFrom(...ZONES), { nil: null }), { minLength: 3, maxLength: 3 }),
  change: fc.nat(),
  aroundChange: fc.boolean(),
  // Occurrences: gaps between starts (minutes, at least the longest duration) and durations.
  gaps: fc.array(fc.integer({ min: 7 * 60, max: 4 * 24 * 60 }), { minLength: 1, maxLength: 5 }),
  firstOffset: fc.integer({ min: -36 * 60, max: 36 * 60 }),
  nearOffset: fc.integer({ min: -3 * 60, max: 60 }),
  fits: fc.array(fc.option(fc.record({ before: fc.integer({ min: -2, max: 3 }), after: fc.integer({ min: -2, max: 3 }), occurrence: fc.nat() }), { nil: null }), { minLength: 4, maxLength: 4 }),
  duration: fc.constantFrom(15, 30, 45, 60, 90, 120, 420),
  minuteStep: fc.constantFrom(1, 5, 15),
  tutors: fc.integer({ min: 0, max: 2 }),
  admin: fc.boolean(),
  nowOffsetDays: fc.integer({ min: -3, max: 30 }),
  hours: fc.array(weekly, { minLength: 3, maxLength: 3 }),
  overrideDays: fc.array(fc.array(fc.record({ day: fc.integer({ min: -2, max: 12 }), availability: fc.array(range, { maxLength: 2 }) }), { maxLength: 2 }), { minLength: 3, maxLength: 3 }),
  advance: fc.array(fc.option(fc.record({ limit: fc.integer({ min: 0, max: 30 }), unit: fc.constantFrom('MINUTES', 'HOURS', 'DAYS') as fc.Arbitrary<'MINUTES' | 'HOURS' | 'DAYS'> }), { nil: null }), { minLength: 3, maxLength: 3 }),
  others: fc.array(fc.array(other, { maxLength: 6 }), { minLength: 3, maxLength: 3 }),
  minutesOutside: fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 3, maxLength: 3 }),
  rules: fc.record({
    ecoZone: fc.constantFrom(...ZONES),
    overlapChecksEnabled: fc.boolean(),
    supportedHours: weekly,
    buffer: fc.record({ enabled: fc.boolean(), lengthMinutes: fc.constantFrom(5, 15, 60, 240) }),
    sessionInterval: fc.constantFrom(0, 15, 30, 60),
    sessionDurations: fc.subarray([15, 30, 45, 60, 90, 120], { minLength: 1 }),
    sessionAdvanceDayLimit: fc.integer({ min: 1, max: 20 }),
    limitType: fc.constantFrom('NONE', 'WEEKLY', 'MONTHLY', 'TOTAL') as fc.Arbitrary<'NONE' | 'WEEKLY' | 'MONTHLY' | 'TOTAL'>,
    minuteLimit: fc.integer({ min: 30, max: 900 }),
    resetOffset: fc.option(fc.integer({ min: -20, max: 10 }), { nil: null }),
    tutorLimit: fc.option(fc.record({ hours: fc.constantFrom(0.25, 1, 2.5, 6), programs: fc.subarray(PROGRAMS) }), { nil: null }),
  }),
}).map((g): World => {
  const changes = CHANGES.get(g.zone)!;
  const change = changes[g.change % changes.length];
  const day = DateTime.fromMillis(change, { zone: g.zone }).toISODate()!;
  const base = change + (g.aroundChange ? g.nearOffset : g.firstOffset) * MINUTE;
  const step = g.minuteStep * MINUTE;
  let start = Math.floor(base / step) * step;
  const occurrences = g.gaps.map((gap, i) => {
    if (i > 0) start += Math.ceil((gap * MINUTE) / step) * step;
    return { date: DateTime.fromMillis(start, { zone: g.zone }).toISODate() as string, startAt: iso(start), endAt: iso(start + g.duration * MINUTE) };
  });
  const first = Date.parse(occurrences[0].startAt);
  const booking: ConflictBooking = {
    timeZoneId: g.zone, programId: PROGRAMS[0], occurrences, tutorIds: PEOPLE.slice(0, g.tutors), tuteeIds: PEOPLE.slice(g.tutors),
    bookedByAdmin: g.admin, now: iso(first - g.nowOffsetDays * 24 * 60 * MINUTE),
  };
  const r = g.rules;
  const rules: ConflictRules = {
    timeZoneId: r.ecoZone, tutorTerm: 'Tutor', tuteeTerm: 'Student', overlapChecksEnabled: r.overlapChecksEnabled, supportedHours: r.supportedHours,
    timeBuffer: r.buffer, sessionInterval: r.sessionInterval, sessionDurations: r.sessionDurations, sessionAdvanceDayLimit: r.sessionAdvanceDayLimit,
    sessionLimit: { type: r.limitType, minuteLimit: r.minuteLimit, resetDate: r.resetOffset === null ? null : DateTime.fromISO(day).plus({ days: r.resetOffset }).toISODate() },
    tutorHoursLimit: { isEnabled: r.tutorLimit !== null, limits: r.tutorLimit ? [{ programIds: r.tutorLimit.programs, weeklyHourLimit: r.tutorLimit.hours }] : [] },
  };
  rules.supportedHours = [...rules.supportedHours, ...fitted(g.fits[3], occurrences, r.ecoZone)];
  const facts = PEOPLE.map((userId, i): PersonFacts => ({
    userId, name: `Person ${i}`, timeZoneId: g.personZones[i], availableHours: [...g.hours[i], ...fitted(g.fits[i], occurrences, g.personZones[i] ?? g.zone)],
    availabilityOverrides: uniqueDates(g.overrideDays[i].map((o) => ({ date: DateTime.fromISO(day).plus({ days: o.day }).toISODate() as string, availability: o.availability }))),
    advanceLimit: g.advance[i]?.limit ?? null, advanceLength: g.advance[i]?.unit ?? null,
    sessions: g.others[i].map((o): BookedSession => {
      const near = occurrences[o.occurrence % occurrences.length];
      const start = o.anchor === 'free' ? first + o.offset * MINUTE
        : o.anchor === 'after' ? Date.parse(near.endAt) + o.gap * MINUTE : Date.parse(near.startAt) - (o.gap + o.length) * MINUTE;
      return { startAt: iso(start), endAt: iso(start + o.length * MINUTE), programId: o.program };
    }),
    minutesOutside: g.minutesOutside[i],
  }));
  return { booking, rules, facts };
});

/** Hours that just fit (or just miss) an occurrence as the wall clock in `zone` reads it. */
function fitted(fit: { before: number; after: number; occurrence: number } | null, occurrences: ConflictBooking['occurrences'], zone: string): PersonFacts['availableHours'] {
  if (!fit) return [];
  const o = occurrences[fit.occurrence % occurrences.length];
  const start = DateTime.fromISO(o.startAt, { zone });
  const end = DateTime.fromISO(o.endAt, { zone });
  if (start.toISODate() !== end.toISODate()) return [];
  const from = Math.max(0, Math.floor((start.hour * 60 + start.minute) / 15) * 15 - fit.before * 15);
  const to = Math.min(23 * 60 + 45, end.hour * 60 + end.minute + fit.after * 15);
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return from < to ? [{ day: start.weekday % 7, startTime: hhmm(from), endTime: hhmm(to) }] : [];
}

function uniqueDates<T extends { date: string }>(xs: T[]): T[] {
  return xs.filter((x, i) => xs.findIndex((y) => y.date === x.date) === i);
}

/** Whether the wall clock at `ms` in `zone` falls in the hours of its local date. */
function openAt(ms: number, zone: string, weeklyHours: PersonFacts['availableHours'], overrides: PersonFacts['availabilityOverrides']): boolean {
  const t = DateTime.fromMillis(ms, { zone });
  const date = t.toISODate();
  const minutes = t.hour * 60 + t.minute;
  const override = overrides.find((o) => o.date === date);
  const ranges = override ? override.availability : weeklyHours.filter((h) => h.day === t.weekday % 7);
  const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
  return ranges.some((r) => toMin(r.startTime) <= minutes && minutes < toMin(r.endTime));
}

function everyMinute(start: number, end: number, test: (ms: number) => boolean): boolean {
  for (let t = start; t < end; t += MINUTE) if (!test(t)) return false;
  return true;
}

/** The model's answer, as sorted keys "occurrence|type|user|remaining|total". */
function model({ booking, rules, facts }: World): string[] {
  const keys: string[] = [];
  const zone = booking.timeZoneId;
  const now = DateTime.fromISO(booking.now, { zone });
  booking.occurrences.forEach((o, i) => {
    const start = Date.parse(o.startAt);
    const end = Date.parse(o.endAt);
    const key = (type: string, user: string | null, rest = '||') => keys.push(`${i}|${type}|${user ?? ''}${rest}`);
    if (rules.supportedHours.length && !everyMinute(start, end, (t) => openAt(t, rules.timeZoneId, rules.supportedHours, []))) key('SUPPORTED_HOURS', null);
    const local = DateTime.fromMillis(start, { zone });
    if (rules.sessionInterval && (local.hour * 60 + local.minute) % rules.sessionInterval) key('SESSION_INTERVAL', null);
    if (!rules.sessionDurations.includes((end - start) / MINUTE)) key('SESSION_DURATION', null);
    if (!booking.bookedByAdmin && start > now.plus({ days: rules.sessionAdvanceDayLimit }).toMillis()) key('ADVANCE_LIMIT', null);
    for (const { userId, role } of participants(booking)) {
      const p = facts.find((f) => f.userId === userId)!;
      const buffer = rules.timeBuffer.enabled ? rules.timeBuffer.lengthMinutes * MINUTE : 0;
      for (const s of p.sessions) {
        const inside = (t: number) => t >= Date.parse(s.startAt) && t < Date.parse(s.endAt);
        const overlaps = !everyMinute(start, end, (t) => !inside(t));
        const near = !everyMinute(start - buffer, end + buffer, (t) => !inside(t));
        if (overlaps && rules.overlapChecksEnabled) key('OVERLAP', userId);
        if (!overlaps && near) key('TIME_BUFFER', userId);
      }
      if (role === 'TUTOR' && p.availableHours.length
        && !everyMinute(start, end, (t) => openAt(t, p.timeZoneId ?? zone, p.availableHours, p.availabilityOverrides))) key('AVAILABILITY', userId);
      if (role === 'TUTOR' && !booking.bookedByAdmin && p.advanceLimit && p.advanceLength
        && start > now.plus({ [p.advanceLength.toLowerCase()]: p.advanceLimit }).toMillis()) key('ADVANCE_LIMIT', userId);
    }
  });
  keys.push(...modelLimits({ booking, rules, facts }));
  return keys.sort();
}

/** The period of an instant, walked from the calendar: the Sunday a week starts on, the month's first day, or "all". */
function periodKey(kind: string, ms: number, zone: string): string {
  const t = DateTime.fromMillis(ms, { zone });
  if (kind === 'WEEKLY') return t.minus({ days: t.weekday % 7 }).toISODate()!;
  if (kind === 'MONTHLY') return t.toFormat('yyyy-MM');
  return 'all';
}

function modelLimits({ booking, rules, facts }: World): string[] {
  const keys: string[] = [];
  const zone = booking.timeZoneId;
  const resetAt = rules.sessionLimit.resetDate ? DateTime.fromISO(rules.sessionLimit.resetDate, { zone }).toMillis() : -Infinity;
  for (const { userId, role } of participants(booking)) {
    const p = facts.find((f) => f.userId === userId)!;
    const limits: Array<{ kind: string; total: number; programs: string[] | null; type: string }> = [];
    if (role === 'TUTEE' && rules.sessionLimit.type !== 'NONE' && rules.sessionLimit.minuteLimit !== null) {
      limits.push({ kind: rules.sessionLimit.type, total: rules.sessionLimit.minuteLimit, programs: null, type: 'MINUTE_LIMIT' });
    }
    if (role === 'TUTOR' && rules.tutorHoursLimit.isEnabled) {
      for (const l of rules.tutorHoursLimit.limits) {
        if (l.programIds.includes(booking.programId)) limits.push({ kind: 'WEEKLY', total: Math.round(l.weeklyHourLimit * 60), programs: l.programIds, type: 'TUTOR_HOURS_LIMIT' });
      }
    }
    for (const limit of limits) {
      const counted = (ms: number) => limit.kind !== 'TOTAL' || ms >= resetAt;
      booking.occurrences.forEach((o, i) => {
        const start = Date.parse(o.startAt);
        if (!counted(start)) return;
        const period = periodKey(limit.kind, start, zone);
        let used = limit.kind === 'TOTAL' ? p.minutesOutside : 0;
        for (const s of p.sessions) {
          const at = Date.parse(s.startAt);
          if ((limit.programs === null || limit.programs.includes(s.programId)) && counted(at) && periodKey(limit.kind, at, zone) === period) used += (Date.parse(s.endAt) - at) / MINUTE;
        }
        for (const e of booking.occurrences.slice(0, i)) {
          if (counted(Date.parse(e.startAt)) && periodKey(limit.kind, Date.parse(e.startAt), zone) === period) used += (Date.parse(e.endAt) - Date.parse(e.startAt)) / MINUTE;
        }
        if (used + (Date.parse(o.endAt) - start) / MINUTE > limit.total) keys.push(`${i}|${limit.type}|${userId}|${Math.max(0, Math.floor(limit.total - used))}|${limit.total}`);
      });
    }
  }
  return keys;
}

function actual(w: World): string[] {
  const index = new Map(w.booking.occurrences.map((o, i) => [o.startAt, i]));
  return findConflicts(w.booking, w.rules, w.facts)
    .map((c) => `${index.get(c.startAt)}|${c.type}|${c.userId ?? ''}|${c.remainingMinutes ?? ''}|${c.totalMinutes ?? ''}`).sort();
}

describe('findConflicts', () => {
  it('answers what a minute-by-minute check finds, across clock changes and every rule', () => {
    fc.assert(fc.property(world, (w) => {
      expect(actual(w)).toEqual(model(w));
    }), { numRuns: 300 });
  });
});
