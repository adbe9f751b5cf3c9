/**
 * The kept embedded cluster as `npm start` runs it, each case in a fresh private folder (mode 0700,
 * as `mktemp -d` makes). As root the server runs as `postgres`, which cannot enter such a folder:
 * the cluster is then relocated, which these tests check too when run as root (as CI is).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { LEGACY_OWNER_PASSWORD, ownerUrl, startEmbeddedPostgres, EmbeddedPostgresError, type EmbeddedCluster } from './embedded';
import { initCluster, stopOrphan } from './embedded-process';
import { packagedBinaries, placeCluster, reachableBinaries, recordFile, serverUser } from './embedded-placement';

const isRoot = process.getuid?.() === 0;
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function privateFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'embedded-test-'));
  expect((await stat(dir)).mode & 0o777).toBe(0o700);
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dir: string, password: string): Promise<EmbeddedCluster> {
  const cluster = await startEmbeddedPostgres({ dir, password });
  cleanups.push(async () => {
    await cluster.stop();
    // a relocated kept cluster lives outside the test folder
    if (!cluster.clusterDir.startsWith(path.dirname(dir))) await rm(cluster.clusterDir, { recursive: true, force: true });
  });
  return cluster;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function refusedWith(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

const newPassword = () => randomBytes(18).toString('base64url');

describe('the kept embedded cluster', () => {
  it('starts in a private folder, as root by relocating it, and asks every log-in for the owner password', async () => {
    const dataDir = await privateFolder();
    const dir = path.join(dataDir, 'pg');
    const password = newPassword();
    const cluster = await start(dir, password);
    expect(await query(cluster.url(), 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(await refusedWith(ownerUrl(cluster.port, 'postgres'))).toBe('28P01');
    const settings = await query<{ name: string; setting: string }>(cluster.url(),
      `SELECT name, setting FROM pg_settings WHERE name IN ('listen_addresses', 'unix_socket_directories', 'password_encryption') ORDER BY name`);
    expect(settings).toEqual([
      { name: 'listen_addresses', setting: '127.0.0.1' },
      { name: 'password_encryption', setting: 'scram-sha-256' },
      { name: 'unix_socket_directories', setting: '' },
    ]);
    const hba = await query<{ type: string; address: string | null; auth_method: string }>(cluster.url(),
      'SELECT type, address, auth_method FROM pg_hba_file_rules ORDER BY rule_number');
    expect(hba).toEqual([{ type: 'host', address: '127.0.0.1', auth_method: 'scram-sha-256' }]);
    expect((await stat(cluster.clusterDir)).mode & 0o777).toBe(0o700);
    // initdb's password file lived in a private folder beside the cluster and is gone.
    expect((await readdir(path.dirname(cluster.clusterDir))).filter((f) => f.startsWith('.initdb-'))).toEqual([]);
    if (isRoot) {
      expect(cluster.clusterDir.startsWith(dataDir)).toBe(false);
      expect(JSON.parse(await readFile(recordFile(dir), 'utf8'))).toMatchObject({ clusterDir: cluster.clusterDir, port: cluster.port });
    } else {
      expect(cluster.clusterDir).toBe(dir);
    }
  });

  it('keeps its data, place and port across restarts', async () => {
    const dir = path.join(await privateFolder(), 'pg');
    const password = newPassword();
    const first = await start(dir, password);
    await query(first.url(), 'CREATE TABLE kept (x int); INSERT INTO kept VALUES (42)');
    await first.stop();
    const second = await start(dir, password);
    expect(second.clusterDir).toBe(first.clusterDir);
    expect(second.port).toBe(first.port);
    expect(await query(second.url(), 'SELECT x FROM kept')).toEqual([{ x: 42 }]);
  });

  it('moves a cluster made with the old published owner password to the new one', async () => {
    const dir = path.join(await privateFolder(), 'pg');
    const old = await start(dir, LEGACY_OWNER_PASSWORD);
    await old.stop();
    const password = newPassword();
    const upgraded = await start(dir, password);
    expect(await query(upgraded.url(), 'SELECT current_user AS u')).toEqual([{ u: 'postgres' }]);
    expect(await refusedWith(ownerUrl(upgraded.port, LEGACY_OWNER_PASSWORD))).toBe('28P01');
    const verifier = await query<{ v: string }>(upgraded.url(), `SELECT rolpassword AS v FROM pg_authid WHERE rolname = 'postgres'`);
    expect(verifier[0].v).toMatch(/^SCRAM-SHA-256\$4096:/);
  });

  it('refuses with a sentence when the kept password does not open the cluster', async () => {
    const dir = path.join(await privateFolder(), 'pg');
    const first = await start(dir, newPassword());
    await first.stop();
    const attempt = startEmbeddedPostgres({ dir, password: newPassword() });
    await expect(attempt).rejects.toThrow(EmbeddedPostgresError);
    await expect(attempt).rejects.toThrow(/does not accept the owner password kept in the data folder's secrets.json/);
  });

  it('explains a second start on a running cluster instead of crashing', async () => {
    const dir = path.join(await privateFolder(), 'pg');
    const password = newPassword();
    const running = await start(dir, password);
    const second = startEmbeddedPostgres({ dir, password, port: running.port + 1 });
    await expect(second).rejects.toThrow(EmbeddedPostgresError);
    await expect(second).rejects.toThrow(/lock file "postmaster.pid" already exists/);
    expect(await query(running.url(), 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('stops a server left running by a process killed outright, then starts with the data kept', async () => {
    const dir = path.join(await privateFolder(), 'pg');
    const password = newPassword();
    const module = path.resolve(import.meta.dirname, 'embedded.ts');
    // A platform in another process that dies by SIGKILL: no shutdown code of its runs at all.
    const script = `const { startEmbeddedPostgres } = await import(${JSON.stringify(module)});
      const c = await startEmbeddedPostgres({ dir: ${JSON.stringify(dir)}, password: ${JSON.stringify(password)} });
      process.stdout.write('READY ' + c.url() + '\\n'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => { const m = /READY (\S+)/.exec(chunk.toString()); if (m) resolve(m[1]); });
      child.on('exit', (code) => reject(new Error(`the first platform exited with ${code}`)));
    });
    await query(url, 'CREATE TABLE kept (x int); INSERT INTO kept VALUES (7)');
    const [{ data_directory: clusterDir }] = await query<{ data_directory: string }>(url, 'SHOW data_directory');
    cleanups.push(() => stopOrphan(clusterDir, 5_000)); // should this test fail, no server outlives it
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await query(url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]); // the orphan still serves
    const next = await start(dir, password);
    expect(await query(next.url(), 'SELECT x FROM kept')).toEqual([{ x: 7 }]);
  });
});

describe('initdb', () => {
  it('rejects (no crash) when a binary cannot be run, and leaves no password file behind', async () => {
    const folder = await privateFolder();
    const attempt = initCluster({ binDir: path.join(folder, 'missing'), clusterDir: path.join(folder, 'pg'), password: 'secret-password', user: null });
    await expect(attempt).rejects.toThrow(EmbeddedPostgresError);
    await expect(attempt).rejects.toThrow(/Could not run .*initdb/);
    expect(await readdir(folder)).toEqual([]);
    expect(existsSync(path.join(folder, 'pg'))).toBe(false);
  });
});

describe('the PostgreSQL binaries', () => {
  it('are run from node_modules when the server user can reach them, else from a copy it can run', async () => {
    const packaged = await packagedBinaries();
    if (!isRoot) {
      const placement = await placeCluster(path.join(await privateFolder(), 'pg'), { throwaway: true });
      expect(placement).toMatchObject({ binDir: packaged.dir, user: null, relocated: false });
      return;
    }
    const user = await serverUser();
    const hidden = path.join(await privateFolder(), 'native'); // as in a checkout inside `mktemp -d`
    await cp(packaged.dir, hidden, { recursive: true, verbatimSymlinks: true });
    const home = await privateFolder();
    await chmod(home, 0o755);
    const copy = await reachableBinaries({ dir: hidden, version: 'test' }, user, async () => home);
    expect(copy).toBe(path.join(home, 'postgresql-test'));
    const version = execFileSync(path.join(copy, 'bin', 'postgres'), ['--version'], { uid: user.uid, gid: user.gid, encoding: 'utf8' });
    expect(version).toMatch(/PostgreSQL\) 18/);
    expect(await reachableBinaries({ dir: hidden, version: 'test' }, user, async () => home)).toBe(copy); // made once
  });
});
