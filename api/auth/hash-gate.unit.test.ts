import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GateFullError, HashGate } from './hash-gate';

/** A job the test finishes by hand, recording when it ran. */
function manualJob(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => { finish = resolve; });
  return { run: async () => { log.push(`start ${name}`); await done; log.push(`end ${name}`); return name; }, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('HashGate', () => {
  it('runs at most maxActive at once, then the waiting ones in arrival order', async () => {
    const gate = new HashGate(2, 10);
    const log: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((n) => manualJob(log, n));
    const results = jobs.map((j) => gate.run(j.run));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect(gate.load).toEqual({ active: 2, queued: 2 });
    jobs[1].finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    jobs[0].finish(); jobs[2].finish(); jobs[3].finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.load).toEqual({ active: 0, queued: 0 });
  });

  it('refuses at once when the queue is full, and frees its slot when a job throws', async () => {
    const gate = new HashGate(1, 1);
    const log: string[] = [];
    const first = manualJob(log, 'first');
    const running = gate.run(first.run);
    const queued = gate.run(async () => { throw new Error('boom'); });
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateFullError);
    first.finish();
    await running;
    await expect(queued).rejects.toThrow('boom');
    await expect(gate.run(async () => 'after')).resolves.toBe('after');
    expect(gate.load).toEqual({ active: 0, queued: 0 });
  });

  it('never exceeds its bound and finishes every job it accepted, for any burst', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.nat(6), fc.array(fc.nat(3), { maxLength: 30 }), async (maxActive, maxQueued, delays) => {
      const gate = new HashGate(maxActive, maxQueued);
      let running = 0;
      let peak = 0;
      const outcomes = await Promise.allSettled(delays.map((d) => gate.run(async () => {
        peak = Math.max(peak, ++running);
        for (let i = 0; i < d; i++) await tick();
        running--;
      })));
      const accepted = outcomes.filter((o) => o.status === 'fulfilled').length;
      expect(peak).toBeLessThanOrEqual(maxActive);
      expect(accepted).toBe(Math.min(delays.length, maxActive + maxQueued));
      expect(outcomes.filter((o) => o.status === 'rejected').every((o) => o.reason instanceof GateFullError)).toBe(true);
      expect(gate.load).toEqual({ active: 0, queued: 0 });
    }));
  });
});
