/** The results of one bench run: comparisons of a subject against its baseline, a table and JSON. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PoolWaitFigure } from './load-pool-wait';
import type { Latency, LatencyResult, VariantResult } from './measure';

export interface Target {
  /** The subject must reach at least this fraction (0.5) or multiple (1.5) of the baseline. */
  minRatio: number;
  text: string;
}

export interface Side {
  label: string;
  /** Rate comparisons: units per second, pooled over all rounds (0 for latency comparisons). */
  perSecond: number;
  units: number;
  seconds: number;
  /** Rate comparisons: each round's rate; latency comparisons: each round's compared percentile (ms). */
  rounds: number[];
  /** Latency comparisons: percentiles of all samples pooled, in ms. */
  latencyMs?: Latency;
  /** Cost comparisons (L4): CPU milliseconds per request (server + PostgreSQL) by what was measured. */
  costMs?: Record<string, number>;
}

/** One load run of L1-L4 or the soak (tests/bench/load*.ts): what the JSON and the second table show. */
export interface LoadFigures {
  label: string;
  /** Closed loop: connections, each sending its next request when its answer came. */
  connections: number | null;
  /** Open loop: requests offered per second, each at its scheduled time. */
  offeredPerSecond: number | null;
  seconds: number;
  /** Answers with data and no errors. */
  requests: number;
  perSecond: number;
  /** Every answered request; open loop: from its scheduled time. */
  latencyMs: Latency;
  readsMs?: Latency;
  writesMs?: Latency;
  /** The mix: count and latencies per operation. */
  operations?: Record<string, Latency>;
  errors: {
    /** Not 2xx, or not JSON. */
    http: number;
    /** 2xx with GraphQL errors (or an answer not matching what was asked). */
    graphql: number;
    unauthenticated: number;
    /** Connection errors and timeouts. */
    transport: number;
    /** Still in flight when the run ended (not errors). */
    unanswered: number;
    codes: Record<string, number>;
  };
  /** CPU of the server process and of PostgreSQL (all its processes), per answered request; null when not local. */
  cpuMsPerRequest: { server: number; postgres: number | null };
  /** Waits for a pooled connection by pool, from the server's metrics; null when it serves none. */
  poolWait: Record<string, PoolWaitFigure> | null;
}

export interface Comparison {
  id: string;
  title: string;
  /** 'rate': units per second, higher is better; 'latency': a percentile in ms, lower is better. */
  kind: 'rate' | 'latency' | 'cost';
  /** What is counted per second (appends, events, requests), or the percentile compared ('p95'). */
  unit: string;
  subject: Side;
  baseline: Side;
  /**
   * Median over rounds of subject rate / baseline rate of the same round (adjacent in time, so a
   * slow spell of the machine cancels out); the pooled ratio when there are no pairs.
   */
  ratio: number;
  /** Total subject units per second over total baseline units per second, all rounds pooled. */
  pooledRatio: number;
  /** Lowest and highest ratio of round-aligned pairs. */
  ratioRange: [number, number];
  target: Target | null;
  met: boolean | null;
  notes: string[];
  /** Other figures of the same run (database round trips per request, switches per round...). */
  facts?: Record<string, number | string>;
  /** How the ratio is formed when it is not the kind's usual one (L3b, L4). */
  ratioText?: string;
  /** The load runs behind the comparison (L1-L4). */
  load?: LoadFigures[];
}

export interface Skipped {
  id: string;
  title: string;
  skipped: string;
}

export type BenchResult = Comparison | Skipped;

export function isSkipped(r: BenchResult): r is Skipped {
  return 'skipped' in r;
}

function side(v: VariantResult): Side {
  return { label: v.label, perSecond: v.pooled.perSecond, units: v.pooled.units, seconds: v.pooled.seconds, rounds: v.rounds };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function compare(o: {
  id: string; title: string; unit: string; subject: VariantResult; baseline: VariantResult; target?: Target; notes?: string[];
  facts?: Record<string, number | string>; load?: LoadFigures[];
}): Comparison {
  const pooledRatio = o.baseline.pooled.perSecond > 0 ? o.subject.pooled.perSecond / o.baseline.pooled.perSecond : 0;
  const pairs = o.subject.rounds.map((s, i) => s / (o.baseline.rounds[i] ?? Number.NaN)).filter(Number.isFinite);
  const ratio = pairs.length ? median(pairs) : pooledRatio;
  return {
    id: o.id, title: o.title, kind: 'rate', unit: o.unit, subject: side(o.subject), baseline: side(o.baseline), ratio, pooledRatio,
    ratioRange: pairs.length ? [Math.min(...pairs), Math.max(...pairs)] : [ratio, ratio],
    target: o.target ?? null,
    met: o.target ? ratio >= o.target.minRatio : null,
    notes: o.notes ?? [],
    ...(o.facts ? { facts: o.facts } : {}),
    ...(o.load ? { load: o.load } : {}),
  };
}

type Percentile = 'p50' | 'p95' | 'p99';

function latencySide(v: LatencyResult, p: Percentile): Side {
  return { label: v.label, perSecond: 0, units: v.pooled.count, seconds: 0, rounds: v.rounds.map((r) => r[p]), latencyMs: v.pooled };
}

/**
 * Latencies: the ratio is baseline percentile / subject percentile (so, as for rates, 1 means as
 * fast as the baseline and higher is better), the median over round-aligned pairs.
 */
export function compareLatency(o: {
  id: string; title: string; percentile: Percentile; subject: LatencyResult; baseline: LatencyResult; target?: Target; notes?: string[];
  facts?: Record<string, number | string>;
}): Comparison {
  const p = o.percentile;
  const pairs = o.subject.rounds.map((s, i) => (o.baseline.rounds[i]?.[p] ?? Number.NaN) / s[p]).filter(Number.isFinite);
  const pooledRatio = o.subject.pooled[p] > 0 ? o.baseline.pooled[p] / o.subject.pooled[p] : 0;
  const ratio = pairs.length ? median(pairs) : pooledRatio;
  return {
    id: o.id, title: o.title, kind: 'latency', unit: p, subject: latencySide(o.subject, p), baseline: latencySide(o.baseline, p),
    ratio, pooledRatio, ratioRange: pairs.length ? [Math.min(...pairs), Math.max(...pairs)] : [ratio, ratio],
    target: o.target ?? null, met: o.target ? ratio >= o.target.minRatio : null, notes: o.notes ?? [], ...(o.facts ? { facts: o.facts } : {}),
  };
}

const fmtRate = (n: number) => (n >= 1000 ? `${Math.round(n).toLocaleString('en-US')}` : n.toFixed(1));
const fmtMs = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
const fmtRatio = (n: number) => (n >= 1 ? `${n.toFixed(2)}x` : `${(n * 100).toFixed(1)}%`);

export function formatTable(results: readonly BenchResult[]): string {
  const header = ['#', 'measurement', 'subject', 'baseline', 'ratio: median (range)', 'target', 'met'];
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const r of results) {
    if (isSkipped(r)) {
      rows.push([r.id, r.title, '-', '-', '-', '-', 'not measured']);
      notes.push(`${r.id}: not measured: ${r.skipped}`);
      continue;
    }
    if (r.ratioText) notes.push(`${r.id}: ${r.ratioText}`);
    rows.push([
      r.id,
      `${r.title} (${r.kind === 'latency' && !r.ratioText ? `${r.unit} latency, ratio baseline/subject` : r.unit})`,
      `${figure(r, r.subject)}  ${r.subject.label}`,
      `${figure(r, r.baseline)}  ${r.baseline.label}`,
      `${fmtRatio(r.ratio)} (${fmtRatio(r.ratioRange[0])}..${fmtRatio(r.ratioRange[1])})`,
      r.target?.text ?? '-',
      r.met === null ? '-' : r.met ? 'yes' : 'NO',
    ]);
    for (const n of r.notes) notes.push(`${r.id}: ${n}`);
    if (r.facts) notes.push(`${r.id}: ${Object.entries(r.facts).map(([k, v]) => `${k} ${v}`).join('; ')}`);
  }
  const load = results.flatMap((r) => (isSkipped(r) ? [] : (r.load ?? []).map((f) => [r.id, f] as const)));
  return [...grid(header, rows), '', ...notes, ...(load.length ? ['', ...loadTable(load)] : [])].join('\n');
}

function figure(r: Comparison, x: Side): string {
  if (r.kind === 'latency') return `${r.unit} ${fmtMs(x.latencyMs?.[r.unit as Percentile] ?? 0)}`;
  if (r.kind === 'cost') return Object.entries(x.costMs ?? {}).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ') || '-';
  return fmtRate(x.perSecond);
}

function grid(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-+-'), ...rows.map(line)];
}

const errorCount = (f: LoadFigures) => f.errors.http + f.errors.graphql + f.errors.unauthenticated + f.errors.transport;

/** The load runs behind L1-L4, one line each: the figures the issue asks for per scenario. */
export function loadTable(runs: ReadonlyArray<readonly [string, LoadFigures]>): string[] {
  const header = ['#', 'load run', 'load', 'req/s', 'p50', 'p95', 'p99', 'reads p99', 'writes p99', 'errors', 'server CPU ms/req', 'PostgreSQL CPU ms/req', 'pool wait ms/req'];
  const wait = (f: LoadFigures) => (f.poolWait ? Object.values(f.poolWait).reduce((s, w) => s + w.msPerRequest, 0).toFixed(3) : 'n/a');
  const ms = (l: Latency | undefined) => (l && l.count ? fmtMs(l.p99) : '-');
  const rows = runs.map(([id, f]) => [
    id, f.label, f.connections !== null ? `${f.connections} conn.` : `${f.offeredPerSecond ?? 0}/s offered`,
    fmtRate(f.perSecond), fmtMs(f.latencyMs.p50), fmtMs(f.latencyMs.p95), fmtMs(f.latencyMs.p99), ms(f.readsMs), ms(f.writesMs),
    String(errorCount(f)), f.cpuMsPerRequest.server.toFixed(2), f.cpuMsPerRequest.postgres === null ? 'n/a' : f.cpuMsPerRequest.postgres.toFixed(2), wait(f),
  ]);
  const codes = runs.flatMap(([id, f]) => Object.entries(f.errors.codes).map(([c, n]) => `${id} ${f.label}: ${n} x ${c}`));
  return ['Load runs (latencies of every answered request; errors: not 2xx, GraphQL errors, connection errors and timeouts):', ...grid(header, rows), ...codes];
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}
