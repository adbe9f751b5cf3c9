/**
 * Audit times to the second with the zone, in the viewer's zone and language:
 * "23 Nov 2026, 14:05:09 UTC-5" / "23 nov 2026, 14:05:09 UTC-5". The zone is written as an offset
 * from UTC, which reads the same in every language and says exactly which instant is meant; the
 * CSV's zone column names the zone itself, and says "UTC" for the zone that the times call "UTC".
 */
import { DateTime } from 'luxon';

/** -300 -> "UTC-5", 330 -> "UTC+5:30", 0 -> "UTC". */
export function utcOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** "23 Nov 2026": one short, dot-free month in every language (Intl writes "sept" and "nov." in some). */
function day(time: DateTime): string {
  return `${time.toFormat('d')} ${time.toFormat('LLL').replace(/\.$/, '')} ${time.toFormat('yyyy')}`;
}

/** `zone` is an IANA zone; the browser's own when left out. */
export function formatAuditTime(iso: string, localeTag: string, zone?: string): string {
  const time = DateTime.fromISO(iso, { zone: zone ?? 'local' }).setLocale(localeTag);
  if (!time.isValid) return iso;
  return `${day(time)}, ${time.toFormat('HH:mm:ss')} ${utcOffset(time.offset)}`;
}

/** A calendar day ("2026-12-01", as a demo start date is stored) in the reader's language: no zone, it names no instant. */
export function formatAuditDate(isoDate: string, localeTag: string): string {
  const date = DateTime.fromISO(isoDate, { zone: 'UTC' }).setLocale(localeTag);
  return date.isValid ? day(date) : isoDate;
}

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'UCT', 'GMT', 'Etc/GMT', 'Etc/GMT0', 'Etc/GMT+0', 'Etc/GMT-0', 'Etc/Universal', 'Etc/Zulu', 'Universal', 'Zulu']);

/** The viewer's zone name (America/New_York), for the CSV's zone column; the names of UTC read "UTC", as the times do. */
export function viewerZone(zone?: string): string {
  const name = DateTime.local({ zone: zone ?? 'local' }).zoneName ?? 'UTC';
  return UTC_NAMES.has(name) ? 'UTC' : name;
}
