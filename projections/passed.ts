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
  return await appliedOrUnreadable(store, types, from, position) === true;
}

/**
 * appliedThrough, telling apart the one "no" that no progress will announce: `position` is not
 * readable yet (an older transaction still open keeps LogPage.through below it), while no event of
 * the consumer's types is in the way. A waiter then looks again soon, rather than wait for a
 * checkpoint that has no reason to move.
 */
export async function appliedOrUnreadable(store: EventStore, types: readonly string[] | null, from: Position | null, position: Position): Promise<boolean | 'unreadable'> {
  if (from && comparePositions(from, position) >= 0) return true;
  const page = await store.readPage({ after: from, limit: 1, ...(types ? { types } : {}) });
  const next = page.events[0];
  if (next && comparePositions(next.position, position) <= 0) return false;
  if (!page.through || comparePositions(page.through, position) < 0) return next ? false : 'unreadable';
  return true;
}

/** First wait before a waiter looks again at a position not readable yet; doubles up to the polling interval. */
export const UNREADABLE_RETRY_MS = 5;
