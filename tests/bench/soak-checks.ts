/**
 * The soak's verdicts (issue 11 section 3), from samples taken at regular intervals. A soak of
 * 30 minutes takes one sample a minute; a shorter one takes as many samples (30), so every window
 * is the same share of the run: minutes 3 to 8 are samples 3..7, the last 5 minutes samples
 * 25..29, the last 20 minutes samples 10..29. The memory slope limit keeps the same total growth
 * over its window (20 MiB), so a short run (SOAK_MINUTES=4) exercises every check with limits
 * that scale with it; only the 30-minute run gives the issue's figures.
 */
import { latencyOf } from './measure';

export const SAMPLES = 30;
export const WINDOWS = { early: [3, 8], late: [25, 30], memory: [10, 30] } as const;
/** Throughput of the late window at least this share of the early window's. */
export const MIN_THROUGHPUT_RATIO = 0.9;
/** Programs-page p99 of the late window at most this multiple of the early window's. */
export const MAX_P99_RATIO = 1.2;
/** Resident memory slope over the memory window, MiB per minute, for a 30-minute soak. */
export const MAX_RSS_SLOPE_MIB_PER_MINUTE = 1;

export interface SoakSample {
  /** Sample index, 0-based. */
  index: number;
  /** Seconds since the load started, at the end of the sample. */
  atSeconds: number;
  seconds: number;
  /** Answers with data and no errors. */
  ok: number;
  errors: number;
  /** Latencies of the programs-page requests of this sample, ms. */
  pageLatencies: number[];
  /** Resident memory read every second during the sample: [seconds since the load started, MiB]. */
  rss: Array<readonly [number, number]>;
}

export interface Check {
  name: string;
  passed: boolean;
  /** The measured figure and the limit, in words. */
  detail: string;
  value: number;
  limit: number;
}

/** Least-squares slope of y over x (0 with fewer than two distinct x). */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

const within = (samples: readonly SoakSample[], [from, to]: readonly [number, number]) => samples.filter((s) => s.index >= from && s.index < to);

/** Answers per minute over a window's samples. */
export function perMinute(samples: readonly SoakSample[]): number {
  const seconds = samples.reduce((s, x) => s + x.seconds, 0);
  return seconds > 0 ? (samples.reduce((s, x) => s + x.ok, 0) / seconds) * 60 : 0;
}

export function pageP99(samples: readonly SoakSample[]): number {
  return latencyOf(samples.flatMap((s) => s.pageLatencies)).p99;
}

const pct = (x: number) => `${((x - 1) * 100).toFixed(1)}%`;

/** The three checks on samples of a soak of `minutes` (the fourth, acknowledged writes, is soak.ts's). */
export function soakChecks(samples: readonly SoakSample[], minutes: number): Check[] {
  if (samples.length < SAMPLES) {
    return [{ name: 'samples', passed: false, detail: `${samples.length} of ${SAMPLES} samples: the run ended early`, value: samples.length, limit: SAMPLES }];
  }
  const early = within(samples, WINDOWS.early);
  const late = within(samples, WINDOWS.late);
  const memory = within(samples, WINDOWS.memory);
  const throughput = perMinute(late) / perMinute(early);
  const p99 = pageP99(late) / pageP99(early);
  // Every reading, not one per sample: RSS saws up and down with the garbage collector by tens of
  // MiB, and the many readings of a window average that out of the slope.
  const rssSlope = slope(memory.flatMap((s) => s.rss.map(([at, mib]) => [at / 60, mib] as const)));
  const slopeLimit = (MAX_RSS_SLOPE_MIB_PER_MINUTE * 30) / minutes;
  const w = (k: keyof typeof WINDOWS) => `samples ${WINDOWS[k][0]}-${WINDOWS[k][1] - 1}`;
  return [
    {
      name: 'throughput', passed: throughput >= MIN_THROUGHPUT_RATIO, value: throughput, limit: MIN_THROUGHPUT_RATIO,
      detail: `late (${w('late')}) ${perMinute(late).toFixed(0)}/min vs early (${w('early')}) ${perMinute(early).toFixed(0)}/min: ${pct(throughput)} (limit -10%)`,
    },
    {
      name: 'programs page p99', passed: p99 <= MAX_P99_RATIO, value: p99, limit: MAX_P99_RATIO,
      detail: `late ${pageP99(late).toFixed(1)} ms vs early ${pageP99(early).toFixed(1)} ms: ${pct(p99)} (limit +20%)`,
    },
    {
      name: 'resident memory slope', passed: rssSlope < slopeLimit, value: rssSlope, limit: slopeLimit,
      detail: `${rssSlope.toFixed(2)} MiB/min over ${w('memory')} (least squares; limit ${slopeLimit.toFixed(2)} MiB/min${minutes === 30 ? '' : `, scaled from 1 MiB/min for ${minutes} minutes`})`,
    },
  ];
}
