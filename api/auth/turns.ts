/**
 * First come, first served turns per key, within this process: the log-ins of one account and
 * address take their turn to reserve an attempt in the order they arrived (api/auth/throttle.ts).
 * Without it, a log-in that has to wait polls, and a later arrival that happens to ask just after
 * an attempt finished takes the free place first; under a steady stream of log-ins the waiter can
 * lose every time until it gives up as busy. A finished attempt wakes the waiting head at once, so
 * a waiter does not sleep through a free place either. Across processes the waiter still polls.
 */
export interface Turn {
  /** Sleeps up to `ms`, or until an attempt of this process finishes (wakeAll). */
  pause(ms: number): Promise<void>;
  /** Gives the turn to the next waiter of the key (once; later calls do nothing). */
  leave(): void;
}

export class KeyedTurns {
  /** Per key, the waiters in arrival order; the first holds the turn. */
  private readonly queues = new Map<string, Array<() => void>>();
  private readonly sleepers = new Set<() => void>();

  /** Resolves when every earlier arrival for `key` has left. */
  async enter(key: string): Promise<Turn> {
    let queue = this.queues.get(key);
    if (!queue) {
      queue = [];
      this.queues.set(key, queue);
    }
    const ready = new Promise<void>((resolve) => queue.push(resolve));
    // The first in line starts at once; the others are started by leave().
    if (queue.length === 1) queue[0]();
    await ready;
    let left = false;
    return {
      pause: (ms) => this.pause(ms),
      leave: () => {
        if (left) return;
        left = true;
        this.leave(key);
      },
    };
  }

  /** An attempt finished: every waiting head asks again now rather than at the end of its pause. */
  wakeAll(): void {
    const sleepers = [...this.sleepers];
    this.sleepers.clear();
    for (const wake of sleepers) wake();
  }

  /** Keys with log-ins queued (for tests). */
  get waitingKeys(): number {
    return this.queues.size;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private leave(key: string): void {
    const queue = this.queues.get(key);
    if (!queue) return;
    queue.shift();
    if (queue.length === 0) this.queues.delete(key);
    else queue[0]();
  }
}
