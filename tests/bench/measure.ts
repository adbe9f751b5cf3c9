/**
 * Timing helpers for the benchmarks. Every loop is bounded twice (a duration and a maximum count),
 * and variants that are compared are measured in interleaved rounds whose order rotates, so that a
 * noisy neighbour or a drifting machine hurts baseline and subject alike.
 */
import { performance } from 'node:perf_hooks';

export interface Rate {
  /** Units of work done (appends, events, requests). */
  units: number;
  seconds: number;
  perSecond: number;
}

export function rate(units: number, seconds: number): Rate {
  return { units, seconds, perSecond: seconds > 0 ? units / seconds : 0 };
}

/** Times one async piece of work that reports how many units it did. */
export async function timeOnce(work: () => Promise<number>): Promise<Rate> {
  const start = performance.now();
  const units = await work();
  return rate(units, (performance.now() - start) / 1000);
}

export interface DriveOptions {
  /** Stop starting new operations after this many milliseconds. */
  ms: number;
  /** Concurrent loops (in-flight operations). */
  workers: number;
  /** Hard bound on operations over all loops. */
  maxOps: number;
  /** One operation of loop `worker`; resolves to the units it did. */
  op(worker: number): Promise<number>;
  /** When given, the duration of every operation (ms) is pushed here. */
  latencies?: number[];
}

/** Runs `workers` loops of `op` until the time or the operation budget is spent; waits for stragglers. */
export async function drive(o: DriveOptions): Promise<Rate> {
  const start = performance.now();
  const deadline = start + o.ms;
  let ops = 0;
  let units = 0;
  const loop = async (worker: number): Promise<void> => {
    while (ops < o.maxOps && performance.now() < deadline) {
      ops += 1;
      const began = o.latencies ? performance.now() : 0;
      // Not `units += await ...`: that reads `units` before the await, and concurrent loops would
      // overwrite each other's counts.
      const done = await o.op(worker);
      if (o.latencies) o.latencies.push(performance.now() - began);
      units += done;
    }
  };
  await Promise.all(Array.from({ length: o.workers }, (_, w) => loop(w)));
  return rate(units, (performance.now() - start) / 1000);
}

export interface Variant {
  label: string;
  /** Unmeasured run before the first round (JIT, prepared statements, connections, caches). */
  warmUp(): Promise<unknown>;
  /** One measured round. */
  run(): Promise<Rate>;
}

export interface VariantResult {
  label: string;
  /** All rounds pooled: total units over total seconds. */
  pooled: Rate;
  /** Rate of each round, in round order. */
  rounds: number[];
}

/**
 * Warms every variant up, then runs `rounds` rounds; round r starts at variant r (mod n), so with
 * two variants the order goes AB, BA, AB, ...
 */
export async function interleave(rounds: number, variants: readonly Variant[]): Promise<VariantResult[]> {
  for (const v of variants) await v.warmUp();
  const acc = variants.map(() => ({ units: 0, seconds: 0, rounds: [] as number[] }));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < variants.length; k++) {
      const i = (r + k) % variants.length;
      const result = await variants[i].run();
      acc[i].units += result.units;
      acc[i].seconds += result.seconds;
      acc[i].rounds.push(result.perSecond);
    }
  }
  return variants.map((v, i) => ({ label: v.label, pooled: rate(acc[i].units, acc[i].seconds), rounds: acc[i].rounds }));
}

/** Latency percentiles of one round or of all rounds pooled, in milliseconds. */
export interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of unsorted samples (all 0 when there are none). */
export function latencyOf(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : 0);
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.length ? sorted[sorted.length - 1] : 0 };
}

export interface LatencyVariant {
  label: string;
  warmUp(): Promise<unknown>;
  /** One measured round: the latency of every operation in it, in ms. */
  run(): Promise<number[]>;
}

export interface LatencyResult {
  label: string;
  /** All samples pooled. */
  pooled: Latency;
  /** Each round's percentiles, in round order. */
  rounds: Latency[];
}

/** interleave() for latencies: warm-ups, then rounds whose order rotates. */
export async function interleaveLatencies(rounds: number, variants: readonly LatencyVariant[]): Promise<LatencyResult[]> {
  for (const v of variants) await v.warmUp();
  const acc = variants.map(() => ({ samples: [] as number[], rounds: [] as Latency[] }));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < variants.length; k++) {
      const i = (r + k) % variants.length;
      const samples = await variants[i].run();
      for (const s of samples) acc[i].samples.push(s);
      acc[i].rounds.push(latencyOf(samples));
    }
  }
  return variants.map((v, i) => ({ label: v.label, pooled: latencyOf(acc[i].samples), rounds: acc[i].rounds }));
}
