/**
 * Which process applies a build's events. Several processes may run a runner over the same
 * projections (API replicas, the rebuild CLI beside the app); each build is applied by the one
 * holding its session advisory lock, the others stand by and take over when it goes away.
 * Correctness does not rest on this (every batch re-checks its checkpoint under a row lock);
 * it only keeps two processes from reading and discarding the same pages.
 *
 * One connection holds every lock of this process, and a connection runs one query at a time: so
 * every use of it (connecting, locking, unlocking, giving it back) runs in one queue, close()
 * included, and nothing is queued after close().
 */
import type { Pool, PoolClient } from 'pg';

const LOCK_NAMESPACE = 727_201;

export class BuildLeases {
  private client: PoolClient | null = null;
  private readonly held = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly pool: Pool, private readonly onLost: (err: Error) => void) {}

  holds(schema: string): boolean {
    return this.held.has(schema);
  }

  async tryAcquire(schema: string): Promise<boolean> {
    if (this.held.has(schema)) return true;
    return this.serially(false, async () => {
      const client = await this.connection();
      const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LOCK_NAMESPACE, schema]);
      // The connection may have died while the query ran: a lock of a dead session is no lease.
      if (r.rows[0].ok && this.client === client) this.held.add(schema);
      return this.held.has(schema);
    });
  }

  async release(schema: string): Promise<void> {
    await this.serially(undefined, async () => {
      if (!this.held.delete(schema) || !this.client) return;
      await this.client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, schema]);
    });
  }

  /** Ends the lease connection, which releases every lock it held, after the queries queued before. */
  async close(): Promise<void> {
    if (this.closed) return this.queue.then(() => undefined);
    const last = this.serially(undefined, async () => {
      const client = this.client;
      this.client = null;
      this.held.clear();
      client?.release(true);
    });
    this.closed = true;
    await last;
  }

  /** Runs `fn` after everything queued before it; after close() it does not run and `closedValue` is the answer. */
  private serially<T>(closedValue: T, fn: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.resolve(closedValue);
    const result = this.queue.then(fn);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Only called from inside the queue, so no two connects race. */
  private async connection(): Promise<PoolClient> {
    if (this.client) return this.client;
    const client = await this.pool.connect();
    client.on('error', (err: Error) => {
      if (this.client !== client) return;
      // Locks die with the session: stop claiming them; the next tryAcquire reconnects. The dead
      // client is given back (and destroyed) in the queue, never under a query that still runs.
      this.client = null;
      this.held.clear();
      this.onLost(err);
      void this.serially(undefined, async () => client.release(err)).catch(() => undefined);
    });
    this.client = client;
    return client;
  }
}
