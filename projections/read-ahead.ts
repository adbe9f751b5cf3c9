/**
 * A building build's next page of the log, read while the current page is applied (docs/decisions/
 * 0031). A rebuild alternated between reading, where the database waited for the JavaScript
 * decoding the rows, and writing, where the JavaScript waited for the database; reading the next
 * page during the write lets the two run on separate cores.
 *
 * A page read ahead is used only by the read it was meant for: same position, same limit, and only
 * when it holds events. Events below the visibility horizon never change and later ones sort after
 * them, so such a page is what a read now would begin with (it may end sooner: the batch's own
 * transaction holds the horizon back while it is open). An empty one is read again, so that whether
 * a build has caught up (and may switch) is always decided by a fresh read.
 */
import { samePosition } from './checkpoints';
import type { Position } from '../domain/shared/events';
import type { LogPage } from '../infra/eventstore/port';

type Read = (after: Position | null, limit: number) => Promise<LogPage>;

export class ReadAhead {
  private next: { after: Position | null; limit: number; page: Promise<LogPage | null> } | null = null;

  constructor(private readonly read: Read) {}

  /** Starts reading the page after `after`. */
  start(after: Position | null, limit: number): void {
    // A failed read ahead is simply not used: page() then reads again and that read reports the error.
    this.next = { after, limit, page: this.read(after, limit).catch(() => null) };
  }

  /** The page after `after`: the one read ahead for it when it holds events, else a fresh read. */
  async page(after: Position | null, limit: number): Promise<LogPage> {
    const next = this.next;
    this.next = null;
    // Awaited even when it is of no use (rare: the build moved), so that no read outlives its worker.
    const early = next ? await next.page : null;
    if (early && early.events.length > 0 && next?.limit === limit && samePosition(next.after, after)) return early;
    return this.read(after, limit);
  }

  /** Forgets any page read ahead, once its read has finished (so nothing runs after a worker stops). */
  async drop(): Promise<void> {
    const next = this.next;
    this.next = null;
    await next?.page;
  }
}
