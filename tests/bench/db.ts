/**
 * The bench's PostgreSQL: a throwaway embedded cluster in a temp dir, or the server of DATABASE_URL.
 * Either way every benchmark gets a fresh, migrated database of its own, and baseline and subject
 * of one comparison always run on the same database (hence the same server settings).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../infra/db/embedded';
import { migrate } from '../../infra/db/migrate';
import { createPool } from '../../infra/db/pool';

export interface BenchDatabase {
  name: string;
  /** Owner (superuser for the embedded cluster) connection URL. */
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

export interface BenchCluster {
  embedded: boolean;
  /** Password migrate() gave the cluster-wide app_api role. */
  apiPassword: string;
  /** Scratch folder of this run (embedded data, platform DATA_DIR). */
  tempDir: string;
  /** Data folder of the embedded cluster (its postmaster.pid names the process to measure); null with DATABASE_URL. */
  clusterDir: string | null;
  settings: Record<string, string>;
  database(suffix: string, poolSize?: number): Promise<BenchDatabase>;
  stop(): Promise<void>;
}

const SETTINGS = ['server_version', 'fsync', 'synchronous_commit', 'full_page_writes', 'shared_buffers', 'max_connections'];

function databaseUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `pgSettings`: extra server settings of the embedded cluster (ignored with DATABASE_URL). */
export async function startBenchCluster(log: (line: string) => void, pgSettings: Readonly<Record<string, string>> = {}): Promise<BenchCluster> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'tutoring-bench-'));
  // As root the embedded server runs as `postgres`, which must be able to reach its data folder.
  await chmod(tempDir, 0o755);
  const runId = randomBytes(4).toString('hex');
  let adminUrl = process.env.DATABASE_URL;
  let stopCluster: (() => Promise<void>) | null = null;
  let clusterDir: string | null = null;
  let apiPassword = `bench-${randomBytes(12).toString('hex')}`;
  if (adminUrl) {
    // app_api is cluster-wide and migrate() sets its password: keep the one the app uses if given.
    if (process.env.API_DATABASE_PASSWORD) apiPassword = process.env.API_DATABASE_PASSWORD;
    else log('DATABASE_URL is set without API_DATABASE_PASSWORD: the bench resets the app_api role password on that server.');
  } else {
    // BENCH_PG_LOG=1 passes the server's log lines on (auto_explain's plans, for example).
    const cluster = await startEmbeddedPostgres({
      dir: path.join(tempDir, 'pg'), password: randomBytes(18).toString('base64url'), throwaway: true, settings: pgSettings,
      ...(process.env.BENCH_PG_LOG === '1' ? { log, everyLogLine: true } : {}),
    });
    adminUrl = cluster.url('postgres');
    clusterDir = cluster.clusterDir;
    stopCluster = () => cluster.stop();
  }
  const admin = adminUrl;
  const created: string[] = [];
  const settings = await withAdmin(admin, async (c) => {
    const out: Record<string, string> = {};
    for (const s of SETTINGS) out[s] = (await c.query<Record<string, string>>(`SHOW ${s}`)).rows[0][s];
    return out;
  });

  return {
    embedded: stopCluster !== null,
    apiPassword,
    tempDir,
    clusterDir,
    settings,
    async database(suffix, poolSize = 24) {
      const name = `bench_${runId}_${suffix}`;
      await withAdmin(admin, (c) => c.query(`CREATE DATABASE ${name}`));
      created.push(name);
      const url = databaseUrl(admin, name);
      const pool = createPool(url, poolSize, `bench-${suffix}`);
      await migrate(pool, { apiPassword });
      let dropped = false;
      return {
        name, url, pool,
        async drop() {
          if (dropped) return;
          dropped = true;
          await pool.end().catch(() => undefined);
          await withAdmin(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        },
      };
    },
    async stop() {
      if (!stopCluster) {
        await withAdmin(admin, async (c) => {
          for (const name of created) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }).catch((err: Error) => log(`could not drop the bench databases: ${err.message}`));
      }
      await stopCluster?.();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}
