/** What both adapters share about pages of the global log (port.ts LogPage). */
import { comparePositions, type Position, type RecordedEvent } from '../../domain/shared/events';
import type { ReadAllOptions } from './port';

/** The newest of the given positions; null when all are null. */
export function latest(...positions: Array<Position | null | undefined>): Position | null {
  let out: Position | null = null;
  for (const p of positions) if (p && (!out || comparePositions(p, out) > 0)) out = p;
  return out;
}

/**
 * LogPage.through: a full page is complete only up to its last event (more may follow at once);
 * a short one up to the newest readable position the read saw, `head`.
 */
export function pageThrough(after: Position | null, events: readonly RecordedEvent[], limit: number, head: Position | null): Position | null {
  const last = events.length > 0 ? events[events.length - 1].position : null;
  return events.length >= limit ? last : latest(after, last, head);
}

/** Checks readAll's options; returns the wanted types, distinct and sorted, or null for every type. */
export function checkReadOptions({ limit, types }: ReadAllOptions): string[] | null {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`readAll limit must be a positive integer, got ${limit}`);
  if (types === undefined) return null;
  if (!Array.isArray(types) || types.some((t) => typeof t !== 'string' || t === '')) {
    throw new TypeError('readAll types must be a list of non-empty event type names');
  }
  return [...new Set(types)].sort();
}
