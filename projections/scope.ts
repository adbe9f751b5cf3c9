/**
 * Reads under tenant isolation (docs/decisions/0005-tenant-isolation-rls.md): a read-only
 * transaction on the API's pool with the two settings the row-level-security policies read,
 * set for this transaction only so that nothing leaks to the next user of the connection.
 * A GraphQL request shares one such transaction between its resolvers (TenantReads,
 * docs/decisions/0025); `withTenantScope` is the one-off form for everything else.
 */
import type { Pool, PoolClient } from 'pg';
import { checkScope, type TenantScope } from './scope-settings';
import { TenantReads } from './tenant-reads';

export { TenantReads } from './tenant-reads';
export type { TenantScope } from './scope-settings';

/**
 * Runs `fn` in a READ ONLY transaction of its own as the pool's role, seeing only rows of `scope`'s
 * tenants (every row for a platform admin, none for an empty scope).
 */
export async function withTenantScope<T>(apiPool: Pool, scope: TenantScope, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  checkScope(scope);
  const reads = new TenantReads(apiPool, scope);
  try {
    return await reads.read(fn);
  } finally {
    await reads.close();
  }
}
