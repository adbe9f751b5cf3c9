/**
 * The production server of the load benchmark and the soak: `npm start`'s own entry point
 * (api/main.ts, NODE_ENV=production, the persisted documents of web/persisted-queries.json, the
 * built web app when dist/web exists) in a child process of its own, so that its CPU and memory
 * can be read from /proc apart from the load generator's. It seeds the demo ecosystem and prints
 * the new log-ins once, as on a first `npm start`; the bench reads them from its output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;
/** The log-ins are printed right after the ready line; a start that prints none is a failure. */
const LOGINS_TIMEOUT_MS = 5_000;

export interface Login {
  email: string;
  password: string;
}

export interface LoadServer {
  url: string;
  pid: number;
  platformAdmin: Login;
  ecosystemAdmin: Login;
  /** Whether the built web app (dist/web) was there to be served, as with `npm start`. */
  webApp: boolean;
  /** The server's internal metrics (pool waits), when it serves them (METRICS_PORT); else null. */
  metricsUrl: string | null;
  stop(): Promise<void>;
}

export interface LoadServerOptions {
  /** Owner URL of a migrated database of its own. */
  databaseUrl: string;
  apiPassword: string;
  dataDir: string;
  /** Settings on top of the production defaults (e.g. ACCESS_TOKEN_TTL_SECONDS). */
  env?: Record<string, string>;
  /** Node options for the server (e.g. `--cpu-prof`, which NODE_OPTIONS refuses); none by default. */
  nodeArgs?: readonly string[];
  log(line: string): void;
}

/**
 * Production settings, with two changes a load from one address needs: the per-address GraphQL
 * limit is set beyond reach (kept, so its cost stays in the figures), and raw query text is
 * accepted besides persisted ids, for the trivial `{ __typename }` of L1 (the web app's persisted
 * documents are served exactly as in production).
 */
function serverEnv(o: LoadServerOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: o.databaseUrl,
    API_DATABASE_PASSWORD: o.apiPassword,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: o.dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: 'true',
    RATE_LIMIT_GRAPHQL: '1000000000',
    PERSISTED_QUERIES: 'allow-raw',
    // The internal metrics listener (loopback, a free port), for L4's pool waits; a server
    // without one ignores the setting.
    METRICS_PORT: '0',
    ...o.env,
  };
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => { clearTimeout(timer); resolve(true); });
  });
}

const READY = /^Tutoring platform ready on (http:\/\/\S+)/;
const METRICS = /^Metrics on (http:\/\/\S+)/;
const LOGIN = /^\s+(Platform admin|Ecosystem admin)\s+(\S+)\s+password: (\S+)\s*$/;

/** What the start printed that the bench needs; complete once the ready line and both log-ins came. */
interface StartOutput {
  url: string | null;
  metricsUrl: string | null;
  logins: Map<string, Login>;
}

function readLine(line: string, out: StartOutput): 'ready' | null {
  const metrics = METRICS.exec(line);
  const ready = READY.exec(line);
  const login = LOGIN.exec(line);
  if (metrics) out.metricsUrl = metrics[1];
  if (login) out.logins.set(login[1], { email: login[2], password: login[3] });
  if (!ready) return null;
  out.url = ready[1];
  return 'ready';
}

export function startLoadServer(o: LoadServerOptions): Promise<LoadServer> {
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), '--import', 'tsx', path.join(ROOT, 'api/main.ts')], {
    cwd: ROOT, env: serverEnv(o), stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The bench ending in any way must not leave the server running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await exited(child, STOP_TIMEOUT_MS))) child.kill('SIGKILL');
  };
  const tail: string[] = [];
  const keep = (line: string) => { tail.push(line); if (tail.length > 20) tail.shift(); };
  createInterface({ input: child.stderr! }).on('line', (line) => { keep(line); o.log(`   [server] ${line}`); });

  return new Promise((resolve, reject) => {
    const out: StartOutput = { url: null, metricsUrl: null, logins: new Map() };
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop();
      reject(new Error(why));
    };
    const timer = setTimeout(() => fail(`the server did not start within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      keep(line);
      if (readLine(line, out) === 'ready') setTimeout(() => fail('the server printed no new log-ins (was the database fresh?)'), LOGINS_TIMEOUT_MS).unref();
      const platformAdmin = out.logins.get('Platform admin');
      const ecosystemAdmin = out.logins.get('Ecosystem admin');
      if (settled || !out.url || !platformAdmin || !ecosystemAdmin || child.pid === undefined) return;
      settled = true;
      clearTimeout(timer);
      const webApp = existsSync(path.join(ROOT, 'dist/web/index.html'));
      resolve({ url: out.url, pid: child.pid, platformAdmin, ecosystemAdmin, webApp, metricsUrl: out.metricsUrl, stop });
    });
    child.once('exit', (code, signal) => fail(`the server exited (${signal ?? code}): ${tail.slice(-5).join(' | ')}`));
  });
}
