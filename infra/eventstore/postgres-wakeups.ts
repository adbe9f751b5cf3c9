/**
 * Wake-ups of the PostgreSQL event store's live subscriptions. They merely say "read again now"
 * and can never cause an event to be skipped or repeated, so a lost or duplicated notification
 * costs latency, never correctness.
 */
import type pg from 'pg';
import { comparePositions, type Position } from '../../domain/shared/events';
import { NOTIFY_CHANNEL } from './postgres-sql';

/** `stream` is known for appends through this store; null for other processes' (any stream may have moved). */
export type WakeListener = (position: Position | null, stream: string | null) => void;

const LISTEN_RETRY_MS = 2000;

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
  private readonly listeners = new Set<WakeListener>();
  private client: pg.PoolClient | null = null;
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> = Promise.resolve();
  private retryAfter = 0;
  private pending: Position | null = null;
  private notifying: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly pool: pg.Pool) {}

  add(listener: WakeListener): () => void {
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

  /** An append to `stream` through this store committed at `position`. */
  appended(position: Position, stream: string): void {
    this.wake(position, stream);
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

  private wake(position: Position | null, stream: string | null): void {
    for (const listener of this.listeners) listener(position, stream);
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
    if (msg.channel === NOTIFY_CHANNEL) this.wake(parsePosition(msg.payload), null);
  };

  private readonly onClientError = (err: Error) => {
    const client = this.client;
    this.client = null;
    this.retryAfter = 0;
    console.error(`[eventstore] LISTEN connection lost, polling until it is back: ${err.message}`);
    if (client) this.detach(client, err);
    // Whatever was announced while the connection was failing is found by reading again.
    this.wake(null, null);
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
