/**
 * Benchmark 9: on an ecosystem of 200,000 session occurrences (tests/bench/sessions-seed.ts), the
 * p95 latency over HTTP of the /sessions page's upcoming list for a tutor and for a learner
 * (getSessionsForUserV2, first page of 10) and of the admin session summary
 * (getEcosystemAdminPaginatedSessionSummary, first page of 25, default sort; and filtered by a
 * subject and by a person's name), at 1 and 16 connections. The figure is a goal, not a baseline:
 * ratio = 20 ms / p95, met at 1 or more.
 */
import { toGlobalId } from '../../api/relay';
import type { Timing } from './appends';
import { failureNotes, latencyVariant, type Endpoint, type Failures } from './http-client';
import { interleaveLatencies, type LatencyResult } from './measure';
import type { Comparison, Side } from './report';
import { dataOf, graphqlRequest, persistedBody, rawBody, SESSIONS_LIST_QUERY, summaryDocId } from './sessions-requests';

export const GOAL_MS = 20;
const LIST_PAGE = 10;
const SUMMARY_PAGE = 25;

export interface ReadsSetup {
  base: string;
  ecosystemId: string;
  tutorToken: string;
  learnerToken: string;
  adminToken: string;
  /** A subject some sessions have, and part of the bench tutor's name. */
  subjectTerm: string;
  nameTerm: string;
}

interface Page { sessions: unknown[] }

function endpoints(s: ReadsSetup): Array<[id: string, title: string, endpoint: Endpoint, rows: (d: Record<string, unknown>) => number, min: number]> {
  const list = (label: string, token: string) => graphqlRequest({
    label, base: s.base, token, body: rawBody(SESSIONS_LIST_QUERY), variables: () => ({ input: { status: 'UPCOMING', pageNumber: 1, pageSize: LIST_PAGE } }),
  });
  const doc = summaryDocId();
  const summary = (label: string, searchTerm: string | null) => graphqlRequest({
    label, base: s.base, token: s.adminToken, body: persistedBody(doc),
    variables: () => ({ ecosystemId: toGlobalId('Ecosystem', s.ecosystemId), filters: searchTerm ? { searchTerm } : {}, after: null, pageSize: SUMMARY_PAGE }),
  });
  const listRows = (d: Record<string, unknown>) => (d.getSessionsForUserV2 as Page).sessions.length;
  const summaryRows = (d: Record<string, unknown>) => (d.getEcosystemAdminPaginatedSessionSummary as Page).sessions.length;
  return [
    ['9a', "a tutor's upcoming sessions (/sessions, first page)", list('tutor: getSessionsForUserV2 UPCOMING', s.tutorToken), listRows, LIST_PAGE],
    ['9b', "a learner's upcoming sessions (/sessions, first page)", list('learner: getSessionsForUserV2 UPCOMING', s.learnerToken), listRows, LIST_PAGE],
    ['9c', 'admin session summary, first page, default sort', summary('admin: summary, no filter', null), summaryRows, SUMMARY_PAGE],
    ['9d', `admin session summary, search "${s.subjectTerm}" (a subject)`, summary(`admin: summary, search "${s.subjectTerm}"`, s.subjectTerm), summaryRows, SUMMARY_PAGE],
    ['9e', `admin session summary, search "${s.nameTerm}" (a tutor's name)`, summary(`admin: summary, search "${s.nameTerm}"`, s.nameTerm), summaryRows, SUMMARY_PAGE],
  ];
}

const GOAL_SIDE: Side = {
  label: `goal ${GOAL_MS} ms`, perSecond: 0, units: 0, seconds: 0, rounds: [],
  latencyMs: { count: 0, p50: GOAL_MS, p95: GOAL_MS, p99: GOAL_MS, max: GOAL_MS },
};

/** A p95 against the goal: ratio goal / pooled p95, its range over the rounds' p95s. */
export function againstGoal(o: { id: string; title: string; result: LatencyResult; notes: string[] }): Comparison {
  const p95 = o.result.pooled.p95;
  const ratio = p95 > 0 ? GOAL_MS / p95 : 0;
  const perRound = o.result.rounds.map((r) => (r.p95 > 0 ? GOAL_MS / r.p95 : 0));
  return {
    id: o.id, title: o.title, kind: 'latency', unit: 'p95',
    subject: { label: o.result.label, perSecond: 0, units: o.result.pooled.count, seconds: 0, rounds: o.result.rounds.map((r) => r.p95), latencyMs: o.result.pooled },
    baseline: GOAL_SIDE, ratio, pooledRatio: ratio, ratioRange: perRound.length ? [Math.min(...perRound), Math.max(...perRound)] : [ratio, ratio],
    target: { minRatio: 1, text: `>= 1 (p95 <= ${GOAL_MS} ms)` }, met: ratio >= 1,
    ratioText: `ratio = ${GOAL_MS} ms / p95 of all requests pooled; range: the same for each round's p95`,
    notes: o.notes,
  };
}

export async function readBenchmarks(o: {
  setup: ReadsSetup; timing: Timing; concurrencies: readonly number[]; log: (line: string) => void; facts: Record<string, string>;
}): Promise<Comparison[]> {
  const shapes = endpoints(o.setup);
  for (const [id, , endpoint, rows, min] of shapes) {
    const found = rows(await dataOf<Record<string, unknown>>(endpoint));
    if (found < min) throw new Error(`${id}: ${endpoint.label} answered ${found} rows (expected ${min})`);
  }
  const results: Comparison[] = [];
  for (const c of o.concurrencies) {
    o.log(`9. sessions pages on 200,000 occurrences, p95 latency, ${c} connection(s) ...`);
    const failures: Failures = new Map();
    const measured = await interleaveLatencies(o.timing.rounds, shapes.map(([, , endpoint]) => latencyVariant(endpoint, c, o.timing, failures)));
    shapes.forEach(([id, title], i) => {
      const r = measured[i];
      results.push(againstGoal({
        id: `${id}/${c}`, title: `${title}, ${c} connection${c > 1 ? 's' : ''}`, result: r,
        notes: [`p50 ${r.pooled.p50.toFixed(2)} ms, p99 ${r.pooled.p99.toFixed(2)} ms, ${r.pooled.count} requests; every answer checked free of errors`,
          ...(i === 0 && c === o.concurrencies[0] ? Object.entries(o.facts).map(([k, v]) => `${k}: ${v}`) : []),
          ...failureNotes(failures).filter((n) => n.includes(`"${r.label}"`))],
      }));
    });
  }
  return results;
}
