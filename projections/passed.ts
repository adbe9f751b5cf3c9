/**
 * Whether a consumer of `types` (null: every type) whose checkpoint is at `from` has applied
 * everything up to `position`: true when its checkpoint is there, or when the log holds no event of
 * its types after `from` up to `position` and none can appear there later (LogPage.through).
 *
 * Workers are woken only for appends of the types they consume (docs/decisions/0078), so the
 * checkpoint of a build or reactor led by another process can stay behind events it would merely
 * pass over; a waiter here decides from the log instead of waiting for that process's idle read.
 */
import { comparePositions, type Position } from '../domain/shared/events';
import type { EventStore } from '../infra/eventstore/port';

export async function appliedThrough(store: EventStore, types: readonly string[] | null, from: Position | null, position: Position): Promise<boolean> {
  if (from && comparePositions(from, position) >= 0) return true;
  const page = await store.readPage({ after: from, limit: 1, ...(types ? { types } : {}) });
  if (!page.through || comparePositions(page.through, position) < 0) return false;
  const next = page.events[0];
  return !next || comparePositions(next.position, position) > 0;
}
