/** Occurrence ids, remembered (domain/session/model.ts occurrenceId). */
import { occurrenceId, type LocalDate } from './model';

const ids = new Map<string, string>();
const IDS_KEPT = 50_000;

/** occurrenceId, remembered: a name-based uuid hashes, and every command expands its booking again. */
export function idOf(segmentId: string, date: LocalDate): string {
  const key = `${segmentId}|${date}`;
  let id = ids.get(key);
  if (id === undefined) {
    id = occurrenceId(segmentId, date);
    if (ids.size >= IDS_KEPT) ids.delete(ids.keys().next().value ?? '');
    ids.set(key, id);
  }
  return id;
}
