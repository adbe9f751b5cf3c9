/**
 * Transactions for the runner and read scopes. Unlike infra/db/pool's withTransaction, a checked-out
 * client listens for connection errors: a backend killed mid-batch must fail the batch, not crash
 * the process with an unhandled 'error' event, and the dead connection must not go back to the pool.
 */
import type { Pool, PoolClient } from 'pg';

export async function inTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>, options: { readOnly?: boolean } = {}): Promise<T> {
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
