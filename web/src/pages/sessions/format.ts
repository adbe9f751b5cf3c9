/**
 * Times of sessions as the reader sees them: in the viewer's zone (their profile's, else the
 * browser's), times as "h:mm A" and long dates as "Weekday, Month 1st, Year" (SPEC section 9;
 * luxon has no ordinals, so the day is a plain number in every language).
 */
import { DateTime, Info } from 'luxon';

export interface Span { startAt: string; endAt: string }

/** The viewer's zone: the profile's when it is one luxon knows, else the browser's. */
export function viewerZone(profileZone: string | null | undefined): string {
  if (profileZone && Info.isValidIANAZone(profileZone)) return profileZone;
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zone's name with its current abbreviation, e.g. "America/New_York (EST)". */
export function zoneLabel(zone: string, locale: string, at: DateTime = DateTime.now()): string {
  const short = at.setZone(zone).setLocale(locale).toFormat('ZZZZ');
  return short && short !== zone ? `${zone} (${short})` : zone;
}

export function formatWhen(span: Span, zone: string, locale: string): { date: string; start: string; end: string } {
  const start = DateTime.fromISO(span.startAt).setZone(zone).setLocale(locale);
  const end = DateTime.fromISO(span.endAt).setZone(zone).setLocale(locale);
  return {
    date: start.toLocaleString({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    start: start.toLocaleString(DateTime.TIME_SIMPLE),
    end: end.toLocaleString(DateTime.TIME_SIMPLE),
  };
}

export interface MonthGroup<T> { key: string; label: string; items: T[] }

/** Completed sessions grouped by the month they started in (viewer's zone), in the list's order. */
export function groupByMonth<T extends Span>(items: readonly T[], zone: string, locale: string): MonthGroup<T>[] {
  const groups: MonthGroup<T>[] = [];
  for (const item of items) {
    const start = DateTime.fromISO(item.startAt).setZone(zone).setLocale(locale);
    const key = start.toFormat('yyyy-MM');
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: start.toLocaleString({ month: 'long', year: 'numeric' }), items: [item] });
  }
  return groups;
}

/** Within 24 hours of the start (and not yet started long ago): cancelling asks for a reason (SPEC sections 2, 5). */
export function startsWithinDay(startAt: string, now: DateTime = DateTime.now()): boolean {
  const hours = DateTime.fromISO(startAt).diff(now, 'hours').hours;
  return hours <= 24;
}

/** "4:00 PM – 5:00 PM, 6:00 PM – 7:00 PM" from HH:mm spans. */
export function rangesText(ranges: readonly { startTime: string; endTime: string }[], locale: string): string {
  const time = (value: string) => DateTime.fromFormat(value, 'HH:mm').setLocale(locale).toLocaleString(DateTime.TIME_SIMPLE);
  return ranges.map((r) => `${time(r.startTime)} – ${time(r.endTime)}`).join(', ');
}
