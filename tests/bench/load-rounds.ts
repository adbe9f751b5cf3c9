/**
 * Closed-loop load variants measured as the other benchmarks measure theirs (measure.ts): a
 * warm-up each, then rounds whose order rotates, so a slow spell of the shared machine falls on
 * every variant; each round's CPU is read from /proc before it and once the server is quiet after it.
 */
import { rate, type VariantResult } from './measure';
import { cpuSince, type CpuMeter, type CpuReading } from './proc';
import { closedLoop } from './load-autocannon';
import { addPoolDelta, type PoolSnapshot } from './load-pool-wait';
import type { RequestSource } from './load-requests';
import { figuresOf, quietReading, Tally } from './load-tally';
import type { LoadFigures } from './report';

export interface LoadTiming {
  warmUpSeconds: number;
  rounds: number;
  roundSeconds: number;
  /** L3b's open-loop run. */
  openSeconds: number;
  /** L4's writes-only run. */
  writeSeconds: number;
}

export interface LoadVariant {
  label: string;
  source: RequestSource;
  /** Report reads and writes apart (the mix). */
  split?: boolean;
}

export interface VariantRun {
  label: string;
  tally: Tally;
  seconds: number;
  cpu: CpuReading;
  /** Answers with data per second, per round. */
  rounds: number[];
  split: boolean;
  /** Pool waits during the measured rounds; null when the server serves no metrics. */
  pools: PoolSnapshot | null;
}

export interface LoadTarget {
  url: string;
  connections: number;
  meter: CpuMeter;
  /** Reads the server's pool counters (load-pool-wait.ts); null when it serves none. */
  pools: (() => Promise<PoolSnapshot>) | null;
}

/** Runs `fn` between two readings of the pool counters, adding the difference to `into`. */
export async function countingPoolWaits<T>(t: LoadTarget, into: PoolSnapshot | null, fn: () => Promise<T>): Promise<T> {
  if (!t.pools || !into) return fn();
  const before = await t.pools();
  const result = await fn();
  addPoolDelta(into, before, await t.pools());
  return result;
}

const addCpu = (a: CpuReading, b: CpuReading): CpuReading => ({
  serverMs: a.serverMs + b.serverMs, postgresMs: a.postgresMs === null || b.postgresMs === null ? null : a.postgresMs + b.postgresMs,
});

/** One measured closed-loop run into `run`'s tally, its CPU read around it. */
async function measureInto(t: LoadTarget, v: LoadVariant, seconds: number, run: VariantRun): Promise<void> {
  const okBefore = run.tally.ok;
  const done = await countingPoolWaits(t, run.pools, async () => {
    const before = t.meter.read();
    const d = await closedLoop({ url: t.url, connections: t.connections, seconds, source: v.source, tally: run.tally });
    run.cpu = addCpu(run.cpu, cpuSince(before, await quietReading(t.meter)));
    return d;
  });
  run.seconds += done.seconds;
  run.rounds.push((run.tally.ok - okBefore) / done.seconds);
}

function emptyRun(t: LoadTarget, v: LoadVariant, postgres: boolean): VariantRun {
  return {
    label: v.label, tally: new Tally(), seconds: 0, cpu: { serverMs: 0, postgresMs: postgres ? 0 : null }, rounds: [], split: v.split ?? false,
    pools: t.pools ? {} : null,
  };
}

/** Warm-ups, then `timing.rounds` rounds of every variant in rotating order. */
export async function interleaveLoad(t: LoadTarget, timing: LoadTiming, variants: readonly LoadVariant[], log: (line: string) => void): Promise<VariantRun[]> {
  const postgres = t.meter.read().postgresMs !== null;
  for (const v of variants) {
    await closedLoop({ url: t.url, connections: t.connections, seconds: timing.warmUpSeconds, source: v.source });
    await quietReading(t.meter);
  }
  const runs = variants.map((v) => emptyRun(t, v, postgres));
  for (let r = 0; r < timing.rounds; r++) {
    for (let k = 0; k < variants.length; k++) {
      const i = (r + k) % variants.length;
      await measureInto(t, variants[i], timing.roundSeconds, runs[i]);
    }
    log(`   round ${r + 1}/${timing.rounds}: ${runs.map((x) => `${x.label} ${x.rounds[r].toFixed(0)}/s`).join(', ')}`);
  }
  return runs;
}

/** A single measured run of one variant (no warm-up: the runs before it warmed the server). */
export async function measureOnce(t: LoadTarget, v: LoadVariant, seconds: number): Promise<VariantRun> {
  const run = emptyRun(t, v, t.meter.read().postgresMs !== null);
  await measureInto(t, v, seconds, run);
  return run;
}

export function variantResult(run: VariantRun): VariantResult {
  return { label: run.label, pooled: rate(run.tally.ok, run.seconds), rounds: run.rounds };
}

export function runFigures(run: VariantRun, connections: number): LoadFigures {
  return figuresOf({ label: run.label, tally: run.tally, seconds: run.seconds, cpu: run.cpu, pools: run.pools, connections, split: run.split });
}
