/**
 * A real PostgreSQL from the npm-shipped binaries when no DATABASE_URL is given (decision 0010).
 * A kept cluster (`npm start`) lives in `<DATA_DIR>/pg`, or where its record `<DATA_DIR>/pg.json`
 * says when the server user could not reach DATA_DIR, and keeps its port across restarts. Its
 * owner, `postgres`, has the password the caller keeps (DATA_DIR/secrets.json); the server listens
 * on 127.0.0.1 only and asks everyone for a password.
 */
import { existsSync } from 'node:fs';
import { chown, mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { initCluster, startServer, stopOrphan, writeServerConfig, EmbeddedPostgresError, type ServerProcess } from './embedded-process';
import { placeCluster, readRecord, writeRecord, type Placement } from './embedded-placement';
import { scramVerifier } from './scram';

export { EmbeddedPostgresError } from './embedded-process';

/** The owner password every cluster had before decision 0010; such clusters are moved off it at start. */
export const LEGACY_OWNER_PASSWORD = 'postgres';
export const OWNER = 'postgres';

export interface EmbeddedCluster {
  url(database?: string): string;
  port: number;
  /** Where the cluster really lives (differs from the asked folder when relocated for the server user). */
  clusterDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dir: string;
  /** The owner's password: set at initialisation, and an existing cluster is moved to it. */
  password: string;
  /** Tests and benchmarks: no durability (fsync off), no record, relocated folders removed at stop. */
  throwaway?: boolean;
  /** Extra server settings of a throwaway cluster (-c name=value), e.g. shared_preload_libraries for a profiling run. */
  settings?: Readonly<Record<string, string>>;
  port?: number;
  log?: (line: string) => void;
  /** Throwaway clusters: pass on every server log line, not only crashes and refused log-ins. */
  everyLogLine?: boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export function ownerUrl(port: number, password: string, database = 'postgres'): string {
  return `postgres://${OWNER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function tryConnect(url: string): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => undefined);
    if ((err as { code?: string }).code === '28P01') return null; // wrong password
    throw err;
  }
}

/**
 * Makes sure the owner logs in with `password`. A cluster made before decision 0010 still has the
 * published one: it gets the new password (sent as a SCRAM verifier, never in plain text).
 */
async function settleOwnerPassword(port: number, password: string, legacy: boolean): Promise<'kept' | 'upgraded'> {
  const current = await tryConnect(ownerUrl(port, password));
  if (current) {
    await current.end();
    return 'kept';
  }
  const old = legacy ? await tryConnect(ownerUrl(port, LEGACY_OWNER_PASSWORD)) : null;
  if (!old) {
    throw new EmbeddedPostgresError('The embedded PostgreSQL does not accept the owner password kept in the data folder\'s secrets.json (was the file deleted or replaced?). Put the right secrets.json back, or move the database folder away to start with a new, empty database.');
  }
  try {
    await old.query(`ALTER ROLE ${OWNER} PASSWORD '${scramVerifier(password)}'`);
  } finally {
    await old.end();
  }
  return 'upgraded';
}

async function prepareCluster(placement: Placement, password: string, log: (line: string) => void): Promise<void> {
  const { clusterDir, user } = placement;
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`Creating the PostgreSQL cluster in ${clusterDir} ...`);
    await mkdir(clusterDir, { recursive: true, mode: 0o700 });
    if (user) await chown(clusterDir, user.uid, user.gid);
    await initCluster({ binDir: placement.binDir, clusterDir, password, user });
  }
  await writeServerConfig(clusterDir, user);
}

async function choosePort(requested: number | undefined, remembered: number | undefined): Promise<number> {
  if (requested) return requested;
  if (remembered && (await isFree(remembered))) return remembered;
  return freePort();
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedCluster> {
  const dir = path.resolve(options.dir);
  const throwaway = options.throwaway ?? false;
  const log = options.log ?? (() => undefined);
  const placement = await placeCluster(dir, { throwaway });
  if (placement.relocated) log(`The OS user "${placement.user?.name}" cannot reach ${dir}; the database lives in ${placement.clusterDir} instead.`);
  let server: ServerProcess | null = null;
  try {
    if (!throwaway) await stopOrphan(placement.clusterDir);
    await prepareCluster(placement, options.password, log);
    const record = throwaway ? {} : await readRecord(dir);
    const port = await choosePort(options.port, record.port);
    if (record.port && port !== record.port) log(`Port ${record.port} is taken; PostgreSQL listens on ${port} this time.`);
    let passOn: (line: string) => void = () => undefined; // quiet while the password is settled
    server = await startServer({
      binDir: placement.binDir, clusterDir: placement.clusterDir, port, user: placement.user, onLog: (line) => passOn(line), everyLine: throwaway && options.everyLogLine,
      // fsync off only where the data is throwaway; the kept cluster stays durable.
      flags: throwaway ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300',
        ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`])]
        : ['-c', 'max_connections=200'],
    });
    if ((await settleOwnerPassword(port, options.password, !throwaway)) === 'upgraded') {
      log('The database owner had the old published password; it now has the generated one kept in secrets.json.');
    }
    passOn = (line) => log(`[postgres] ${line}`);
    if (!throwaway) await writeRecord(dir, { ...record, port });
    const running = server;
    return {
      port,
      clusterDir: placement.clusterDir,
      url: (database = 'postgres') => ownerUrl(port, options.password, database),
      stop: async () => {
        await running.stop();
        await placement.cleanup();
      },
    };
  } catch (err) {
    await server?.stop();
    await placement.cleanup();
    throw err;
  }
}
