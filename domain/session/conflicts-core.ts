/**
 * The shapes of the conflict checks (docs/decisions/0057-booking-conflicts.md) and what every
 * check shares: the booking, its people's facts, the ecosystem's rules, and how a conflict is told.
 */
import { DateTime } from 'luxon';
import type { Message } from '../shared/i18n';
import { hoursForDay, type DayOverride, type TimeRange, type WeeklyHours } from './conflicts-time';
import type { LocalDate } from './model';

export type { TimeRange } from './conflicts-time';

export const CONFLICT_TYPES = [
  'OVERLAP', 'AVAILABILITY', 'SUPPORTED_HOURS', 'TIME_BUFFER', 'SESSION_INTERVAL', 'SESSION_DURATION', 'ADVANCE_LIMIT', 'MINUTE_LIMIT', 'TUTOR_HOURS_LIMIT',
] as const;
export type ConflictType = (typeof CONFLICT_TYPES)[number];
export type AdvanceUnit = 'MINUTES' | 'HOURS' | 'DAYS';
export type SessionLimitType = 'NONE' | 'WEEKLY' | 'MONTHLY' | 'TOTAL';

/** One occurrence of the booking: its local date and instants (ISO) in the booking's zone. */
export interface BookingOccurrence { date: LocalDate; startAt: string; endAt: string }

export interface ConflictBooking {
  timeZoneId: string;
  programId: string;
  occurrences: BookingOccurrence[];
  tutorIds: string[];
  tuteeIds: string[];
  bookedByAdmin: boolean;
  /** ISO instant. */
  now: string;
}

/** Another session a person has (not cancelled, not one of the occurrences being edited). */
export interface BookedSession { startAt: string; endAt: string; programId: string }

export interface PersonFacts {
  userId: string;
  name: string;
  /** Null: their hours are read in the booking's zone. */
  timeZoneId: string | null;
  availableHours: WeeklyHours[];
  availabilityOverrides: DayOverride[];
  advanceLimit: number | null;
  advanceLength: AdvanceUnit | null;
  /** Their sessions from `factsRange(...).from` until `.to` (by start). */
  sessions: BookedSession[];
  /** TOTAL session limit: minutes of their sessions since the reset date that start outside `sessions`' range. */
  minutesOutside: number;
}

export interface ConflictRules {
  /** The zone of supportedHours: the ecosystem's first supported zone. */
  timeZoneId: string;
  tutorTerm: string;
  tuteeTerm: string;
  overlapChecksEnabled: boolean;
  supportedHours: WeeklyHours[];
  timeBuffer: { enabled: boolean; lengthMinutes: number };
  /** 0: no constraint. */
  sessionInterval: number;
  sessionDurations: number[];
  sessionAdvanceDayLimit: number;
  sessionLimit: { type: SessionLimitType; minuteLimit: number | null; resetDate: LocalDate | null };
  tutorHoursLimit: { isEnabled: boolean; limits: Array<{ programIds: string[]; weeklyHourLimit: number }> };
}

export interface Conflict {
  type: ConflictType;
  description: Message;
  date: LocalDate;
  startAt: string;
  /** Whose rule or sessions; null: the ecosystem's rule. */
  userId: string | null;
  /** The person's (for the ecosystem's rules: the first tutor's) available hours that day, in the booking's zone. */
  dayAvailability: TimeRange[];
  remainingMinutes: number | null;
  totalMinutes: number | null;
}

/** Everything a check of one occurrence needs. */
/** A person's other sessions as instants, by start, for the neighbour search (built once per booking). */
export interface Timeline { starts: number[]; ends: number[]; programs: string[]; longest: number }

export interface OccurrenceCheck {
  booking: ConflictBooking;
  rules: ConflictRules;
  people: ReadonlyMap<string, PersonFacts>;
  timelines: ReadonlyMap<string, Timeline>;
  occurrence: BookingOccurrence;
  start: number;
  end: number;
  /** Each person's hours on the occurrence's date, once asked for. */
  days: Map<string, TimeRange[]>;
  /** Advance horizons (instants) by limit, shared by the booking's occurrences. */
  horizons: Map<string, number>;
}

/** `now` plus `amount` `unit` in the booking's zone (calendar days keep the wall time), computed once per booking. */
export function horizon(c: OccurrenceCheck, unit: 'minutes' | 'hours' | 'days', amount: number): number {
  const key = `${unit}/${amount}`;
  let at = c.horizons.get(key);
  if (at === undefined) {
    at = DateTime.fromISO(c.booking.now, { zone: c.booking.timeZoneId }).plus({ [unit]: amount }).toMillis();
    c.horizons.set(key, at);
  }
  return at;
}

export type Role = 'TUTOR' | 'TUTEE';

export function participants(booking: ConflictBooking): Array<{ userId: string; role: Role }> {
  return [...booking.tutorIds.map((userId) => ({ userId, role: 'TUTOR' as const })),
    ...booking.tuteeIds.filter((id) => !booking.tutorIds.includes(id)).map((userId) => ({ userId, role: 'TUTEE' as const }))];
}

export function conflict(c: OccurrenceCheck, type: ConflictType, description: Message, userId: string | null, minutes?: { remaining: number; total: number }): Conflict {
  const whose = userId ?? c.booking.tutorIds[0] ?? null;
  return {
    type, description, date: c.occurrence.date, startAt: c.occurrence.startAt, userId,
    dayAvailability: whose ? dayAvailability(c, whose) : [],
    remainingMinutes: minutes?.remaining ?? null, totalMinutes: minutes?.total ?? null,
  };
}

function dayAvailability(c: OccurrenceCheck, userId: string): TimeRange[] {
  const known = c.days.get(userId);
  if (known) return known;
  const p = c.people.get(userId);
  const hours = p ? dayHours(c, p) : [];
  c.days.set(userId, hours);
  return hours;
}

function dayHours(c: OccurrenceCheck, p: PersonFacts): TimeRange[] {
  return hoursForDay(c.occurrence.date, c.booking.timeZoneId, p.timeZoneId ?? c.booking.timeZoneId, p.availableHours, p.availabilityOverrides);
}

export function termOf(c: OccurrenceCheck, role: Role): string {
  return role === 'TUTOR' ? c.rules.tutorTerm : c.rules.tuteeTerm;
}

