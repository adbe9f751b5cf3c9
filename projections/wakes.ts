/**
 * When a build worker reads next (decision 0026): it sleeps while caught up and is woken when
 * events are appended (within `coalesceMs`, so appends arriving together are read together) or
 * when someone waits for a position (at once). A position announced but not yet readable waits
 * only for an older transaction to finish, so it is looked for again soon, backing off.
 */
import { comparePositions, type Position } from '../domain/shared/events';

/** First wait before looking again for an announced position not readable yet; doubles up to idleMs. */
const RETRY_MS = 5;

export interface WakeTimes {
  /** Longest wait when caught up and not woken. */
  idleMs: number;
  /** Longest wait after a wake-up nobody waits for. */
  coalesceMs: number;
}

export class WakeSchedule {
  /** The newest position announced (an append, a waiter's): read until past it. */
  private target: Position | null = null;
  /** Someone waits for `target` (waitFor): no coalescing until it is passed. */
  private urgent = false;
  /** A wake-up with no position arrived while awake: read again whatever the position. */
  private wakeRequested = false;
  private retryWait = RETRY_MS;
  private sleeper: { done: () => void; soon: (ms: number) => void; wakeable: boolean } | null = null;

  /** `position()`: how far the worker has read. */
  constructor(private readonly times: WakeTimes, private readonly position: () => Position | null) {}

  /** What the worker looks for with the read it starts now (pass it to idleWait). */
  get lookingFor(): Position | null {
    return this.target;
  }

  /**
   * New events may be readable (up to `position`, when known): end a wakeable sleep, at once when
   * `urgent`, else within coalesceMs. A position already passed asks for nothing; one announced
   * while the worker reads is looked for once that read ends (idleWait).
   */
  wake(position: Position | null, urgent: boolean): void {
    if (position && (!this.target || comparePositions(position, this.target) > 0)) this.target = position;
    const passed = this.position();
    if (position && passed && comparePositions(position, passed) <= 0) return;
    if (urgent) this.urgent = true;
    if (this.sleeper?.wakeable) {
      if (urgent) this.sleeper.done();
      else this.sleeper.soon(this.times.coalesceMs);
    } else if (!position) {
      this.wakeRequested = true;
    }
  }

  /**
   * The wait after a read that left the worker caught up: the idle wait, unless an announced
   * position is not passed yet. Announced during that read (`lookingFor` was older), it may simply
   * have come too late for it: read again, now if someone waits, else within coalesceMs. Already
   * looked for: back off.
   */
  idleWait(lookingFor: Position | null): number {
    const passed = this.position();
    if (!this.target || (passed && comparePositions(passed, this.target) >= 0)) {
      this.retryWait = RETRY_MS;
      this.urgent = false;
      return this.times.idleMs;
    }
    if (lookingFor !== this.target) return this.urgent ? 0 : this.times.coalesceMs;
    const wait = this.retryWait;
    this.retryWait = Math.min(wait * 2, this.times.idleMs);
    return wait;
  }

  /** Sleeps `ms`; a wakeable sleep ends early on wake(), or at once if a wake-up came meanwhile. */
  sleep(ms: number, wakeable: boolean): Promise<void> {
    if (wakeable && this.wakeRequested) {
      this.wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      let until = Date.now() + ms;
      const done = () => {
        clearTimeout(timer);
        this.sleeper = null;
        resolve();
      };
      let timer = setTimeout(done, ms);
      // Ends the sleep within `sooner` ms, unless it ends before that anyway.
      const soon = (sooner: number) => {
        if (until <= Date.now() + sooner) return;
        clearTimeout(timer);
        until = Date.now() + sooner;
        timer = setTimeout(done, sooner);
      };
      this.sleeper = { done, soon, wakeable };
    });
  }

  /** Ends any sleep now (stopping). */
  interrupt(): void {
    this.sleeper?.done();
  }
}

/**
 * The pause before trying a failing batch (a projection's) or event (a reactor's) again: 100 ms,
 * doubling per consecutive failure, at most `maxMs`. Not wakeable by readers: it runs on its own schedule.
 */
export function retryDelayMs(failures: number, maxMs: number): number {
  return Math.min(maxMs, 50 * 2 ** Math.min(failures, 12));
}
