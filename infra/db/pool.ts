/** Connection pools and the one transaction helper every reader and writer uses. */
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

/**
 * Runs `fn` in one transaction on a checked-out client. The client listens for connection errors
 * while it is out: a backend killed mid-transaction must fail the transaction, not crash the process
 * with an unhandled 'error' event, and a dead or unusable connection never goes back to the pool.
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, options: { readOnly?: boolean } = {}): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (err: Error) => { broken = err; };
  client.on('error', onError);
  try {
    await client.query(options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    if (!broken) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => { broken = rollbackError; });
    }
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Replaces the user and password of a connection URL (used to derive the app_api role's URL). */
export function withCredentials(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}
