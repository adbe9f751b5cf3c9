/**
 * Reads under tenant isolation (docs/decisions/0005-tenant-isolation-rls.md): a read-only
 * transaction on the API's pool with the two settings the row-level-security policies read,
 * set for this transaction only so that nothing leaks to the next user of the connection.
 */
import type { Pool, PoolClient } from 'pg';
import { isUuid } from '../domain/shared/ids';
import { withTransaction } from '../infra/db/pool';

export interface TenantScope {
  platformAdmin: boolean;
  ecosystemIds: readonly string[];
}

/** Pools already checked to connect as a role that row-level security applies to. */
const checkedPools = new WeakSet<Pool>();

async function assertRlsApplies(client: PoolClient, pool: Pool): Promise<void> {
  if (checkedPools.has(pool)) return;
  const r = await client.query<{ rolname: string; bypass: boolean }>(
    `SELECT rolname, rolsuper OR rolbypassrls AS bypass FROM pg_roles WHERE rolname = current_user`);
  // A superuser or BYPASSRLS role would silently see every tenant: refuse rather than leak.
  if (r.rows[0]?.bypass) throw new Error(`withTenantScope: role ${r.rows[0].rolname} bypasses row-level security; use the app_api pool`);
  checkedPools.add(pool);
}

/**
 * Runs `fn` in a READ ONLY transaction as the pool's role, seeing only rows of `scope`'s tenants
 * (every row for a platform admin, none for an empty scope).
 */
export async function withTenantScope<T>(apiPool: Pool, scope: TenantScope, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const bad = scope.ecosystemIds.filter((id) => !isUuid(id));
  if (bad.length > 0) throw new TypeError(`withTenantScope: ecosystem ids must be UUIDs, got ${bad.join(', ')}`);
  return withTransaction(apiPool, async (client) => {
    await assertRlsApplies(client, apiPool);
    await client.query(`SELECT set_config('app.platform_admin', $1, true), set_config('app.ecosystem_ids', $2, true)`,
      [scope.platformAdmin ? 'on' : 'off', scope.ecosystemIds.join(',')]);
    return fn(client);
  }, { readOnly: true });
}
