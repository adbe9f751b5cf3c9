/** How a report's schedule and times read on the pages (decision 0068). */
import type { MessageId } from '../../i18n/en';

type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

export interface ScheduleWords {
  readonly frequency: string;
  readonly dayOfWeek: number | null | undefined;
  readonly dayOfMonth: number | null | undefined;
  readonly dailySchedule: { readonly timeOfDay: number };
  readonly timeZoneId: string;
}

const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function dayLabel(t: Translate, day: number): string {
  return t(`reports.day.${(WEEK_DAYS as readonly number[]).includes(day) ? day as (typeof WEEK_DAYS)[number] : 1}`);
}

export function scheduleText(t: Translate, s: ScheduleWords): string {
  const frequency = (FREQUENCIES as readonly string[]).includes(s.frequency) ? s.frequency as (typeof FREQUENCIES)[number] : 'DAILY';
  const hour = String(s.dailySchedule.timeOfDay).padStart(2, '0');
  const day = frequency === 'WEEKLY' ? dayLabel(t, s.dayOfWeek ?? 1) : String(s.dayOfMonth ?? 1);
  return t(`reports.schedule.${frequency}`, { hour, zone: s.timeZoneId, day });
}

/** An instant in the report's own zone, as the reader's locale writes it. */
export function instantText(iso: string, timeZoneId: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'sp' ? 'es' : 'en', { dateStyle: 'medium', timeStyle: 'short', timeZone: timeZoneId }).format(new Date(iso));
}
