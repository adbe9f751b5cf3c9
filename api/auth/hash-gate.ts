/**
 * A bound on password verifications running at once in this process. argon2id costs tens of
 * milliseconds of CPU and 19 MiB each and runs on libuv's small thread pool, which file and DNS work
 * share, so a burst of log-ins must queue rather than all run together. Waiters are served first
 * come, first served; when the queue is full a log-in is refused at once (GateFullError) instead of
 * waiting behind hundreds of others.
 */
export class GateFullError extends Error {
  constructor() {
    super('Password verification queue is full');
  }
}

export class HashGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly maxActive: number, private readonly maxQueued: number) {}

  /** Verifications running and waiting now (for tests and diagnostics). */
  get load(): { active: number; queued: number } {
    return { active: this.active, queued: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private async enter(): Promise<void> {
    if (this.active < this.maxActive) {
      this.active++;
      return;
    }
    if (this.waiting.length >= this.maxQueued) throw new GateFullError();
    // The leaving holder hands its slot over directly, so `active` never dips and lets a newcomer jump the queue.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
