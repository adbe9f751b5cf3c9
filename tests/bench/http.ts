/**
 * Benchmark 5: a trivial GraphQL query on the real server against a bare node:http handler. Both
 * servers run in child processes (tests/bench/http-server.ts) and are driven by the same in-process
 * client loop: node:http with a keep-alive agent and a fixed number of requests in flight.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { drive, interleave, type Variant } from './measure';
import { compare, type BenchResult } from './report';
import type { Timing } from './appends';

export const GRAPHQL_QUERY = '{ featureFlags { name } }';
const BODY = JSON.stringify({ query: GRAPHQL_QUERY });
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => { clearTimeout(timer); resolve(true); });
  });
}

function spawnServer(mode: 'bare' | 'graphql', env: Record<string, string>, log: (line: string) => void): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'http-server.ts'), mode], {
    cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    if (!(await exited(child, STOP_TIMEOUT_MS))) child.kill('SIGKILL');
  };
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderr.push(line);
    if (stderr.length > 20) stderr.shift();
  });
  return new Promise((resolve, reject) => {
    let ready = false;
    const fail = (why: string) => {
      if (ready) return;
      ready = true;
      void stop();
      reject(new Error(why));
    };
    const timer = setTimeout(() => fail(`${mode} server did not start within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (ready) {
        log(`   [${mode} server] ${line}`);
      } else if (line.startsWith('READY ')) {
        ready = true;
        clearTimeout(timer);
        resolve({ url: line.slice(6).trim(), stop });
      } else if (line.startsWith('FAILED ')) {
        clearTimeout(timer);
        fail(line.slice(7));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      const tail = stderr.slice(-5).join(' | ');
      fail(`${mode} server exited with code ${code}${tail ? `: ${tail}` : ''}`);
    });
  });
}

function post(agent: http.Agent, url: URL): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname, port: url.port, path: '/graphql', method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(BODY);
  });
}

function clientVariant(label: string, base: string, concurrency: number, t: Timing, failures: { count: number }): Variant {
  const url = new URL(base);
  const measure = async (ms: number) => {
    // A fresh keep-alive pool per round: connections are opened once, then reused for thousands of requests.
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    try {
      return await drive({
        ms, workers: concurrency, maxOps: 10_000_000,
        async op() {
          const { status } = await post(agent, url);
          if (status === 200) return 1;
          failures.count += 1;
          return 0;
        },
      });
    } finally {
      agent.destroy();
    }
  };
  return { label, warmUp: () => measure(t.warmUpMs), run: () => measure(t.roundMs) };
}

/** Checks the GraphQL server really answers the query (and not an error with status 200). */
async function checkGraphQL(base: string): Promise<void> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const { status, body } = await post(agent, new URL(base));
    const parsed = JSON.parse(body) as { data?: { featureFlags?: unknown }; errors?: unknown };
    if (status !== 200 || parsed.errors || !Array.isArray(parsed.data?.featureFlags)) {
      throw new Error(`${GRAPHQL_QUERY} answered ${status}: ${body.slice(0, 300)}`);
    }
  } finally {
    agent.destroy();
  }
}

export async function httpBenchmark(o: {
  timing: Timing; concurrency: number; databaseUrl: string; apiPassword: string; dataDir: string; log: (line: string) => void;
}): Promise<BenchResult> {
  const title = `GraphQL ${GRAPHQL_QUERY} vs bare node:http handler`;
  o.log(`5. ${title}, ${o.concurrency} requests in flight ...`);
  const servers: ServerProcess[] = [];
  try {
    const bare = await spawnServer('bare', {}, o.log);
    servers.push(bare);
    let graphql: ServerProcess;
    try {
      graphql = await spawnServer('graphql', {
        BENCH_DATABASE_URL: o.databaseUrl, BENCH_API_PASSWORD: o.apiPassword, BENCH_DATA_DIR: o.dataDir,
      }, o.log);
      servers.push(graphql);
      await checkGraphQL(graphql.url);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      o.log(`   the platform could not serve the query: ${message}`);
      return { id: '5', title, skipped: `startPlatform / POST /graphql failed: ${message}` };
    }
    const failures = { count: 0 };
    const [baseline, subject] = await interleave(o.timing.rounds, [
      clientVariant('bare node:http', bare.url, o.concurrency, o.timing, failures),
      clientVariant('POST /graphql (startPlatform)', graphql.url, o.concurrency, o.timing, failures),
    ]);
    const notes = [`servers in child processes, client loop in the bench process; ${o.concurrency} requests in flight over keep-alive connections`];
    if (failures.count) notes.push(`WARNING: ${failures.count} responses were not 200 (not counted)`);
    return compare({ id: '5', title, unit: 'requests', subject, baseline, target: { minRatio: 0.25, text: '>= 25%' }, notes });
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
