/**
 * Keeps a SessionCache current from PostgreSQL (docs/decisions/0023): LISTEN on one connection of
 * its own for revoked sessions (auth_sessions, sent by a trigger in the revoking transaction) and
 * role changes (auth_roles, sent by the users projection in the transaction that applies them).
 *
 * The cache is trusted only while this connection demonstrably works: after LISTEN, the recent
 * state is loaded (so nothing between the two is missed), and a heartbeat every HEARTBEAT_MS must
 * come back. PostgreSQL sends pending notifications before it answers a statement, so a heartbeat
 * answered means every notice committed before it was sent has been applied. When the last such
 * proof is older than TRUST_MS, or the connection fails, `trusted()` is false and the caller asks
 * the database per request (fail safe), until a reconnection has loaded the state again.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { recentRoleChanges, ROLES_CHANNEL } from '../../projections/users';
import type { SessionCache } from './session-cache';

export const SESSIONS_CHANNEL = 'auth_sessions';
/** Often enough that a heartbeat answered within 900 ms keeps the cache trusted without a gap. */
export const HEARTBEAT_MS = 100;
/** How old the last proof of a working connection may be for the cache to be trusted: the one-second bound. */
export const TRUST_MS = 1000;
/** A heartbeat unanswered this long ends the connection (a silent network failure), and it reconnects. */
const HEARTBEAT_TIMEOUT_MS = 5000;
const PRUNE_EVERY_MS = 10_000;
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;

export interface ListenerWindows {
  /** How long after its revocation a session's access tokens may still be presented. */
  sessionMs: number;
  /** How long after a role change tokens with the older roles version may still be presented. */
  rolesMs: number;
}

export interface RevocationListenerDeps {
  cache: SessionCache;
  /** A new, unconnected client (one of its own, never a pooled one: it stays in LISTEN). */
  newClient: () => pg.Client;
  clock: () => Date;
  windows: ListenerWindows;
  log?: (message: string) => void;
}

type State = 'stopped' | 'connecting' | 'live' | 'down';

export class RevocationListener {
  private state: State = 'stopped';
  private client: pg.Client | null = null;
  /** performance.now() when the last heartbeat (or the state load) that succeeded was sent. */
  private provenAt = -Infinity;
  private heartbeatSentAt: number | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = FIRST_RETRY_MS;
  private lastPrune = 0;
  private connecting: Promise<void> | null = null;

  constructor(private readonly deps: RevocationListenerDeps) {}

  /** Connects and loads the state; resolves after the first attempt, trusted or not (then it retries). */
  async start(): Promise<void> {
    if (this.state !== 'stopped') return;
    this.state = 'down';
    await this.connect();
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.retryTimer = this.heartbeatTimer = null;
    await this.connecting;
    await this.closeClient();
  }

  trusted(): boolean {
    return this.state === 'live' && performance.now() - this.provenAt < TRUST_MS;
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => { this.connecting = null; });
    return this.connecting;
  }

  private async open(): Promise<void> {
    this.state = 'connecting';
    const client = this.deps.newClient();
    this.client = client;
    client.on('notification', this.onNotification);
    client.on('error', this.onFailure);
    client.on('end', this.onEnd);
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
      await client.query(`LISTEN ${ROLES_CHANNEL}`);
      const sentAt = performance.now();
      await this.loadState(client);
      if (this.state !== 'connecting' || this.client !== client) return;
      this.provenAt = sentAt;
      this.retryMs = FIRST_RETRY_MS;
      this.state = 'live';
      this.heartbeatTimer = setInterval(() => this.heartbeat(client), HEARTBEAT_MS);
      this.heartbeatTimer.unref();
    } catch (err) {
      this.fail(client, err as Error);
    }
  }

  /** Sessions revoked and roles changed recently enough to matter; accounts loaded before may be stale. */
  private async loadState(client: pg.Client): Promise<void> {
    const now = this.deps.clock().getTime();
    const { sessionMs, rolesMs } = this.deps.windows;
    const revoked = await client.query<{ id: string; revoked_at: Date }>(
      'SELECT id, revoked_at FROM auth.refresh_token_families WHERE revoked_at > $1', [new Date(now - sessionMs)]);
    const changes = await recentRoleChanges(client, new Date(now - rolesMs));
    const { cache } = this.deps;
    cache.clearAccounts();
    for (const r of revoked.rows) cache.revoke(r.id, r.revoked_at.getTime() + sessionMs);
    for (const c of changes) cache.noteRolesVersion(c.userId, c.rolesVersion, c.changedAt.getTime() + rolesMs);
  }

  private heartbeat(client: pg.Client): void {
    const now = performance.now();
    if (this.heartbeatSentAt !== null) {
      if (now - this.heartbeatSentAt > HEARTBEAT_TIMEOUT_MS) this.fail(client, new Error('heartbeat unanswered'));
      return;
    }
    this.heartbeatSentAt = now;
    client.query('SELECT 1').then(() => {
      if (this.client !== client) return;
      this.provenAt = now;
      this.heartbeatSentAt = null;
      this.pruneNow();
    }, (err: Error) => this.fail(client, err));
  }

  private pruneNow(): void {
    const now = this.deps.clock().getTime();
    if (Math.abs(now - this.lastPrune) < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.deps.cache.prune(now);
  }

  private readonly onNotification = (msg: pg.Notification): void => {
    const now = this.deps.clock().getTime();
    const { windows, cache } = this.deps;
    if (msg.channel === SESSIONS_CHANNEL && msg.payload) cache.revoke(msg.payload, now + windows.sessionMs);
    if (msg.channel === ROLES_CHANNEL && msg.payload) {
      const [userId, version] = msg.payload.split(' ');
      const v = Number(version);
      if (userId && Number.isInteger(v)) cache.noteRolesVersion(userId, v, now + windows.rolesMs);
    }
  };

  private readonly onFailure = (err: Error): void => {
    if (this.client) this.fail(this.client, err);
  };

  private readonly onEnd = (): void => {
    if (this.client) this.fail(this.client, new Error('connection ended'));
  };

  /** The connection is gone or unproven: distrust the cache at once, close, and try again later. */
  private fail(client: pg.Client, err: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.heartbeatSentAt = null;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    client.removeAllListeners('notification');
    // Errors of a connection being abandoned must not become unhandled 'error' events.
    client.removeAllListeners('error');
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.state === 'stopped') return;
    this.state = 'down';
    this.deps.log?.(`[auth] revocation listener lost (${err.message}); checking sessions in the database until it is back`);
    this.retryTimer = setTimeout(() => { this.retryTimer = null; void this.connect(); }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
  }

  private async closeClient(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => undefined);
    await client.end().catch(() => undefined);
  }
}
