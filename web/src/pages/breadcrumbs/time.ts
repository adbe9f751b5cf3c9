/**
 * Audit times to the second with the zone, in the viewer's zone and language:
 * "23 Nov 2026, 14:05:09 GMT-5" / "23 nov 2026, 14:05:09 GMT-5". The zone is written as an offset
 * from GMT, which reads the same in every language and says exactly which instant is meant.
 */
import { DateTime } from 'luxon';

/** -300 -> "GMT-5", 330 -> "GMT+5:30", 0 -> "GMT". */
export function gmtOffset(minutes: number): string {
  if (minutes === 0) return 'GMT';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `GMT${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** `zone` is an IANA zone; the browser's own when left out. */
export function formatAuditTime(iso: string, localeTag: string, zone?: string): string {
  const time = DateTime.fromISO(iso, { zone: zone ?? 'local' }).setLocale(localeTag);
  if (!time.isValid) return iso;
  // Intl writes "sept" and "nov." in some languages; the audit keeps one short, dot-free form.
  const month = time.toFormat('LLL').replace(/\.$/, '');
  return `${time.toFormat('d')} ${month} ${time.toFormat('yyyy, HH:mm:ss')} ${gmtOffset(time.offset)}`;
}

/** The viewer's zone name (America/New_York), for the CSV's zone column. */
export function viewerZone(zone?: string): string {
  return DateTime.local({ zone: zone ?? 'local' }).zoneName ?? 'UTC';
}
