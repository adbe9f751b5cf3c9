/**
 * Wake-ups through PostgreSQL's LISTEN/NOTIFY: of the event store's live subscriptions and of
 * projection workers when events are appended (channel eventstore_appended), and of read-your-
 * writes waiters when a projection's checkpoint moves (projections/runner.ts, its own channel).
 * They merely say "read again now" and can never cause anything to be skipped or repeated, so a
 * lost or duplicated notification costs latency, never correctness.
 */
import type pg from 'pg';
import { comparePositions, type Position } from '../../domain/shared/events';
import { NOTIFY_CHANNEL } from './postgres-sql';

/**
 * `key` (the stream of an append, the build of a checkpoint) is known for announcements made in
 * this process; null for other processes' (anything may have moved). `types`: the event types
 * appended (this process's appends, and other processes' when their notification carried them);
 * null when unknown, so any type may have been.
 */
export type WakeListener = (position: Position | null, key: string | null, types: readonly string[] | null) => void;

export interface WakeupOptions {
  /** The NOTIFY channel; default the event store's, eventstore_appended. */
  channel?: string;
  /** Prefix of logged messages. */
  label?: string;
}

const LISTEN_RETRY_MS = 2000;

/**
 * A notification's payload: `commit/prepare`, then, when every append it covers said its types,
 * a space and the types joined by commas. Type names are identifiers (no space or comma); a set
 * too long for a notification (8,000 bytes) is left out, which means "any type".
 */
const TYPE_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;
const MAX_TYPES_CHARS = 6000;

export function formatPayload(position: Position, types: ReadonlySet<string> | null): string {
  const at = `${position.commit}/${position.prepare}`;
  if (!types || types.size === 0) return at;
  const list = [...types].sort().join(',');
  return list.length > MAX_TYPES_CHARS ? at : `${at} ${list}`;
}

export function parsePayload(payload: string | undefined): { position: Position | null; types: readonly string[] | null } {
  const match = /^(\d+)\/(\d+)(?: ([^ ]+))?$/.exec(payload ?? '');
  if (!match) return { position: null, types: null };
  const types = match[3]?.split(',') ?? null;
  return {
    position: { commit: BigInt(match[1]), prepare: BigInt(match[2]) },
    types: types && types.every((t) => TYPE_NAME.test(t)) ? types : null,
  };
}

/**
 * Wake-ups for the listeners of one store (or runner): direct calls for what this process
 * announces, and LISTEN/NOTIFY for what other processes announce. The NOTIFY is sent after the
 * announced change (an append, a projection batch) has committed, in a statement of its own,
 * coalesced to one in flight: inside the change's transaction it would take PostgreSQL's
 * notification-queue lock, which serialises every notifying commit (a global write lock by
 * another name).
 */
const NOTIFY_COALESCE_MS = 3;

export class Wakeups {
  private readonly listeners = new Set<WakeListener>();
  private client: pg.PoolClient | null = null;
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> = Promise.resolve();
  private retryAfter = 0;
  private pending: Position | null = null;
  /** The types of the pending announcements; null once one came without them. */
  private pendingTypes: Set<string> | null = null;
  private notifying: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** LISTEN failed or was lost: notifications may have been missed. */
  private missed = false;
  private closed = false;
  private readonly channel: string;
  private readonly label: string;

  constructor(private readonly pool: pg.Pool, options: WakeupOptions = {}) {
    this.channel = options.channel ?? NOTIFY_CHANNEL;
    this.label = options.label ?? 'eventstore';
    if (!/^[a-z_][a-z0-9_]*$/.test(this.channel)) throw new Error(`Invalid NOTIFY channel name: ${this.channel}`);
  }

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

  /**
   * Something (an append to stream `key`, a batch of build `key`) committed at `position`; `types`:
   * the event types of an append, when the listeners may use them.
   */
  announce(position: Position, key: string, types: readonly string[] | null = null): void {
    this.wake(position, key, types);
    if (this.closed) return;
    if (!this.pending) this.pendingTypes = new Set(types);
    else if (this.pendingTypes) for (const t of types ?? []) this.pendingTypes.add(t);
    if (!types || !types.every((t) => TYPE_NAME.test(t))) this.pendingTypes = null;
    if (!this.pending || comparePositions(position, this.pending) > 0) this.pending = position;
    this.notifying ??= this.flushNotifications();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.notifying;
    await this.starting;
    await this.stopping;
    await this.stopListening();
  }

  private wake(position: Position | null, key: string | null, types: readonly string[] | null = null): void {
    for (const listener of [...this.listeners]) listener(position, key, types);
  }

  /**
   * Listeners that never read on their own schedule (the projection runner's) rely on LISTEN coming
   * back by itself after a failure; subscriptions also ask again before each read.
   */
  private scheduleRetry(): void {
    if (this.closed || this.retryTimer || this.listeners.size === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.ensureListening();
    }, LISTEN_RETRY_MS);
    this.retryTimer.unref();
  }

  private async flushNotifications(): Promise<void> {
    try {
      while (this.pending) {
        // Appends landing within a few milliseconds share one NOTIFY (it carries the newest position):
        // a busy single writer otherwise pays a second statement per append. Local subscribers were
        // woken directly above; only other processes wait these milliseconds.
        await new Promise((resolve) => setTimeout(resolve, NOTIFY_COALESCE_MS));
        const p = this.pending;
        const types = this.pendingTypes;
        this.pending = null;
        this.pendingTypes = null;
        try {
          await this.pool.query({ name: 'wakeups_notify', text: 'SELECT pg_notify($1, $2)', values: [this.channel, formatPayload(p, types)] });
        } catch (err) {
          // The append itself succeeded; other processes will find it by polling.
          console.error(`[${this.label}] NOTIFY failed, other processes fall back to polling: ${(err as Error).message}`);
        }
      }
    } finally {
      this.notifying = null;
    }
  }

  private readonly onNotification = (msg: pg.Notification) => {
    if (msg.channel !== this.channel) return;
    const { position, types } = parsePayload(msg.payload);
    this.wake(position, null, position ? types : null);
  };

  private readonly onClientError = (err: Error) => {
    const client = this.client;
    this.client = null;
    this.retryAfter = 0;
    this.missed = true;
    console.error(`[${this.label}] LISTEN connection lost, polling until it is back: ${err.message}`);
    if (client) this.detach(client, err);
    // Whatever was announced while the connection was failing is found by reading again.
    this.wake(null, null);
    this.scheduleRetry();
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
      await client.query(`LISTEN ${this.channel}`);
      if (this.closed || this.listeners.size === 0) {
        await client.query('UNLISTEN *');
        this.detach(client);
        return;
      }
      this.client = client;
      // After a failure, what was announced while nobody listened is found by reading again.
      if (this.missed) {
        this.missed = false;
        this.wake(null, null);
      }
    } catch (err) {
      this.retryAfter = Date.now() + LISTEN_RETRY_MS;
      this.missed = true;
      console.error(`[${this.label}] LISTEN failed, polling until it works: ${(err as Error).message}`);
      if (client) this.detach(client, err as Error);
      this.scheduleRetry();
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
