/**
 * L3b and L4 as entries of the bench's results. Neither is a rate against a baseline, so each
 * says how its ratio is formed (ratioText): L3b against its two latency goals, L4 against the
 * figures of the run saved in docs/benchmarks.md.
 */
import type { Latency } from './measure';
import { describePoolWait } from './load-pool-wait';
import type { CpuPair, SavedLoadFigures } from './load-saved';
import type { Comparison, LoadFigures, Side } from './report';

export const READ_P99_GOAL_MS = 50;
export const WRITE_P99_GOAL_MS = 100;

const none: Latency = { count: 0, p50: 0, p95: 0, p99: 0, max: 0 };

function latencySide(label: string, l: Latency): Side {
  return { label, perSecond: 0, units: l.count, seconds: 0, rounds: [l.p99], latencyMs: l };
}

/** min(50 ms / read p99, 100 ms / write p99): 1 or more when both goals are met; 0 without samples. */
export function openLoopRatio(readP99: number, writeP99: number): number {
  if (readP99 <= 0 || writeP99 <= 0) return 0;
  return Math.min(READ_P99_GOAL_MS / readP99, WRITE_P99_GOAL_MS / writeP99);
}

export function openLoopComparison(f: LoadFigures): Comparison {
  const r = f.readsMs ?? none;
  const w = f.writesMs ?? none;
  const ratio = openLoopRatio(r.p99, w.p99);
  return {
    id: 'L3b', title: `70/30 mix offered at half L3's rate (${f.offeredPerSecond}/s), open loop`, kind: 'latency', unit: 'p99',
    subject: latencySide(`reads (goal p99 <= ${READ_P99_GOAL_MS} ms)`, r), baseline: latencySide(`writes (goal p99 <= ${WRITE_P99_GOAL_MS} ms)`, w),
    ratio, pooledRatio: ratio, ratioRange: [ratio, ratio],
    ratioText: `p99 from each request's scheduled time; ratio = min(${READ_P99_GOAL_MS} ms / read p99, ${WRITE_P99_GOAL_MS} ms / write p99), 1 or more = both goals met`,
    target: { minRatio: 1, text: `reads <= ${READ_P99_GOAL_MS} ms, writes <= ${WRITE_P99_GOAL_MS} ms` }, met: ratio >= 1,
    notes: [`reads p50 ${r.p50} / p99 ${r.p99} ms (${r.count}), writes p50 ${w.p50} / p99 ${w.p99} ms (${w.count}); answered ${f.perSecond}/s of ${f.offeredPerSecond}/s offered`],
    load: [f],
  };
}

const total = (c: CpuPair) => c.server + (c.postgres ?? 0);
const pairOf = (f: LoadFigures): CpuPair => ({ server: f.cpuMsPerRequest.server, postgres: f.cpuMsPerRequest.postgres });
const show = (c: CpuPair) => `server ${c.server.toFixed(2)} + PostgreSQL ${c.postgres === null ? 'n/a' : c.postgres.toFixed(2)}`;

/**
 * L4: CPU per request of the programs page (L2) and of the mix's writes, beside the saved run's.
 * ratio = min(saved / this run) over the two: below 1 means this run is costlier than the saved one.
 */
export function costComparison(o: { page: LoadFigures; writes: LoadFigures; previous: SavedLoadFigures | null }): Comparison {
  const now = { page: pairOf(o.page), writes: pairOf(o.writes) };
  const was = o.previous?.L4 ?? null;
  const pairs = was ? [total(was.page) / total(now.page), total(was.writes) / total(now.writes)].filter(Number.isFinite) : [];
  const ratio = pairs.length ? Math.min(...pairs) : 1;
  const side = (label: string, c: { page: CpuPair; writes: CpuPair } | null): Side => ({
    label, perSecond: 0, units: 0, seconds: 0, rounds: [],
    costMs: c ? { page: +total(c.page).toFixed(2), writes: +total(c.writes).toFixed(2) } : {},
  });
  const savedWait = (w: Record<string, number> | null) => (w ? Object.entries(w).map(([pool, ms]) => `${pool} ${ms} ms`).join(', ') : 'not available');
  return {
    id: 'L4', title: 'CPU per request, server + PostgreSQL: programs page and the mix\'s writes, vs the saved run', kind: 'cost', unit: 'CPU ms/request',
    subject: side('this run', now), baseline: side(o.previous ? `saved run of ${o.previous.date.slice(0, 10)}` : 'no saved figures', was),
    ratio, pooledRatio: ratio, ratioRange: pairs.length ? [Math.min(...pairs), Math.max(...pairs)] : [ratio, ratio],
    ratioText: 'CPU ms per request from /proc; ratio = min over page and writes of saved / this run, below 1 = costlier than the saved run',
    target: null, met: null,
    notes: [
      `programs page: ${show(now.page)} ms${was ? ` (saved: ${show(was.page)})` : ''}`,
      `writes: ${show(now.writes)} ms${was ? ` (saved: ${show(was.writes)})` : ''}`,
      ...(o.previous ? [] : ['no saved figures in docs/benchmarks.md: ratio 1 by definition']),
    ],
    facts: {
      'pool wait, programs page': `${describePoolWait(o.page.poolWait)}${was ? ` (saved: ${savedWait(was.poolWaitMsPerRequest.page)})` : ''}`,
      'pool wait, writes': `${describePoolWait(o.writes.poolWait)}${was ? ` (saved: ${savedWait(was.poolWaitMsPerRequest.writes)})` : ''}`,
    },
    load: [o.writes],
  };
}
