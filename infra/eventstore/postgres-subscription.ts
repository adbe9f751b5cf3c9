/**
 * Live subscriptions of the PostgreSQL event store. A subscription only ever reads pages of the
 * log after its checkpoint (the visibility rule lives in that read); wake-ups merely say "read
 * again now" and can never cause an event to be skipped or repeated, so a lost or duplicated
 * notification costs latency, never correctness.
 */
import type pg from 'pg';
import { comparePositions, type Position, type RecordedEvent } from '../../domain/shared/events';
import type { Subscription } from './port';
import { NOTIFY_CHANNEL } from './postgres-sql';

type Listener = (position: Position | null) => void;

const LISTEN_RETRY_MS = 2000;
const MIN_BACKOFF_MS = 5;

function parsePosition(payload: string | undefined): Position | null {
  const match = /^(\d+)\/(\d+)$/.exec(payload ?? '');
  return match ? { commit: BigInt(match[1]), prepare: BigInt(match[2]) } : null;
}

/**
 * Wake-ups for the subscriptions of one store: direct calls for appends made through this store,
 * and LISTEN/NOTIFY for appends made elsewhere. The NOTIFY is sent after the append has committed,
 * in a statement of its own, coalesced to one in flight: inside the append's transaction it would
 * take PostgreSQL's notification-queue lock, which serialises every notifying commit (a global
 * write lock by another name).
 */
const NOTIFY_COALESCE_MS = 3;

export class Wakeups {
  private readonly listeners = new Set<Listener>();
  private client: pg.PoolClient | null = null;
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> = Promise.resolve();
  private retryAfter = 0;
  private pending: Position | null = null;
  private notifying: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly pool: pg.Pool) {}

  add(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopping = this.stopListening();
    };
  }

  /** Resolves once LISTEN is active, or at once if it cannot be (polling then carries on alone). */
  ensureListening(): Promise<void> {
    if (this.closed || this.client || this.listeners.size === 0 || Date.now() < this.retryAfter) return Promise.resolve();
    this.starting ??= this.startListening().finally(() => { this.starting = null; });
    return this.starting;
  }

  /** An append through this store committed at `position`. */
  appended(position: Position): void {
    this.wake(position);
    if (this.closed) return;
    if (!this.pending || comparePositions(position, this.pending) > 0) this.pending = position;
    this.notifying ??= this.flushNotifications();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.notifying;
    await this.starting;
    await this.stopping;
    await this.stopListening();
  }

  private wake(position: Position | null): void {
    for (const listener of this.listeners) listener(position);
  }

  private async flushNotifications(): Promise<void> {
    try {
      while (this.pending) {
        // Appends landing within a few milliseconds share one NOTIFY (it carries the newest position):
        // a busy single writer otherwise pays a second statement per append. Local subscribers were
        // woken directly above; only other processes wait these milliseconds.
        await new Promise((resolve) => setTimeout(resolve, NOTIFY_COALESCE_MS));
        const p = this.pending;
        this.pending = null;
        try {
          await this.pool.query({ name: 'eventstore_notify', text: 'SELECT pg_notify($1, $2)', values: [NOTIFY_CHANNEL, `${p.commit}/${p.prepare}`] });
        } catch (err) {
          // The append itself succeeded; other processes will find it by polling.
          console.error(`[eventstore] NOTIFY failed, other processes fall back to polling: ${(err as Error).message}`);
        }
      }
    } finally {
      this.notifying = null;
    }
  }

  private readonly onNotification = (msg: pg.Notification) => {
    if (msg.channel === NOTIFY_CHANNEL) this.wake(parsePosition(msg.payload));
  };

  private readonly onClientError = (err: Error) => {
    const client = this.client;
    this.client = null;
    this.retryAfter = 0;
    console.error(`[eventstore] LISTEN connection lost, polling until it is back: ${err.message}`);
    if (client) this.detach(client, err);
    // Whatever was announced while the connection was failing is found by reading again.
    this.wake(null);
  };

  private detach(client: pg.PoolClient, err?: Error): void {
    client.removeListener('notification', this.onNotification);
    client.removeListener('error', this.onClientError);
    client.release(err);
  }

  private async startListening(): Promise<void> {
    let client: pg.PoolClient | null = null;
    try {
      client = await this.pool.connect();
      client.on('notification', this.onNotification);
      client.on('error', this.onClientError);
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      if (this.closed || this.listeners.size === 0) {
        await client.query('UNLISTEN *');
        this.detach(client);
        return;
      }
      this.client = client;
    } catch (err) {
      this.retryAfter = Date.now() + LISTEN_RETRY_MS;
      console.error(`[eventstore] LISTEN failed, polling until it works: ${(err as Error).message}`);
      if (client) this.detach(client, err as Error);
    }
  }

  private async stopListening(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.client = null;
    try {
      await client.query('UNLISTEN *');
      this.detach(client);
    } catch (err) {
      // A connection that cannot UNLISTEN must not go back to the pool still listening.
      this.detach(client, err as Error);
    }
  }
}

export interface PgSubscriptionDeps {
  readPage(after: Position | null, limit: number): Promise<RecordedEvent[]>;
  wakeups: Wakeups;
  pollIntervalMs: number;
  pageSize: number;
  after: Position | null;
  filter?: (event: RecordedEvent) => boolean;
  onClose(): void;
}

export class PgSubscription implements Subscription {
  private checkpoint: Position | null;
  /** Newest position a writer announced: until the checkpoint passes it, look again soon. */
  private target: Position | null = null;
  private signalled = false;
  private wakeSleeper: (() => void) | null = null;
  private closed = false;
  private stopped = false;
  private unregister: (() => void) | null = null;
  private reading: Promise<unknown> = Promise.resolve();
  private readonly iterator: AsyncGenerator<RecordedEvent, void, undefined>;

  constructor(private readonly deps: PgSubscriptionDeps) {
    this.checkpoint = deps.after;
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

  private readonly onWake = (position: Position | null): void => {
    if (position && (!this.target || comparePositions(position, this.target) > 0)) this.target = position;
    this.signalled = true;
    this.wakeSleeper?.();
  };

  private async *run(): AsyncGenerator<RecordedEvent, void, undefined> {
    if (this.closed) return;
    this.unregister = this.deps.wakeups.add(this.onWake);
    let backoff = MIN_BACKOFF_MS;
    try {
      while (!this.closed) {
        this.signalled = false;
        // Listening before reading: a notification for anything the read misses then wakes us.
        await this.deps.wakeups.ensureListening();
        if (this.closed) return;
        const reading = this.deps.readPage(this.checkpoint, this.deps.pageSize);
        this.reading = reading;
        const page = await reading;
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
    } finally {
      this.closed = true;
      this.stop();
    }
  }

  private sleep(ms: number): Promise<void> {
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
    this.deps.onClose();
  }
}
