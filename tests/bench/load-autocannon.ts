/**
 * Closed-loop runs with autocannon: `connections` keep-alive connections, each sending its next
 * request when the answer to the last one came, for a bounded time. Each request comes from a
 * RequestSource (setupRequest) and each answer is read by it (onResponse), so bodies vary per
 * request (fresh Idempotency-Keys, the mix) and GraphQL errors answered with 200 count as errors.
 * Latency is timed here from the request's set-up, just before it is written, to its answer.
 */
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import type { LoadRequest, RequestSource } from './load-requests';
import { Tally } from './load-tally';

/** A request that gets no answer within this long counts as a transport error. */
const TIMEOUT_SECONDS = 10;

export interface ClosedLoopRun {
  tally: Tally;
  seconds: number;
}

interface Slot {
  request: LoadRequest | null;
  sentAt: number;
}

/** Runs `connections` loops for `seconds`; answers are added to `tally` (a new one when not given). */
export function closedLoop(o: { url: string; connections: number; seconds: number; source: RequestSource; tally?: Tally }): Promise<ClosedLoopRun> {
  const tally = o.tally ?? new Tally();
  const inFlight = new Set<LoadRequest>();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    autocannon({
      url: `${o.url}/graphql`,
      connections: o.connections,
      duration: o.seconds,
      timeout: TIMEOUT_SECONDS,
      requests: [{
        method: 'POST',
        path: '/graphql',
        // The context lives from a request's set-up to its answer (one request in flight per connection).
        setupRequest(req, context) {
          const r = o.source.next();
          inFlight.add(r);
          Object.assign(context as Slot, { request: r, sentAt: performance.now() });
          return { ...req, headers: r.headers, body: r.body };
        },
        onResponse(status, body, context) {
          const slot = context as Slot;
          if (!slot.request) return;
          inFlight.delete(slot.request);
          tally.record(slot.request, slot.request.answer(status, body), performance.now() - slot.sentAt);
          slot.request = null;
        },
      }],
    }, (err, result) => {
      if (err) {
        reject(err);
        return;
      }
      const seconds = (performance.now() - started) / 1000;
      tally.transport += result.errors;
      for (const r of inFlight) r.lost?.();
      tally.unanswered += inFlight.size;
      resolve({ tally, seconds });
    });
  });
}
