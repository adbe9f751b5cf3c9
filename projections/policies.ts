/**
 * The tenant policy of every build's exposed tables follows TENANT_PREDICATE (projections/sql.ts).
 * A build is created with the predicate of the code that made it, and serves for as long as its
 * version does; so when the predicate's text changes (docs/decisions/0033: its settings are read
 * once per statement instead of once per row), builds made by older code are brought up to date at
 * the runner's reconciles (until none is left; then the runner stops looking) instead of by a
 * rebuild. Each policy carries a comment naming the predicate it has, so finding the outdated ones
 * is one catalogue query.
 */
import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { LocksBusyError, withBuildLocks } from './ddl-locks';
import { qualified, TENANT_PREDICATE } from './sql';

export const TENANT_POLICY = 'tenant_isolation';

/** The comment a policy with today's predicate carries. */
export const POLICY_MARK = `tenant predicate ${createHash('sha256').update(TENANT_PREDICATE).digest('hex').slice(0, 16)}`;

/** Creates the tenant policy on a new build's table (builds.ts, secureExposedTable). */
export async function createTenantPolicy(client: PoolClient, schema: string, table: string): Promise<void> {
  const t = qualified(schema, table);
  await client.query(`CREATE POLICY ${TENANT_POLICY} ON ${t} USING (${TENANT_PREDICATE})`);
  await client.query(`COMMENT ON POLICY ${TENANT_POLICY} ON ${t} IS '${POLICY_MARK}'`);
}

/**
 * Moves the outdated tenant policies of builds that are not retired to today's predicate, one
 * table per transaction under the build-change locks (ALTER POLICY locks its table; a long reader
 * makes it give up after the short lock_timeout rather than queue readers behind it). Returns the
 * tables still outdated; the next reconcile tries them again.
 */
export async function refreshTenantPolicies(pool: Pool): Promise<string[]> {
  const outdated = await pool.query<{ schema: string; table: string }>(
    `SELECT n.nspname AS schema, c.relname AS table
       FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE p.polname = $1 AND coalesce(obj_description(p.oid, 'pg_policy'), '') <> $2
        AND n.nspname IN (SELECT schema_name FROM projections.checkpoints WHERE status <> 'retired')
      ORDER BY 1, 2`, [TENANT_POLICY, POLICY_MARK]);
  const left: string[] = [];
  for (const { schema, table } of outdated.rows) {
    const t = qualified(schema, table);
    try {
      await withBuildLocks(pool, [], async (client) => {
        await client.query(`ALTER POLICY ${TENANT_POLICY} ON ${t} USING (${TENANT_PREDICATE})`);
        await client.query(`COMMENT ON POLICY ${TENANT_POLICY} ON ${t} IS '${POLICY_MARK}'`);
      });
    } catch (err) {
      if (!(err instanceof LocksBusyError)) throw err;
      left.push(`${schema}.${table}`);
    }
  }
  return left;
}
