/**
 * The soak's load: `workers` closed loops over keep-alive connections (node:http), each sending
 * its next request of the mix when the last one was answered, behaving as the web client does
 * (web/src/relay/network.ts): a request waits while a token refresh runs; an UNAUTHENTICATED
 * answer triggers one refresh (shared by every request that meets it) and the same request is sent
 * again with the new token and the same Idempotency-Key; a 502/503/504 is sent again once after
 * 700 ms. autocannon cannot hold a request back for a refresh, hence this driver (decision 0028).
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Session } from './load-client';
import type { LoadRequest, RequestSource, Settled } from './load-requests';
import { Tally } from './load-tally';

const RETRY_DELAY_MS = 700;
const RETRYABLE = new Set([502, 503, 504]);
/** After a failed refresh, a loop pauses this long, so a refused session does not spin. */
const REFRESH_FAILED_PAUSE_MS = 1_000;
const TIMEOUT_MS = 10_000;

interface Answer {
  status: number;
  text: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SoakDriver {
  /** Where answers are counted now; the sampler swaps it for a new one at each sample. */
  private tally = new Tally();
  private stopping = false;
  private readonly agent: http.Agent;
  private readonly url: URL;

  constructor(private readonly o: { url: string; workers: number; source: RequestSource; session: Session }) {
    this.url = new URL(o.url);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: o.workers });
  }

  /** The answers counted since the last swap; counting goes on in a new tally. */
  swap(): Tally {
    const t = this.tally;
    this.tally = new Tally();
    return t;
  }

  /** Runs the loops until stop(); resolves when every loop has had its last answer. */
  async run(): Promise<void> {
    await Promise.all(Array.from({ length: this.o.workers }, () => this.loop()));
    this.agent.destroy();
  }

  stop(): void {
    this.stopping = true;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const r = this.o.source.next();
      const began = performance.now();
      try {
        const s = await this.exchange(r);
        this.tally.record(r, s, performance.now() - began);
        if (s.outcome === 'unauthenticated') r.lost?.();
      } catch (err) {
        this.tally.transport += 1;
        this.tally.codes.set(`${r.op}: ${(err as Error).message}`, (this.tally.codes.get(`${r.op}: ${(err as Error).message}`) ?? 0) + 1);
        r.lost?.();
        if (err instanceof RefreshFailed) await sleep(REFRESH_FAILED_PAUSE_MS);
      }
    }
  }

  /** One request as the web client makes it, resends included; the outcome of its last answer. */
  private async exchange(r: LoadRequest): Promise<Settled> {
    const tokenSent = await this.tokenToSend();
    const first = r.answer(...spread(await this.sendWithRetry(r, tokenSent)));
    if (first.outcome !== 'unauthenticated') return first;
    // Another request may have refreshed already; otherwise refresh (joining a refresh that runs).
    if (this.o.session.token === tokenSent) {
      try {
        await this.o.session.refresh();
      } catch (err) {
        throw new RefreshFailed((err as Error).message);
      }
    }
    return r.answer(...spread(await this.sendWithRetry(r, await this.tokenToSend())));
  }

  private async tokenToSend(): Promise<string> {
    await this.o.session.settled();
    return this.o.session.token;
  }

  private async sendWithRetry(r: LoadRequest, token: string): Promise<Answer> {
    const headers = { ...r.headers, authorization: `Bearer ${token}` };
    // As the web client: a request that got no answer at all is sent once more too; a second failure throws.
    const answer = await this.send(r.body, headers).catch(() => null);
    if (answer && !RETRYABLE.has(answer.status)) return answer;
    await sleep(RETRY_DELAY_MS);
    return this.send(r.body, headers);
  }

  private send(body: string, headers: Record<string, string>): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request({
        host: this.url.hostname, port: this.url.port, path: '/graphql', method: 'POST', agent: this.agent, timeout: TIMEOUT_MS,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  }
}

class RefreshFailed extends Error {}

const spread = (a: Answer): [number, string] => [a.status, a.text];
