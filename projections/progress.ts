/**
 * What waitFor waits on (decision 0026): the progress of builds, reported at once by this
 * process's workers and, for builds another process applies, announced by that process with a
 * NOTIFY on `projections_progress` after each commit of a serving build's batch or pass.
 */
import type { Pool } from 'pg';
import type { Position } from '../domain/shared/events';
import { Wakeups } from '../infra/eventstore/postgres-wakeups';

/** NOTIFY channel of checkpoint progress of serving builds, for waitFor in other processes. */
export const PROGRESS_CHANNEL = 'projections_progress';

export interface NextProgress {
  /** Resolves on the next progress, or after `ms` (the fallback for progress nobody announced). */
  wait(ms: number): Promise<void>;
  cancel(): void;
}

export class ProgressWaits {
  private wakeups: Wakeups;
  private readonly waiters = new Set<() => void>();
  private stopHearing: (() => void) | null = null;

  constructor(private readonly pool: Pool) {
    this.wakeups = this.newWakeups();
  }

  /** Registers for the next progress now: progress made while the caller looks is not missed. */
  next(): NextProgress {
    let wake!: () => void;
    const progressed = new Promise<void>((resolve) => { wake = resolve; });
    this.waiters.add(wake);
    return {
      cancel: () => { this.waiters.delete(wake); },
      async wait(ms) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([progressed, new Promise<void>((resolve) => { timer = setTimeout(resolve, ms); })]);
        clearTimeout(timer);
      },
    };
  }

  /** A build of this process made progress. */
  progressed(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /** A serving build this process leads committed up to `position`: tell other processes, after the commit, coalesced. */
  announce(position: Position, schema: string): void {
    this.wakeups.announce(position, schema);
  }

  /**
   * Follows other processes' announcements from the first wait that needs them until stop(); once
   * this resolves, LISTEN is active (or cannot be, and the fallback timer carries on alone).
   */
  async hearOthers(): Promise<void> {
    this.stopHearing ??= this.wakeups.add(() => this.progressed());
    await this.wakeups.ensureListening();
  }

  /** Stops listening and sends what is still to announce; ready for a later start. */
  async stop(): Promise<void> {
    this.stopHearing?.();
    this.stopHearing = null;
    const old = this.wakeups;
    this.wakeups = this.newWakeups();
    await old.close();
  }

  private newWakeups(): Wakeups {
    return new Wakeups(this.pool, { channel: PROGRESS_CHANNEL, label: 'projections' });
  }
}
