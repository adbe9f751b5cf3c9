import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closedLoop } from './load-autocannon';
import { openLoop } from './load-open';
import { settle, type RequestSource } from './load-requests';

const ANSWERS: Record<string, [number, string]> = {
  ok: [200, '{"data":{"x":1}}'],
  graphqlError: [200, '{"errors":[{"message":"m","extensions":{"code":"BOOM"}}],"data":null}'],
  serverError: [500, '{"errors":[{"message":"m","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}'],
};

let server: http.Server | null = null;

/** A server answering by the request's `op`, holding every answer until `holdMs` after its start. */
function serve(holdMs = 0): Promise<string> {
  const started = Date.now();
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [status, body] = ANSWERS[(JSON.parse(Buffer.concat(chunks).toString()) as { op: string }).op];
      setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(body), Math.max(0, started + holdMs - Date.now()));
    });
  });
  return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`)));
}

afterEach(async () => {
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = null;
});

function cycle(ops: string[]): RequestSource {
  let i = 0;
  return {
    next: () => {
      const op = ops[i++ % ops.length];
      return { op, write: false, body: JSON.stringify({ op }), headers: { 'content-type': 'application/json' }, answer: settle };
    },
  };
}

describe('closed loop (autocannon)', () => {
  it('reads every answer: GraphQL errors answered with 200 count as errors, as do other statuses', async () => {
    const url = await serve();
    const { tally } = await closedLoop({ url, connections: 4, seconds: 1, source: cycle(['ok', 'graphqlError', 'serverError']) });
    expect(tally.ok).toBeGreaterThan(10);
    expect(tally.graphql).toBeGreaterThan(10);
    expect(tally.http).toBeGreaterThan(10);
    expect(tally.codes.get('graphqlError: BOOM')).toBe(tally.graphql);
    expect(tally.samples().length).toBe(tally.answered);
  });
});

describe('open loop', () => {
  it('sends on schedule through a stall and times each request from its scheduled time (no coordinated omission)', async () => {
    const url = await serve(300);
    const run = await openLoop({ url, perSecond: 100, seconds: 1, source: cycle(['ok']) });
    expect(run.offered).toBe(100);
    expect(run.tally.ok).toBe(100);
    const latencies = run.tally.samples();
    // Requests scheduled in the first 200 ms all waited for the end of the stall at 300 ms: each at
    // least 100 ms. A loop that timed from the actual send, or sent only after answers, shows one.
    expect(latencies.filter((ms) => ms >= 100).length).toBeGreaterThanOrEqual(20);
    expect(Math.max(...latencies)).toBeGreaterThanOrEqual(280);
  });
});
