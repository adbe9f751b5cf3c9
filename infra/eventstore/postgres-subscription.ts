/**
 * Live subscriptions of the PostgreSQL event store: to the whole log (in position order, bounded by
 * the visibility rule that readPage applies) and to one stream (in revision order). Both only ever
 * read pages after their checkpoint; wake-ups (postgres-wakeups.ts) only make them read sooner.
 */
import { comparePositions, type Position, type RecordedEvent } from '../../domain/shared/events';
import type { Subscription } from './port';
import type { Wakeups } from './postgres-wakeups';

const MIN_BACKOFF_MS = 5;

interface LiveDeps {
  wakeups: Wakeups;
  pollIntervalMs: number;
  pageSize: number;
  onClose(): void;
}

/** Sleeping, waking and closing, shared by both kinds of subscription. */
abstract class LiveSubscription implements Subscription {
  protected signalled = false;
  protected closed = false;
  private wakeSleeper: (() => void) | null = null;
  private stopped = false;
  private unregister: (() => void) | null = null;
  private reading: Promise<unknown> = Promise.resolve();
  private readonly iterator: AsyncGenerator<RecordedEvent, void, undefined>;

  constructor(protected readonly live: LiveDeps) {
    this.iterator = this.run();
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    return this.iterator;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    this.wakeSleeper?.();
    // Once close() resolves no query of this subscription is in flight, so the pool may be ended.
    // A failed read is reported to the consumer by the iterator, not here.
    await this.reading.then(() => undefined, () => undefined);
  }

  /** Reads pages and yields their events until closed. */
  protected abstract follow(): AsyncGenerator<RecordedEvent, void, undefined>;

  /** Whether a wake-up for an append to `stream` concerns this subscription. */
  protected abstract wakesFor(position: Position | null, stream: string | null): boolean;

  protected async read<T>(reading: Promise<T>): Promise<T> {
    this.reading = reading;
    return reading;
  }

  private readonly onWake = (position: Position | null, stream: string | null): void => {
    if (!this.wakesFor(position, stream)) return;
    this.signalled = true;
    this.wakeSleeper?.();
  };

  private async *run(): AsyncGenerator<RecordedEvent, void, undefined> {
    if (this.closed) return;
    this.unregister = this.live.wakeups.add(this.onWake);
    try {
      yield* this.follow();
    } finally {
      this.closed = true;
      this.stop();
    }
  }

  /** Listening before reading: a notification for anything the next read misses then wakes us. */
  protected async beforeRead(): Promise<void> {
    this.signalled = false;
    await this.live.wakeups.ensureListening();
  }

  protected sleep(ms: number): Promise<void> {
    if (this.signalled || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }

  private stop(): void {
    this.unregister?.();
    this.unregister = null;
    if (this.stopped) return;
    this.stopped = true;
    this.live.onClose();
  }
}

export interface PgSubscriptionDeps extends LiveDeps {
  readPage(after: Position | null, limit: number): Promise<RecordedEvent[]>;
  after: Position | null;
  filter?: (event: RecordedEvent) => boolean;
}

/** Follows the whole log in position order. */
export class PgSubscription extends LiveSubscription {
  private checkpoint: Position | null;
  /** Newest position a writer announced: until the checkpoint passes it, look again soon. */
  private target: Position | null = null;

  constructor(private readonly deps: PgSubscriptionDeps) {
    super(deps);
    this.checkpoint = deps.after;
  }

  protected wakesFor(position: Position | null): boolean {
    if (position && (!this.target || comparePositions(position, this.target) > 0)) this.target = position;
    return true;
  }

  protected async *follow(): AsyncGenerator<RecordedEvent, void, undefined> {
    let backoff = MIN_BACKOFF_MS;
    while (!this.closed) {
      await this.beforeRead();
      if (this.closed) return;
      const page = await this.read(this.deps.readPage(this.checkpoint, this.deps.pageSize));
      for (const event of page) {
        if (this.closed) return;
        this.checkpoint = event.position;
        if (!this.deps.filter || this.deps.filter(event)) yield event;
      }
      if (this.closed || page.length === this.deps.pageSize) continue;
      // An announced event not yet visible waits only for an older transaction to finish: look
      // again soon, backing off towards the polling interval.
      if (this.target && (!this.checkpoint || comparePositions(this.checkpoint, this.target) < 0)) {
        await this.sleep(backoff);
        backoff = Math.min(backoff * 2, this.deps.pollIntervalMs);
      } else {
        backoff = MIN_BACKOFF_MS;
        await this.sleep(this.deps.pollIntervalMs);
      }
    }
  }
}

export interface PgStreamSubscriptionDeps extends LiveDeps {
  stream: string;
  /** Events as stored, not yet decoded. */
  readAfter(stream: string, afterRevision: number, limit: number): Promise<RecordedEvent[]>;
  /** Upcasts and validates; throws on an undecodable event, which ends the iteration after the events before it. */
  decode(event: RecordedEvent): RecordedEvent;
  afterRevision: number;
}

/**
 * Follows one stream in revision order. An event is readable as soon as its append committed (no
 * visibility horizon to wait for), so after a wake-up one read finds it.
 */
export class PgStreamSubscription extends LiveSubscription {
  private revision: number;

  constructor(private readonly deps: PgStreamSubscriptionDeps) {
    super(deps);
    this.revision = deps.afterRevision;
  }

  protected wakesFor(_position: Position | null, stream: string | null): boolean {
    return stream === null || stream === this.deps.stream;
  }

  protected async *follow(): AsyncGenerator<RecordedEvent, void, undefined> {
    while (!this.closed) {
      await this.beforeRead();
      if (this.closed) return;
      const page = await this.read(this.deps.readAfter(this.deps.stream, this.revision, this.deps.pageSize));
      for (const stored of page) {
        if (this.closed) return;
        const event = this.deps.decode(stored);
        this.revision = event.revision;
        yield event;
      }
      if (!this.closed && page.length < this.deps.pageSize) await this.sleep(this.deps.pollIntervalMs);
    }
  }
}
