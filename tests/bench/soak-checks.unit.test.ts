import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLES, slope, soakChecks, type SoakSample } from './soak-checks';

function samples(o: { minutes: number; ok?: (i: number) => number; page?: (i: number) => number; rss?: (minute: number) => number }): SoakSample[] {
  const seconds = (o.minutes * 60) / SAMPLES;
  return Array.from({ length: SAMPLES }, (_, index) => {
    const atSeconds = (index + 1) * seconds;
    const readings = Array.from({ length: Math.max(1, Math.floor(seconds)) }, (__, k) => atSeconds - seconds + k + 1);
    return {
      index, atSeconds, seconds, ok: o.ok?.(index) ?? 1000, errors: 0,
      pageLatencies: Array.from({ length: 100 }, (__, k) => (o.page?.(index) ?? 100) * (k < 99 ? 0.5 : 1)),
      rss: readings.map((at) => [at, o.rss?.(at / 60) ?? 350] as const),
    };
  });
}

const verdicts = (s: SoakSample[], minutes: number) => Object.fromEntries(soakChecks(s, minutes).map((c) => [c.name, c.passed]));

describe('slope', () => {
  it('is the least-squares slope of a line, whatever its noise-free points', () => {
    fc.assert(fc.property(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -1000, max: 1000, noNaN: true }), (a, b) => {
      const points = Array.from({ length: 20 }, (_, i) => [i * 0.5, a * i * 0.5 + b] as const);
      expect(slope(points)).toBeCloseTo(a, 6);
    }));
  });

  it('is 0 for fewer than two points', () => {
    expect(slope([[1, 5]])).toBe(0);
  });
});

describe('soakChecks', () => {
  it('passes a flat run', () => {
    expect(verdicts(samples({ minutes: 30 }), 30)).toEqual({ throughput: true, 'programs page p99': true, 'resident memory slope': true });
  });

  it('fails when the last five minutes serve more than 10% less than minutes 3 to 8', () => {
    expect(verdicts(samples({ minutes: 30, ok: (i) => (i >= 25 ? 880 : 1000) }), 30).throughput).toBe(false);
    expect(verdicts(samples({ minutes: 30, ok: (i) => (i >= 25 ? 920 : 1000) }), 30).throughput).toBe(true);
  });

  it('fails when the programs page p99 rises more than 20%', () => {
    expect(verdicts(samples({ minutes: 30, page: (i) => (i >= 25 ? 125 : 100) }), 30)['programs page p99']).toBe(false);
    expect(verdicts(samples({ minutes: 30, page: (i) => (i >= 25 ? 115 : 100) }), 30)['programs page p99']).toBe(true);
  });

  it('judges memory by its slope over the last 20 minutes only, after the warm-up', () => {
    const warmUpThenFlat = (m: number) => (m < 8 ? 200 + 20 * m : 360);
    expect(verdicts(samples({ minutes: 30, rss: warmUpThenFlat }), 30)['resident memory slope']).toBe(true);
    expect(verdicts(samples({ minutes: 30, rss: (m) => 350 + 1.5 * m }), 30)['resident memory slope']).toBe(false);
  });

  it('reads the slope through the garbage collector\'s saw-tooth', () => {
    // +-40 MiB every few seconds around a flat line, then the same around a rise of 2 MiB a minute.
    const saw = (m: number) => 350 + (Math.floor(m * 60 / 7) % 2 === 0 ? 40 : -40);
    expect(verdicts(samples({ minutes: 30, rss: saw }), 30)['resident memory slope']).toBe(true);
    expect(verdicts(samples({ minutes: 30, rss: (m) => saw(m) + 2 * m }), 30)['resident memory slope']).toBe(false);
  });

  it('scales the memory limit with a shorter soak: the same growth over the window', () => {
    // 4 minutes: the window lasts 2.67 minutes; 1.5 MiB/min there is 4 MiB in all, well under 20.
    expect(verdicts(samples({ minutes: 4, rss: (m) => 350 + 1.5 * m }), 4)['resident memory slope']).toBe(true);
    expect(verdicts(samples({ minutes: 4, rss: (m) => 350 + 9 * m }), 4)['resident memory slope']).toBe(false);
  });

  it('fails a run that ended before its last sample', () => {
    expect(soakChecks(samples({ minutes: 30 }).slice(0, 20), 30)).toEqual([expect.objectContaining({ name: 'samples', passed: false })]);
  });
});
