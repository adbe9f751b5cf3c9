/**
 * What one load run counts: each answer's outcome and latency by operation, requests that got no
 * answer, and the CPU the server and PostgreSQL used meanwhile; turned into the figures of the
 * JSON and the table (report.ts LoadFigures).
 */
import { latencyOf, type Latency } from './measure';
import { cpuSince, type CpuMeter, type CpuReading } from './proc';
import type { LoadRequest, Settled } from './load-requests';
import { poolWaitFigures, type PoolSnapshot } from './load-pool-wait';
import type { LoadFigures } from './report';

export class Tally {
  readonly latencies = new Map<string, number[]>();
  readonly writeOps = new Set<string>();
  readonly codes = new Map<string, number>();
  ok = 0;
  http = 0;
  graphql = 0;
  unauthenticated = 0;
  /** Connection errors and timeouts (the load generator's count). */
  transport = 0;
  /** Sent, but the run ended (or the connection broke) before the answer came. */
  unanswered = 0;

  record(r: LoadRequest, s: Settled, ms: number): void {
    let list = this.latencies.get(r.op);
    if (!list) this.latencies.set(r.op, (list = []));
    list.push(ms);
    if (r.write) this.writeOps.add(r.op);
    this[s.outcome] += 1;
    if (s.outcome !== 'ok') this.codes.set(`${r.op}: ${s.code ?? s.outcome}`, (this.codes.get(`${r.op}: ${s.code ?? s.outcome}`) ?? 0) + 1);
  }

  get answered(): number {
    return this.ok + this.http + this.graphql + this.unauthenticated;
  }

  /** Latencies of the answered requests of the chosen operations (all when no filter). */
  samples(which?: (op: string, write: boolean) => boolean): number[] {
    const out: number[] = [];
    for (const [op, list] of this.latencies) if (!which || which(op, this.writeOps.has(op))) for (const x of list) out.push(x);
    return out;
  }
}

export const reads = (_op: string, write: boolean) => !write;
export const writes = (_op: string, write: boolean) => write;

const round2 = (n: number) => Math.round(n * 100) / 100;

function rounded(l: Latency): Latency {
  return { count: l.count, p50: round2(l.p50), p95: round2(l.p95), p99: round2(l.p99), max: round2(l.max) };
}

/** Figures of one run: the tally, its duration, and the CPU used between the two readings. */
export function figuresOf(o: {
  label: string; tally: Tally; seconds: number; cpu: CpuReading; pools: PoolSnapshot | null; connections?: number; offeredPerSecond?: number; split?: boolean;
}): LoadFigures {
  const t = o.tally;
  const per = (ms: number | null) => (ms === null || t.answered === 0 ? null : round2(ms / t.answered));
  return {
    label: o.label,
    connections: o.connections ?? null,
    offeredPerSecond: o.offeredPerSecond === undefined ? null : round2(o.offeredPerSecond),
    seconds: round2(o.seconds),
    requests: t.ok,
    perSecond: o.seconds > 0 ? round2(t.ok / o.seconds) : 0,
    latencyMs: rounded(latencyOf(t.samples())),
    ...(o.split ? {
      readsMs: rounded(latencyOf(t.samples(reads))), writesMs: rounded(latencyOf(t.samples(writes))),
      operations: Object.fromEntries([...t.latencies].map(([op, list]) => [op, rounded(latencyOf(list))])),
    } : {}),
    errors: {
      http: t.http, graphql: t.graphql, unauthenticated: t.unauthenticated, transport: t.transport, unanswered: t.unanswered,
      codes: Object.fromEntries(t.codes),
    },
    cpuMsPerRequest: { server: per(o.cpu.serverMs) ?? 0, postgres: per(o.cpu.postgresMs) },
    poolWait: o.pools ? poolWaitFigures(o.pools, t.answered) : null,
  };
}

const QUIET_WINDOW_MS = 250;
const QUIET_CPU_MS = 15;
const QUIET_MAX_MS = 5_000;

/**
 * Waits until the server and PostgreSQL have gone quiet after a run (work the run caused but did
 * not wait for, such as projections other than the one a mutation waits for, belongs to the run),
 * bounded; returns the reading taken then.
 */
export async function quietReading(meter: CpuMeter): Promise<CpuReading> {
  const deadline = Date.now() + QUIET_MAX_MS;
  let last = meter.read();
  for (;;) {
    await new Promise((r) => setTimeout(r, QUIET_WINDOW_MS));
    const now = meter.read();
    const used = cpuSince(last, now);
    if ((used.serverMs + (used.postgresMs ?? 0) <= QUIET_CPU_MS) || Date.now() > deadline) return now;
    last = now;
  }
}
