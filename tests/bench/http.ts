/**
 * Benchmark 5: a trivial GraphQL query on the real server against a bare node:http handler, both
 * in child processes (tests/bench/servers.ts), driven by the same client loop, once with one
 * connection (one request at a time: latency-bound) and once with 16 (throughput-bound).
 */
import type { Timing } from './appends';
import { failureNotes, rateVariant, sendOnce, type Endpoint, type Failures } from './http-client';
import { interleave } from './measure';
import { compare, type Comparison } from './report';
import { rawQuery } from './web-requests';

export const TRIVIAL_QUERY = '{ featureFlags { name } }';

export function trivialQuery(base: string): Endpoint {
  return rawQuery(`POST /graphql ${TRIVIAL_QUERY}`, base, TRIVIAL_QUERY);
}

/** Checks a server really answers the query (and not an error with status 200). */
export async function checkTrivial(base: string): Promise<void> {
  const { status, json } = await sendOnce<{ data?: { featureFlags?: unknown }; errors?: unknown }>(trivialQuery(base));
  if (status !== 200 || json.errors || !Array.isArray(json.data?.featureFlags)) {
    throw new Error(`${TRIVIAL_QUERY} answered ${status}: ${JSON.stringify(json).slice(0, 300)}`);
  }
}

export async function httpBenchmarks(o: { timing: Timing; concurrencies: readonly number[]; bare: string; graphql: string; log: (line: string) => void }): Promise<Comparison[]> {
  const results: Comparison[] = [];
  for (const c of o.concurrencies) {
    o.log(`5. GraphQL ${TRIVIAL_QUERY} vs bare node:http, ${c} connection(s) ...`);
    const failures: Failures = new Map();
    const bare = rawQuery('bare node:http', o.bare, TRIVIAL_QUERY);
    const [baseline, subject] = await interleave(o.timing.rounds, [
      rateVariant(bare, c, o.timing, failures),
      rateVariant(trivialQuery(o.graphql), c, o.timing, failures),
    ]);
    results.push(compare({
      id: `5/${c}`, title: `GraphQL ${TRIVIAL_QUERY} vs bare node:http handler, ${c} connection${c > 1 ? 's' : ''}`, unit: 'requests',
      subject, baseline, target: { minRatio: 0.5, text: '>= 50%' },
      notes: [`servers in child processes, client loop in the bench process; ${c} request(s) in flight over keep-alive connections`, ...failureNotes(failures)],
    }));
  }
  return results;
}
