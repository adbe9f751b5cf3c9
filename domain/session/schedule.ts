/**
 * A schedule's shape (zod, for command inputs) and its rules (spec section 5), checked by the
 * decider so that the user reads the spec's own sentence, not "Some fields are not valid.".
 */
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { ValidationError, type FieldErrors } from '../shared/errors';
import type { Message } from '../shared/i18n';
import { FREQUENCIES, MAX_SERIES_DAYS, type Schedule } from './model';
import { sessionMessages as m } from './messages';
import { calendarDay, scheduleDates } from './recurrence';

export const MIN_DURATION_MINUTES = 15;
export const MAX_DURATION_MINUTES = 7 * 60;
export const MAX_INTERVAL = 52;
/** Whole weeks that fit in MAX_SERIES_DAYS. */
export const MAX_WEEKS = Math.floor(MAX_SERIES_DAYS / 7);

export const localDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const localTimeSchema = z.string().regex(/^\d{2}:\d{2}$/);

export const recurrenceSchema = z.object({
  frequency: z.enum(FREQUENCIES),
  interval: z.number().int(),
  recurringDays: z.array(z.number().int()),
  weeks: z.number().int().nullable(),
  endDate: localDateSchema.nullable(),
});

export const scheduleSchema = z.object({
  timeZoneId: z.string().min(1).max(64),
  startDate: localDateSchema,
  startTime: localTimeSchema,
  durationMinutes: z.number().int(),
  recurrence: recurrenceSchema.nullable(),
});

function validDate(date: string): boolean {
  return calendarDay(date).isValid;
}

function validTime(time: string): boolean {
  const [hour, minute] = time.split(':').map(Number);
  return hour >= 0 && hour < 24 && minute >= 0 && minute < 60;
}

function durationError(minutes: number): Message | null {
  if (minutes > MAX_DURATION_MINUTES) return m.tooLong;
  if (minutes < MIN_DURATION_MINUTES) return m.tooShort;
  return null;
}

function recurrenceErrors(schedule: Schedule, prefix: string): FieldErrors {
  const r = schedule.recurrence;
  const errors: FieldErrors = {};
  if (r === null) return errors;
  if (r.interval < 1 || r.interval > MAX_INTERVAL) errors[`${prefix}.interval`] = m.invalidInterval({ max: MAX_INTERVAL });
  if (r.frequency === 'WEEKLY' && r.recurringDays.length === 0) errors[`${prefix}.recurringDays`] = m.recurringDaysRequired;
  if (r.recurringDays.some((d) => d < 0 || d > 6)) errors[`${prefix}.recurringDays`] = m.invalidDay;
  if (r.weeks === null && r.endDate === null) errors[prefix] = m.endDateOrWeeks;
  if (r.weeks !== null && (r.weeks < 1 || r.weeks > MAX_WEEKS)) errors[`${prefix}.weeks`] = m.invalidWeeks({ max: MAX_WEEKS });
  if (r.endDate !== null) {
    if (!validDate(r.endDate)) errors[`${prefix}.endDate`] = m.invalidDate;
    else if (validDate(schedule.startDate)) {
      const days = calendarDay(r.endDate).diff(calendarDay(schedule.startDate), 'days').days;
      if (days < 0) errors[`${prefix}.endDate`] = m.endBeforeStart;
      else if (days >= MAX_SERIES_DAYS) errors[`${prefix}.endDate`] = m.seriesTooLong;
    }
  }
  return errors;
}

/** The field errors of a schedule, keyed under `prefix` (`schedule.durationMinutes`); empty when valid. */
export function scheduleErrors(schedule: Schedule, prefix = 'schedule'): FieldErrors {
  const errors: FieldErrors = {};
  if (!IANAZone.isValidZone(schedule.timeZoneId)) errors[`${prefix}.timeZoneId`] = m.invalidTimeZone;
  if (!validDate(schedule.startDate)) errors[`${prefix}.startDate`] = m.invalidDate;
  if (!validTime(schedule.startTime)) errors[`${prefix}.startTime`] = m.invalidTime;
  const duration = durationError(schedule.durationMinutes);
  if (duration) errors[`${prefix}.durationMinutes`] = duration;
  const all = { ...errors, ...recurrenceErrors(schedule, `${prefix}.recurrence`) };
  if (Object.keys(all).length === 0 && scheduleDates(schedule).length === 0) all[`${prefix}.recurrence`] = m.noOccurrences;
  return all;
}

/** Throws the spec's message (one field) or "Please check the highlighted fields." (several). */
export function validateSchedule(schedule: Schedule, prefix = 'schedule'): void {
  const errors = scheduleErrors(schedule, prefix);
  if (Object.keys(errors).length > 0) throw ValidationError.forFields(errors);
}

/**
 * Minutes from a start to an end wall time (the booking forms give both). An end at or before the
 * start is taken as the next day's, so a session over midnight works and a reversed pair is caught
 * as too long ("Sessions cannot be longer than 7 hours.") rather than silently accepted.
 */
export function durationOf(startTime: string, endTime: string): number {
  const minutes = (t: string): number => {
    const [h, m] = t.split(':').map(Number);
    return h * 60 + m;
  };
  const diff = minutes(endTime) - minutes(startTime);
  return diff > 0 ? diff : diff + 24 * 60;
}
