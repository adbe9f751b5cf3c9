/**
 * The client side of benchmarks 5 to 7: node:http with a keep-alive agent per round, a fixed number
 * of requests in flight, and request bodies and headers as the web app sends them (persisted query
 * ids, a bearer token, Accept-Encoding as a browser sends it, an Idempotency-Key per mutation).
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Timing } from './appends';
import { drive, type LatencyVariant, type Variant } from './measure';

export interface HttpRequest {
  path: string;
  body: string;
  headers: Record<string, string>;
}

export interface HttpAnswer {
  status: number;
  body: Buffer;
  encoding: string | undefined;
}

/** One kind of request to one server; `request()` is called per request (fresh idempotency keys). */
export interface Endpoint {
  label: string;
  url: URL;
  request(): HttpRequest;
  /** Whether an answer counts as done; default: status 200. */
  ok?(answer: HttpAnswer): boolean;
}

/** What a browser sends besides the body: the server compresses answers it may compress. */
export const BROWSER_HEADERS = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9' };

export function send(agent: http.Agent, url: URL, req: HttpRequest): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const r = http.request({
      host: url.hostname, port: url.port, path: req.path, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(req.body), ...req.headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

export function decodeBody(answer: HttpAnswer): string {
  if (answer.encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (answer.encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

/** Sends one request on a fresh connection and returns the decoded JSON answer. */
export async function sendOnce<T = unknown>(endpoint: Endpoint): Promise<{ status: number; json: T }> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const answer = await send(agent, endpoint.url, endpoint.request());
    return { status: answer.status, json: JSON.parse(decodeBody(answer)) as T };
  } finally {
    agent.destroy();
  }
}

/** Answers that did not count (not 200, or refused by `ok`), per endpoint label. */
export type Failures = Map<string, number>;

function counted(endpoint: Endpoint, answer: HttpAnswer, failures: Failures): boolean {
  const good = endpoint.ok ? endpoint.ok(answer) : answer.status === 200;
  if (!good) failures.set(endpoint.label, (failures.get(endpoint.label) ?? 0) + 1);
  return good;
}

/** Requests per second with `concurrency` requests in flight over as many keep-alive connections. */
export function rateVariant(endpoint: Endpoint, concurrency: number, t: Timing, failures: Failures): Variant {
  const measure = async (ms: number) => {
    // A fresh keep-alive pool per round: connections are opened once, then reused for thousands of requests.
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    try {
      return await drive({
        ms, workers: concurrency, maxOps: 10_000_000,
        async op() {
          return counted(endpoint, await send(agent, endpoint.url, endpoint.request()), failures) ? 1 : 0;
        },
      });
    } finally {
      agent.destroy();
    }
  };
  return { label: endpoint.label, warmUp: () => measure(t.warmUpMs), run: () => measure(t.roundMs) };
}

/** The latency of each request, `concurrency` in flight (1: one request at a time). */
export function latencyVariant(endpoint: Endpoint, concurrency: number, t: Timing, failures: Failures): LatencyVariant {
  const measure = async (ms: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const latencies: number[] = [];
    try {
      await drive({
        ms, workers: concurrency, maxOps: 1_000_000, latencies,
        async op() {
          return counted(endpoint, await send(agent, endpoint.url, endpoint.request()), failures) ? 1 : 0;
        },
      });
      return latencies;
    } finally {
      agent.destroy();
    }
  };
  return { label: endpoint.label, warmUp: () => measure(t.warmUpMs), run: () => measure(t.roundMs) };
}

export function failureNotes(failures: Failures): string[] {
  return [...failures].map(([label, n]) => `WARNING: ${n} answers of "${label}" did not count (not 200 or with errors)`);
}
