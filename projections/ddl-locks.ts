/**
 * The locks every change to projection builds takes, always in one order and never waiting long
 * (docs/decisions/0004, "Locks of a switch"):
 *
 * 1. an advisory lock that serialises build changes across processes: tried, never waited for;
 * 2. the `read.<table>` views the change touches, ACCESS EXCLUSIVE, with a short lock_timeout:
 *    while this waits, new readers of those views queue behind it, so it must not wait long;
 * 3. the checkpoint rows, FOR UPDATE under the same short lock_timeout: a batch of the build may
 *    hold one for the length of a batch.
 *
 * So the views are never waited for while a checkpoint row is held (batches of every build keep
 * committing), and readers never queue behind a switch for longer than LOCK_TIMEOUT_MS. When a
 * lock is not to be had, the transaction rolls back and LocksBusyError tells the caller to try
 * again later, with jitter, so that competing processes do not retry in step.
 */
import type { Pool, PoolClient } from 'pg';
import { withTransaction } from '../infra/db/pool';
import { qualified, READ_SCHEMA } from './sql';

const LOCK_NAMESPACE = 727_200;
const DDL_LOCK = 0;
/** How long one attempt waits for a view or a checkpoint row. */
export const LOCK_TIMEOUT_MS = 50;
const LOCK_NOT_AVAILABLE = '55P03';

export class LocksBusyError extends Error {
  constructor(what: string) {
    super(`${what} is locked; trying again later`);
    this.name = 'LocksBusyError';
  }
}

function isLockNotAvailable(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === LOCK_NOT_AVAILABLE;
}

/**
 * Runs `fn` in a transaction holding the build-change lock and the existing ones of `views`
 * (table names under `read`); `fn` takes the checkpoint rows itself. Throws LocksBusyError when
 * any lock is not available in time.
 */
export async function withBuildLocks<T>(pool: Pool, views: readonly string[], fn: (client: PoolClient) => Promise<T>): Promise<T> {
  try {
    return await withTransaction(pool, async (client) => {
      await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT_MS}ms'`);
      const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', [LOCK_NAMESPACE, DDL_LOCK]);
      if (!got.rows[0].ok) throw new LocksBusyError('Another change to projection builds');
      const existing = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = $1 AND c.relname = ANY ($2) ORDER BY c.relname`, [READ_SCHEMA, [...new Set(views)]]);
      // Sorted, so that two lockers of overlapping views cannot each hold what the other waits for.
      if (existing.rows.length > 0) {
        await client.query(`LOCK TABLE ${existing.rows.map((r) => qualified(READ_SCHEMA, r.name)).join(', ')} IN ACCESS EXCLUSIVE MODE`);
      }
      return await fn(client);
    });
  } catch (err) {
    if (isLockNotAvailable(err)) throw new LocksBusyError(`A view or checkpoint of ${views.join(', ') || 'a projection'}`);
    throw err;
  }
}

/** A random pause around `ms` (50% to 150%): processes that collided do not collide again in step. */
export function jitter(ms: number): number {
  return Math.round(ms * (0.5 + Math.random()));
}

/** For changes that must happen (creating builds): retries busy locks with jittered, growing pauses. */
export async function withBuildLocksRetrying<T>(pool: Pool, views: readonly string[], fn: (client: PoolClient) => Promise<T>, attempts = 40): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withBuildLocks(pool, views, fn);
    } catch (err) {
      if (!(err instanceof LocksBusyError) || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, jitter(Math.min(2000, 25 * 2 ** attempt))));
    }
  }
}

/** Runs `fn` (a DROP of retired tables) with the short lock_timeout; false when the locks were busy. */
export async function tryWithShortLocks(pool: Pool, fn: (client: PoolClient) => Promise<void>): Promise<boolean> {
  try {
    await withTransaction(pool, async (client) => {
      await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT_MS}ms'`);
      await fn(client);
    });
    return true;
  } catch (err) {
    if (isLockNotAvailable(err)) return false;
    throw err;
  }
}
