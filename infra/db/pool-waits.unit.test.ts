import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PoolWaits, WAIT_BUCKETS_MS } from './pool-waits';

describe('PoolWaits', () => {
  it('keeps a cumulative histogram, sum, maximum and counts that agree with the waits recorded', () => {
    const wait = fc.record({ ms: fc.double({ min: 0, max: 20_000, noNaN: true }), queued: fc.boolean(), ok: fc.boolean() });
    fc.assert(fc.property(fc.array(wait, { maxLength: 60 }), (waits) => {
      const stats = new PoolWaits();
      for (const w of waits) stats.record(w.ms, w.queued, w.ok);
      const s = stats.snapshot();
      expect(s.acquisitions).toBe(waits.length);
      expect(s.queued).toBe(waits.filter((w) => w.queued).length);
      expect(s.failed).toBe(waits.filter((w) => !w.ok).length);
      expect(s.totalMs).toBeCloseTo(waits.reduce((n, w) => n + w.ms, 0), 6);
      expect(s.maxMs).toBe(Math.max(0, ...waits.map((w) => w.ms)));
      WAIT_BUCKETS_MS.forEach((bound, i) => expect(s.cumulative[i]).toBe(waits.filter((w) => w.ms <= bound).length));
      expect(s.cumulative.at(-1)).toBe(waits.length);
    }));
  });
});
