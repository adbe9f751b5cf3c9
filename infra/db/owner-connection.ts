/**
 * How operator commands (`npm run projections`, `npm run analyst`) reach the database: DATABASE_URL,
 * else the data folder's embedded cluster, through the app's running server when there is one, or
 * started for the command otherwise. The owner password comes from DATA_DIR/secrets.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { readSecrets } from '../secrets';
import { ownerUrl, startEmbeddedPostgres } from './embedded';
import { readRecord } from './embedded-placement';

export interface OwnerConnection {
  url: string;
  close(): Promise<void>;
}

/** The port of a server running on this cluster folder, if any. */
export function runningEmbeddedPort(clusterDir: string): number | null {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch (err) {
    // EPERM: alive, but another user's (the server user's, when we are not root)
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null; // a stale pid file from a crash
  }
  return Number(port) || null;
}

export async function ownerConnection(config: Config): Promise<OwnerConnection> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, close: async () => undefined };
  const dir = path.join(config.DATA_DIR, 'pg');
  const password = (await readSecrets(config.DATA_DIR))?.databaseOwnerPassword;
  const clusterDir = (await readRecord(dir)).clusterDir ?? dir;
  if (!password || !existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new Error(`No database for ${config.DATA_DIR} yet (or one from an older version): start the app once (npm start) first.`);
  }
  const port = runningEmbeddedPort(clusterDir);
  if (port) return { url: ownerUrl(port, password), close: async () => undefined };
  const cluster = await startEmbeddedPostgres({ dir, password });
  return { url: cluster.url(), close: () => cluster.stop() };
}
