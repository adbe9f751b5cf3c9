/**
 * One LISTEN connection per process for the notifications read model's announcements
 * (NOTIFICATIONS_CHANNEL: `<recipientUserId> <notificationId>`, sent in the transaction that
 * applies the change), handed to the streams of that recipient only. No stream polls: a process
 * with a thousand open streams holds one connection. After the connection is lost and back, every
 * stream is told to read again (`notificationId` null), since announcements may have been missed.
 */
import pg from 'pg';
import { NOTIFICATIONS_CHANNEL } from '../../projections/notifications';

export interface NotificationChange {
  recipientUserId: string;
  /** Null after a reconnection: something may have changed, read again. */
  notificationId: string | null;
}

type Listener = (change: NotificationChange) => void;

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;

export class NotificationsListener {
  private readonly byUser = new Map<string, Set<Listener>>();
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = FIRST_RETRY_MS;
  private stopped = false;
  private wasLive = false;

  /** `newClient`: a new, unconnected client of its own (never a pooled one: it stays in LISTEN). */
  constructor(private readonly newClient: () => pg.Client, private readonly log: (line: string) => void = () => undefined) {}

  /** Connects on first use; resolves once LISTEN is active (or the first attempt failed: it retries). */
  start(): Promise<void> {
    this.starting ??= this.connect();
    return this.starting;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.starting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
    this.byUser.clear();
  }

  /** Calls `listener` for each change of `userId`'s notifications until the returned function is called. */
  subscribe(userId: string, listener: Listener): () => void {
    const set = this.byUser.get(userId) ?? new Set<Listener>();
    this.byUser.set(userId, set.add(listener));
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = this.newClient();
    client.on('notification', (msg) => this.onNotification(msg));
    client.on('error', (err) => this.fail(client, err));
    client.on('end', () => this.fail(client, new Error('connection ended')));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFICATIONS_CHANNEL}`);
      this.retryMs = FIRST_RETRY_MS;
      if (this.wasLive) this.everyoneReadAgain();
      this.wasLive = true;
    } catch (err) {
      this.fail(client, err as Error);
    }
  }

  private onNotification(msg: pg.Notification): void {
    if (msg.channel !== NOTIFICATIONS_CHANNEL || !msg.payload) return;
    const [recipientUserId, notificationId] = msg.payload.split(' ');
    for (const listener of [...(this.byUser.get(recipientUserId) ?? [])]) listener({ recipientUserId, notificationId: notificationId ?? null });
  }

  private everyoneReadAgain(): void {
    for (const [recipientUserId, set] of this.byUser) for (const listener of [...set]) listener({ recipientUserId, notificationId: null });
  }

  private fail(client: pg.Client, err: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.log(`[notifications] LISTEN connection lost (${err.message}); reconnecting in ${this.retryMs} ms`);
    this.retryTimer = setTimeout(() => { this.retryTimer = null; void this.connect(); }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
  }
}
