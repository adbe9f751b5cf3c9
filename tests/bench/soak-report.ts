/**
 * The soak's per-sample figures (printed as they come and kept in the JSON) and its last check:
 * every write the server acknowledged is there afterwards, as the web app's programs list shows it.
 */
import { latencyOf } from './measure';
import type { CpuReading } from './proc';
import { listPrograms, type LoadData } from './load-seed';
import type { Ledger, LedgerCheck, ProgramPool } from './load-programs';
import type { Tally } from './load-tally';
import type { Check, SoakSample } from './soak-checks';
import type { PgSample } from './soak-pg';

export interface SampleFigures {
  sample: SoakSample;
  tally: Tally;
  /** CPU used during the sample. */
  cpu: CpuReading;
  /** PostgreSQL's background work during the sample (soak-pg.ts). */
  pg?: PgSample;
}

const round = (n: number, digits = 1) => +n.toFixed(digits);

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

export function sampleJson(f: SampleFigures) {
  const { sample: s, tally: t, cpu } = f;
  const answered = t.answered || 1;
  return {
    index: s.index, atSeconds: round(s.atSeconds), seconds: round(s.seconds, 2),
    perMinute: round((s.ok / s.seconds) * 60, 0), errors: s.errors, unanswered: t.unanswered,
    pageP99Ms: round(latencyOf(s.pageLatencies).p99), pageCount: s.pageLatencies.length,
    p99Ms: round(latencyOf(t.samples()).p99), rssMiB: round(median(s.rss.map(([, mib]) => mib))),
    rssRangeMiB: [round(Math.min(...s.rss.map(([, mib]) => mib))), round(Math.max(...s.rss.map(([, mib]) => mib)))],
    cpuMsPerRequest: { server: round(cpu.serverMs / answered, 2), postgres: cpu.postgresMs === null ? null : round(cpu.postgresMs / answered, 2) },
    errorCodes: Object.fromEntries(t.codes), pg: f.pg ?? null,
  };
}

export function sampleLine(f: SampleFigures): string {
  const j = sampleJson(f);
  const pg = j.cpuMsPerRequest.postgres === null ? 'n/a' : j.cpuMsPerRequest.postgres.toFixed(2);
  return `  sample ${String(j.index).padStart(2)} at ${j.atSeconds.toFixed(0).padStart(5)} s: ${String(j.perMinute).padStart(6)}/min, `
    + `page p99 ${j.pageP99Ms.toFixed(1).padStart(6)} ms, all p99 ${j.p99Ms.toFixed(1).padStart(6)} ms, RSS ${j.rssMiB.toFixed(0)} MiB (${j.rssRangeMiB.join('-')}), `
    + `CPU ms/req server ${j.cpuMsPerRequest.server.toFixed(2)} + PostgreSQL ${pg}, errors ${j.errors}`;
}

const VERIFY_ATTEMPTS = 3;
const VERIFY_PAUSE_MS = 2_000;

export interface WritesVerdict {
  check: Check;
  detail: LedgerCheck & { counts: Ledger['counts']; acknowledged: number; programsListed: number };
}

/**
 * Lists every program of the ecosystem through the API and compares with the ledger. A mutation
 * answers once its read model has the write, so one listing should do; a later one is allowed in
 * case an answer came with a STALE_READ warning.
 */
export async function verifyWrites(base: string, data: LoadData, pool: ProgramPool, ledger: Ledger): Promise<WritesVerdict> {
  let result: LedgerCheck | null = null;
  let listed = 0;
  for (let attempt = 1; attempt <= VERIFY_ATTEMPTS; attempt++) {
    // The soak may have ended just before the access token's expiry: start the check with a fresh one.
    await data.user.refresh();
    const found = await listPrograms(base, data.user.token, data.ecosystemNodeId);
    listed = found.length;
    result = ledger.check(found, pool.unknown());
    if (result.missing.length === 0 && result.wrong.length === 0) break;
    if (attempt < VERIFY_ATTEMPTS) await new Promise((r) => setTimeout(r, VERIFY_PAUSE_MS));
  }
  const r = result!;
  const bad = r.missing.length + r.wrong.length;
  return {
    check: {
      name: 'acknowledged writes', passed: bad === 0, value: bad, limit: 0,
      detail: `${ledger.acknowledged} acknowledged writes (${Object.entries(ledger.counts).map(([k, v]) => `${v} ${k}`).join(', ')}) on ${r.checked} programs: `
        + `${r.missing.length} missing, ${r.wrong.length} differing; ${r.existenceOnly} checked to exist only (a later write's outcome unknown)`,
    },
    detail: { ...r, missing: r.missing.slice(0, 20), wrong: r.wrong.slice(0, 20), counts: ledger.counts, acknowledged: ledger.acknowledged, programsListed: listed },
  };
}
