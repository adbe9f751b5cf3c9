/**
 * Benchmark 10: createSession over HTTP as the ecosystem's admin, a 52-week weekly series against a
 * one-off session, p95 latency of each, one request at a time: the conflict checks of every
 * occurrence, the command bus, the projection writing the rows, the wait for it and the payload.
 * Every booking is for a tutor of its own (tests/bench/sessions-people.ts), so nothing conflicts;
 * a tutor's one-offs are at 15:00, away from its series at 10:00, one day apart from each other.
 * Goal: ratio = 3 x one-off p95 / series p95, met at 1 or more (a series at most 3 one-offs).
 */
import { toGlobalId } from '../../api/relay';
import type { Timing } from './appends';
import { decodeBody, failureNotes, send, type Endpoint, type Failures, type HttpAnswer } from './http-client';
import http from 'node:http';
import { drive, interleaveLatencies, type LatencyVariant } from './measure';
import { compareLatency, type Comparison } from './report';
import { CREATE_SESSION_MUTATION, graphqlRequest, rawBody } from './sessions-requests';

const SERIES_WEEKS = 52;

export interface BookingSetup {
  base: string;
  adminToken: string;
  programId: string;
  tutors: readonly string[];
  /** The first day of every booking (local date of the ecosystem's zone), a week or more ahead. */
  firstDate: string;
}

/** Counted only when booked: a 200 without errors, a session, no conflicts, `occurrences` sessions. */
const booked = (occurrences: number) => (answer: HttpAnswer): boolean => {
  if (answer.status !== 200) return false;
  const json = JSON.parse(decodeBody(answer)) as { data?: { createSession?: { session: unknown; count: number; conflicts: unknown[] } }; errors?: unknown };
  const payload = json.data?.createSession;
  return !json.errors && payload?.session != null && payload.conflicts.length === 0 && payload.count === occurrences;
};

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function createSession(s: BookingSetup, label: string, occurrences: number, input: () => Record<string, unknown>): Endpoint {
  return graphqlRequest({
    label, base: s.base, token: s.adminToken, mutation: true, body: rawBody(CREATE_SESSION_MUTATION), variables: () => ({ input: input() }), ok: booked(occurrences),
  });
}

function common(s: BookingSetup, tutor: string): Record<string, unknown> {
  return {
    programId: toGlobalId('Program', s.programId), sessionType: 'ONE_ON_ONE', location: 'ONLINE', meetingSolution: 'CUSTOM_URL',
    customUrl: 'https://meet.example.com/bench', tutorIds: [toGlobalId('User', tutor)], tuteeIds: [],
  };
}

/** Latencies of up to `perRound` requests one at a time, a round also bounded by its time. */
function boundedVariant(endpoint: Endpoint, perRound: number, t: Timing, failures: Failures): LatencyVariant {
  const measure = async (ms: number, max: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const latencies: number[] = [];
    try {
      await drive({
        ms, workers: 1, maxOps: max, latencies,
        async op() {
          const answer = await send(agent, endpoint.url, endpoint.request());
          if (endpoint.ok?.(answer) ?? answer.status === 200) return 1;
          failures.set(endpoint.label, (failures.get(endpoint.label) ?? 0) + 1);
          return 0;
        },
      });
      return latencies;
    } finally {
      agent.destroy();
    }
  };
  return { label: endpoint.label, warmUp: () => measure(t.warmUpMs, 2), run: () => measure(t.roundMs, perRound) };
}

/** Series each take a tutor of their own, so at most `tutors / (rounds + 1)` per round (2 warm-ups). */
export async function bookingBenchmark(o: { setup: BookingSetup; timing: Timing; log: (line: string) => void }): Promise<Comparison> {
  const s = o.setup;
  const perRound = Math.max(1, Math.floor((s.tutors.length - 2) / o.timing.rounds));
  let series = 0;
  let oneOffs = 0;
  const seriesEndpoint = createSession(s, `createSession, ${SERIES_WEEKS}-week weekly series`, SERIES_WEEKS, () => {
    const tutor = s.tutors[series++];
    if (!tutor) throw new Error('benchmark 10 ran out of tutors');
    return { ...common(s, tutor), subject: 'Algebra', date: s.firstDate, startTime: '10:00', endTime: '11:00',
      recurrence: { frequency: 'WEEKLY', recurringDays: [new Date(`${s.firstDate}T00:00:00Z`).getUTCDay()], weeksRecurring: SERIES_WEEKS } };
  });
  const oneOffEndpoint = createSession(s, 'createSession, one-off session', 1, () => {
    const n = oneOffs++;
    const tutor = s.tutors[n % s.tutors.length];
    return { ...common(s, tutor), subject: 'Biology', date: addDays(s.firstDate, Math.floor(n / s.tutors.length)), startTime: '15:00', endTime: '16:00' };
  });
  o.log(`10. createSession: ${SERIES_WEEKS}-week series vs one-off, p95 latency, one at a time (up to ${perRound} series a round) ...`);
  const failures: Failures = new Map();
  const [subject, baseline] = await interleaveLatencies(o.timing.rounds, [
    boundedVariant(seriesEndpoint, perRound, o.timing, failures),
    boundedVariant(oneOffEndpoint, 4 * perRound, o.timing, failures),
  ]);
  const c = compareLatency({ id: '10', title: `createSession: ${SERIES_WEEKS}-week weekly series vs one-off (as admin, conflict checks)`, percentile: 'p95', subject, baseline });
  const ratio = 3 * c.ratio;
  return {
    ...c, ratio, pooledRatio: 3 * c.pooledRatio, ratioRange: [3 * c.ratioRange[0], 3 * c.ratioRange[1]],
    target: { minRatio: 1, text: '>= 1 (series p95 <= 3x one-off p95)' }, met: ratio >= 1,
    ratioText: 'ratio = 3 x one-off p95 / series p95, the median over round-aligned pairs',
    notes: [
      `p50 ${subject.pooled.p50.toFixed(1)} vs ${baseline.pooled.p50.toFixed(1)} ms, max ${subject.pooled.max.toFixed(1)} vs ${baseline.pooled.max.toFixed(1)} ms`,
      `${subject.pooled.count} series (${subject.pooled.count * SERIES_WEEKS} occurrences), ${baseline.pooled.count} one-offs, each answer checked booked (52 and 1 occurrences) without conflicts`,
      ...failureNotes(failures),
    ],
  };
}
