/** Connection pools and the transaction helper every writer uses. */
import pg from 'pg';

// int8 columns (positions, transaction ids) come back as bigint-safe strings; parse counts ourselves.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export function createPool(connectionString: string, max = 10, applicationName = 'tutoring-platform'): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: applicationName });
  // An idle client losing its connection must not crash the process; the next checkout reconnects.
  pool.on('error', (err) => console.error(`[db] idle client error: ${err.message}`));
  return pool;
}

export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Replaces the user and password of a connection URL (used to derive the app_api role's URL). */
export function withCredentials(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}
