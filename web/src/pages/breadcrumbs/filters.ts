/**
 * The trail's filters live in the URL (`?actor=…&action=…&targetType=…&target=…&from=…&to=…`), so
 * a filtered view can be shared. Dates are calendar days in the viewer's zone: `from` starts at its
 * midnight, `to` includes its whole day. Malformed parameters are ignored rather than failing the page.
 */
import { DateTime } from 'luxon';

export interface TrailFilter {
  actor: string | null;
  action: string | null;
  targetType: string | null;
  target: string | null;
  from: string | null;
  to: string | null;
}

export const NO_FILTER: TrailFilter = { actor: null, action: null, targetType: null, target: null, from: null, to: null };

const PATTERNS: Record<keyof TrailFilter, RegExp> = {
  actor: /^[\w:=+/-]{1,200}$/,
  action: /^[A-Z][A-Za-z0-9]{0,99}$/,
  targetType: /^[a-z][a-z0-9_]{0,49}$/,
  target: /^[\w:=+/.-]{1,200}$/,
  from: /^\d{4}-\d{2}-\d{2}$/,
  to: /^\d{4}-\d{2}-\d{2}$/,
};

const KEYS = Object.keys(PATTERNS) as Array<keyof TrailFilter>;

function isDay(value: string): boolean {
  return DateTime.fromISO(value).isValid;
}

export function filterFromParams(params: URLSearchParams): TrailFilter {
  const filter = { ...NO_FILTER };
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (value && PATTERNS[key].test(value) && (key !== 'from' && key !== 'to' ? true : isDay(value))) filter[key] = value;
  }
  // A range that ends before it starts matches nothing; keep its start, which the reader chose first.
  if (filter.from && filter.to && filter.to < filter.from) filter.to = null;
  return filter;
}

export function paramsFromFilter(filter: TrailFilter): Record<string, string> {
  return Object.fromEntries(KEYS.flatMap((key) => (filter[key] ? [[key, filter[key]]] : [])));
}

export function isFiltered(filter: TrailFilter): boolean {
  return KEYS.some((key) => filter[key] !== null);
}

/** The filter as the server takes it (schema/audit.graphql BreadcrumbFilter). */
export interface ServerFilter {
  actorUserIds: string[] | null;
  eventTypes: string[] | null;
  targetType: string | null;
  targetId: string | null;
  from: string | null;
  to: string | null;
}

/** Days become instants in the viewer's zone: from its first midnight to the midnight after `to`. */
export function serverFilter(filter: TrailFilter, zone?: string): ServerFilter {
  const day = (value: string) => DateTime.fromISO(value, { zone: zone ?? 'local' }).startOf('day');
  return {
    actorUserIds: filter.actor ? [filter.actor] : null,
    eventTypes: filter.action ? [filter.action] : null,
    targetType: filter.targetType,
    targetId: filter.target,
    from: filter.from ? day(filter.from).toUTC().toISO() : null,
    to: filter.to ? day(filter.to).plus({ days: 1 }).toUTC().toISO() : null,
  };
}
