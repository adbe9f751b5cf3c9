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
      // Not `units += await ...`: that reads `units` before the await, and concurrent loops would
      // overwrite each other's counts.
      const done = await o.op(worker);
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
