/**
 * Benchmark 7: a mutation that reads its own write against one event-store append, as p95
 * latencies, one request (or append) at a time. The mutation is the web app's createProgram with
 * its payload, over HTTP, by a logged-in platform admin, each request with an Idempotency-Key of
 * its own: authentication, the ecosystem read, the command bus (load, decide, append), the wait
 * until the tenants projection has the program, and the payload read. The append is one
 * single-event append to a new stream through the PostgreSQL event store, from the bench process,
 * into the same database the platform runs on.
 */
import { randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import { createPool } from '../../infra/db/pool';
import type { Timing } from './appends';
import { failureNotes, latencyVariant, type Failures } from './http-client';
import { drive, interleaveLatencies, type LatencyVariant } from './measure';
import { compareLatency, type Comparison } from './report';
import type { ServerProcess } from './servers';
import { createProgramVariables, type TenantsData } from './tenants-data';
import { benchEvent } from './workload';
import { webRequest } from './web-requests';

function appendVariant(append: () => Promise<unknown>, t: Timing): LatencyVariant {
  const measure = async (ms: number) => {
    const latencies: number[] = [];
    await drive({ ms, workers: 1, maxOps: 1_000_000, latencies, op: async () => { await append(); return 1; } });
    return latencies;
  };
  return { label: 'one append (1 event, new stream)', warmUp: () => measure(t.warmUpMs), run: () => measure(t.roundMs) };
}

export async function mutationBenchmark(o: {
  timing: Timing; server: ServerProcess; ownerUrl: string; data: TenantsData; log: (line: string) => void;
}): Promise<Comparison> {
  o.log('7. createProgram (reads its own write) vs one event-store append, p95 latency, one at a time ...');
  const pool = createPool(o.ownerUrl, 2, 'bench-append');
  const store = createPostgresEventStore(pool);
  const ecosystemId = o.data.ecosystemIds[o.data.ecosystemIds.length - 1];
  let n = 0;
  const failures: Failures = new Map();
  try {
    const mutation = webRequest({
      label: 'createProgram over HTTP (payload after the projection)', base: o.server.url, operation: 'useCreateProgramMutation',
      variables: () => createProgramVariables(ecosystemId, `Bench mutation ${++n}`), token: o.data.token, mutation: true, strict: true,
    });
    const append = () => store.append(`benchappend-${randomUUID()}`, [benchEvent(0)], { expectedRevision: 'no_stream' });
    const [subject, baseline] = await interleaveLatencies(o.timing.rounds, [
      latencyVariant(mutation, 1, o.timing, failures),
      appendVariant(append, o.timing),
    ]);
    return compareLatency({
      id: '7', title: 'createProgram with its payload vs one append', percentile: 'p95', subject, baseline,
      target: { minRatio: 0.33, text: '>= 0.33' },
      notes: [
        `ratio = append p95 / mutation p95; p50 ${subject.pooled.p50.toFixed(2)} vs ${baseline.pooled.p50.toFixed(2)} ms, p99 ${subject.pooled.p99.toFixed(2)} vs ${baseline.pooled.p99.toFixed(2)} ms`,
        `${subject.pooled.count} mutations, ${baseline.pooled.count} appends; every mutation answer checked free of errors`,
        ...failureNotes(failures),
      ],
    });
  } finally {
    await store.close();
    await pool.end();
  }
}
