/**
 * An open-loop run (L3b): requests are offered at a fixed rate, each at its scheduled time whether
 * or not earlier ones were answered, as independent users would send them; and each latency is
 * measured from the scheduled time, not from when the request was actually written, so a stall of
 * the server (or of this process) shows in full in the percentiles instead of silently delaying
 * the requests behind it (coordinated omission). autocannon's overallRate/connectionRate is not
 * this: each connection waits for its answer before sending on, and a second's budget is sent in
 * one burst (docs/decisions/0028).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LoadRequest, RequestSource } from './load-requests';
import { Tally } from './load-tally';

/** Connections the run may open; requests beyond them queue in the agent, their wait counted. */
const MAX_SOCKETS = 64;
/** How long answers still in flight are awaited after the last scheduled send. */
const DRAIN_MS = 10_000;
/** A send later than this after its scheduled time counts as late (this process fell behind). */
const LATE_MS = 5;

export interface OpenLoopRun {
  tally: Tally;
  seconds: number;
  offered: number;
  /** Sends that left more than LATE_MS after their scheduled time. */
  late: number;
}

function send(agent: http.Agent, url: URL, r: LoadRequest): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname, port: url.port, path: '/graphql', method: 'POST', agent,
      headers: { ...r.headers, 'content-length': Buffer.byteLength(r.body) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

/** Calls fire(i) for i = 0..total-1 at start + i * interval (all that are due at once, when late). */
function schedule(total: number, interval: number, start: number, fire: (i: number) => void): Promise<void> {
  let next = 0;
  return new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (next < due) fire(next++);
      if (next >= total) resolve();
      else setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    };
    tick();
  });
}

export async function openLoop(o: { url: string; perSecond: number; seconds: number; source: RequestSource }): Promise<OpenLoopRun> {
  const url = new URL(o.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const tally = new Tally();
  const interval = 1000 / o.perSecond;
  const total = Math.max(1, Math.round(o.perSecond * o.seconds));
  const pending = new Set<Promise<void>>();
  let late = 0;
  // Set when the drain gave up: the requests still open then count as unanswered, not as errors.
  let closed = false;
  const start = performance.now();

  const fire = (i: number) => {
    const scheduled = start + i * interval;
    if (performance.now() - scheduled > LATE_MS) late += 1;
    const r = o.source.next();
    const p = send(agent, url, r).then(
      ({ status, text }) => tally.record(r, r.answer(status, text), performance.now() - scheduled),
      () => { if (!closed) tally.transport += 1; r.lost?.(); },
    ).finally(() => pending.delete(p));
    pending.add(p);
  };

  await schedule(total, interval, start, fire);
  const seconds = (performance.now() - start) / 1000;
  const drained = await Promise.race([
    Promise.all(pending).then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), DRAIN_MS).unref()),
  ]);
  if (!drained) {
    closed = true;
    tally.unanswered = pending.size;
  }
  agent.destroy();
  return { tally, seconds, offered: total, late };
}
