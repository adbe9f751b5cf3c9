/**
 * A server for benchmark 5, run as a child process so that it does not share the client's event
 * loop: `bare` is a plain node:http handler answering a small JSON; `graphql` is the real platform
 * (startPlatform, webDir null, NODE_ENV development so raw query text is accepted).
 * Prints `READY <url>` once listening, or `FAILED <message>`; stops on SIGTERM. A line `COUNT` on
 * stdin is answered with `COUNT <api> <owner>`: the statements sent so far by connections as app_api
 * (the API's reads) and as any other role (command bus, projections, jobs), one round trip each.
 * Environment for `graphql`: BENCH_DATABASE_URL, BENCH_API_PASSWORD, BENCH_DATA_DIR; for benchmarks 9
 * and 10 also BENCH_SESSION_PEOPLE=<file> (seeds the demo ecosystem and the people of
 * tests/bench/sessions-people.ts, BENCH_BOOKING_TUTORS of them for 10, before READY).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import pg from 'pg';

const counts = { api: 0, owner: 0 };

/** Counts every statement of every pg connection in this process (pool clients are pg.Client too). */
function countStatements(): void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown; user?: string };
  const original = proto.query;
  proto.query = function query(this: { user?: string }, ...args: unknown[]) {
    if (this.user === 'app_api') counts.api += 1;
    else counts.owner += 1;
    return original.apply(this, args);
  };
}

const BARE_BODY = JSON.stringify({ data: { featureFlags: [{ name: 'bench' }] } });

function startBare(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let ok = true;
      try {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        ok = false;
      }
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BARE_BODY) });
      res.end(BARE_BODY);
    });
  });
  // As long as fastify's default, so idle keep-alive connections survive the other variant's round.
  server.keepAliveTimeout = 72_000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((r) => server.close(() => r())) });
    });
  });
}

async function startGraphQL(): Promise<{ url: string; stop(): Promise<void> }> {
  const env = (name: string): string => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  const { configSchema } = await import('../../infra/config');
  const { startPlatform } = await import('../../api/platform');
  const config = configSchema.parse({
    NODE_ENV: 'development', PERSISTED_QUERIES: 'allow-raw', SEED_DEMO: 'false', DATA_DIR: env('BENCH_DATA_DIR'), HOST: '127.0.0.1', PORT: '0',
    // Every request comes from 127.0.0.1: a limit the load never reaches keeps the limiter's cost in the figure.
    RATE_LIMIT_GRAPHQL: '1000000000',
    // The longest the configuration allows: one log-in serves the whole run.
    ACCESS_TOKEN_TTL_SECONDS: '3600',
  });
  const peopleFile = process.env.BENCH_SESSION_PEOPLE;
  const platform = await startPlatform({
    config,
    databaseUrl: env('BENCH_DATABASE_URL'),
    secrets: { apiDatabasePassword: env('BENCH_API_PASSWORD'), jwtSecret: randomBytes(32).toString('hex') },
    skipMigrations: true,
    seed: peopleFile !== undefined,
    // The platform admin gets the published password, which the bench logs in with.
    passwords: 'fixed',
    webDir: null,
    port: 0,
    host: '127.0.0.1',
    log: () => undefined,
  });
  if (peopleFile) {
    const { seedSessionPeople } = await import('./sessions-people');
    await seedSessionPeople(platform, peopleFile, Number(process.env.BENCH_BOOKING_TUTORS ?? '0'));
  }
  return { url: platform.url, stop: () => platform.stop() };
}

async function main(mode: string | undefined): Promise<void> {
  if (mode !== 'bare' && mode !== 'graphql') throw new Error('usage: http-server.ts bare|graphql');
  if (mode === 'graphql') countStatements();
  const server = mode === 'bare' ? await startBare() : await startGraphQL();
  process.stdout.write(`READY ${server.url}\n`);
  const stop = () => {
    server.stop().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The parent going away (killed, crashed) must not leave this server running.
  process.stdin.on('end', stop);
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'COUNT') process.stdout.write(`COUNT ${counts.api} ${counts.owner}\n`);
  });
}

main(process.argv[2]).catch((err: unknown) => {
  process.stdout.write(`FAILED ${(err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ')}\n`);
  process.exit(1);
});
