import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool, PoolClient } from 'pg';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { BuildLeases } from './lease';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db.drop(); });

/** The test pool, with every checked-out client counting the queries it runs at once and after release. */
function watchedPool() {
  const stats = { connects: 0, maxInFlight: 0, afterRelease: 0 };
  const pool = {
    connect: async (): Promise<PoolClient> => {
      const client = await db.ownerPool.connect();
      stats.connects++;
      let inFlight = 0;
      let released = false;
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      const release = client.release.bind(client);
      Object.assign(client, {
        query: async (...args: unknown[]) => {
          if (released) stats.afterRelease++;
          stats.maxInFlight = Math.max(stats.maxInFlight, ++inFlight);
          try { return await query(...args); } finally { inFlight--; }
        },
        release: (err?: Error | boolean) => { released = true; release(err); },
      });
      return client;
    },
  } as unknown as Pool;
  return { pool, stats };
}

const heldLocks = async () => (await db.ownerPool.query<{ n: number }>(
  `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = 727201 AND granted
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)).rows[0].n;

describe('BuildLeases', () => {
  it('runs one query at a time on its connection, even when acquires, releases and close() overlap', async () => {
    const { pool, stats } = watchedPool();
    const leases = new BuildLeases(pool, (err) => { throw err; });
    const schemas = Array.from({ length: 12 }, (_, i) => `proj_lease_v${i + 1}`);
    const acquired = await Promise.all(schemas.map((s) => leases.tryAcquire(s)));
    expect(acquired.every(Boolean)).toBe(true);
    expect(await heldLocks()).toBe(12);
    // Releases and more acquires still in flight when close() is called, and some after it.
    const pending = [...schemas.slice(0, 6).map((s) => leases.release(s)), leases.tryAcquire('proj_lease_v99')];
    const closing = leases.close();
    const late = [leases.tryAcquire('proj_lease_v100'), leases.release(schemas[7])];
    await Promise.all([...pending, closing, ...late]);
    expect(await late[0]).toBe(false);
    expect(stats).toEqual({ connects: 1, maxInFlight: 1, afterRelease: 0 });
    expect(leases.holds(schemas[8])).toBe(false);
    // The server ends the session (and its locks) a moment after the connection closes.
    await expect.poll(heldLocks, { timeout: 10_000 }).toBe(0);
  });

  it('a second process cannot take a lease the first holds, and gets it once the first closes', async () => {
    const [a, b] = [new BuildLeases(db.ownerPool, () => undefined), new BuildLeases(db.ownerPool, () => undefined)];
    expect(await a.tryAcquire('proj_shared_v1')).toBe(true);
    expect(await b.tryAcquire('proj_shared_v1')).toBe(false);
    await a.close();
    // close() ends the connection; the server drops its session's locks a moment later (under load,
    // not always before the next statement), and a process asks again at its next reconcile.
    await expect.poll(() => b.tryAcquire('proj_shared_v1'), { timeout: 10_000 }).toBe(true);
    await b.close();
  });
});
