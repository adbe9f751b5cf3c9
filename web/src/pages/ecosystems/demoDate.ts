/** The demo start date: luxon (the project's one date library) for the reader's zone and the calendar. */
import { DateTime } from 'luxon';

/** Today in the reader's time zone, as YYYY-MM-DD. */
export function today(now: DateTime = DateTime.local()): string {
  return now.toFormat('yyyy-MM-dd');
}

/** A real calendar date as the API's Date scalar takes it (YYYY-MM-DD), or null (2026-02-30 is not one). */
export function calendarDate(value: string): string | null {
  const date = DateTime.fromFormat(value.trim(), 'yyyy-MM-dd');
  return date.isValid ? date.toFormat('yyyy-MM-dd') : null;
}
