/**
 * The servers of benchmarks 5 to 7, each in a child process of its own (tests/bench/http-server.ts)
 * so that the bench's client loop does not share their event loop. A child answers `COUNT` on its
 * stdin with the database statements its connections have sent so far (database round trips).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;
const COUNT_TIMEOUT_MS = 10_000;

/** Statements sent by the platform's connections: as app_api (request reads) and as the owner (the rest). */
export interface StatementCounts {
  api: number;
  owner: number;
}

export interface ServerProcess {
  url: string;
  counts(): Promise<StatementCounts>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => { clearTimeout(timer); resolve(true); });
  });
}

export function spawnServer(mode: 'bare' | 'graphql', env: Record<string, string>, log: (line: string) => void): Promise<ServerProcess> {
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
  const waiting: Array<(counts: StatementCounts) => void> = [];
  const counts = () => new Promise<StatementCounts>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${mode} server did not answer COUNT`)), COUNT_TIMEOUT_MS);
    waiting.push((c) => { clearTimeout(timer); resolve(c); });
    child.stdin!.write('COUNT\n');
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
      const count = /^COUNT (\d+) (\d+)$/.exec(line);
      if (count) {
        waiting.shift()?.({ api: Number(count[1]), owner: Number(count[2]) });
      } else if (ready) {
        log(`   [${mode} server] ${line}`);
      } else if (line.startsWith('READY ')) {
        ready = true;
        clearTimeout(timer);
        resolve({ url: line.slice(6).trim(), counts, stop });
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
