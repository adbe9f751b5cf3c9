/** MeteredPool: the wait for a connection, as the metrics endpoint and the benchmarks read it. */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { createPool } from './pool';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db.drop(); });

describe('MeteredPool', () => {
  it('measures a checkout that queued behind a busy pool for as long as it waited, and counts queries', async () => {
    const pool = createPool(db.apiUrl, 1, 'test-metered', { pipeline: true });
    try {
      const held = await pool.connect();
      await held.query('SELECT 1');
      const waiting = pool.connect();
      // Taken after the call: the wait measured inside it began no later than this.
      const asked = performance.now();
      expect(pool.waitingCount).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 30));
      const releasedAt = performance.now();
      held.release();
      (await waiting).release();
      await pool.query('SELECT 2');
      const s = pool.waits.snapshot();
      expect({ acquisitions: s.acquisitions, queued: s.queued, failed: s.failed }).toEqual({ acquisitions: 3, queued: 1, failed: 0 });
      expect(s.maxMs).toBeGreaterThanOrEqual(releasedAt - asked);
      expect(s.totalMs).toBeGreaterThanOrEqual(s.maxMs);
      expect(pool.queries).toBe(2);
    } finally {
      await pool.end();
    }
  });

  it('counts a checkout that could not connect as failed', async () => {
    const url = new URL(db.apiUrl);
    url.password = 'not-the-password';
    const pool = createPool(url.toString(), 1, 'test-metered-refused');
    try {
      await expect(pool.connect()).rejects.toThrow();
      expect(pool.waits.snapshot()).toMatchObject({ acquisitions: 1, failed: 1 });
    } finally {
      await pool.end();
    }
  });
});
