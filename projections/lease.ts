/**
 * Which process applies a build's events. Several processes may run a runner over the same
 * projections (API replicas, the rebuild CLI beside the app); each build is applied by the one
 * holding its session advisory lock, the others stand by and take over when it goes away.
 * Correctness does not rest on this (every batch re-checks its checkpoint under a row lock);
 * it only keeps two processes from reading and discarding the same pages.
 */
import type { Pool, PoolClient } from 'pg';

const LOCK_NAMESPACE = 727_201;

export class BuildLeases {
  private client: PoolClient | null = null;
  private connecting: Promise<PoolClient> | null = null;
  private readonly held = new Set<string>();
  /** Workers ask concurrently; one connection runs one query at a time, so they queue here. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly pool: Pool, private readonly onLost: (err: Error) => void) {}

  holds(schema: string): boolean {
    return this.held.has(schema);
  }

  async tryAcquire(schema: string): Promise<boolean> {
    if (this.held.has(schema)) return true;
    return this.serially(async () => {
      const client = await this.connection();
      const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LOCK_NAMESPACE, schema]);
      if (r.rows[0].ok) this.held.add(schema);
      return r.rows[0].ok;
    });
  }

  async release(schema: string): Promise<void> {
    if (!this.held.delete(schema)) return;
    await this.serially(async () => {
      if (this.client) await this.client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, schema]);
    });
  }

  private serially<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.queue.then(fn);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Ends the lease connection, which releases every lock it held. */
  async close(): Promise<void> {
    // Let queued lock/unlock queries finish first: releasing the client under one of them is what
    // made pg warn about overlapping queries on one client during stop().
    await this.queue;
    const client = this.client ?? (this.connecting ? await this.connecting.catch(() => null) : null);
    this.client = null;
    this.held.clear();
    if (client) client.release(true);
  }

  private async connection(): Promise<PoolClient> {
    if (this.client) return this.client;
    this.connecting ??= this.pool.connect().then((client) => {
      client.on('error', (err: Error) => {
        if (this.client !== client) return;
        // Locks die with the session: stop claiming them, and let the next tick reconnect.
        this.client = null;
        this.held.clear();
        client.release(err);
        this.onLost(err);
      });
      this.client = client;
      return client;
    }).finally(() => { this.connecting = null; });
    return this.connecting;
  }
}
