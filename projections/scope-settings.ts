/**
 * What a tenant-scoped read transaction starts with (docs/decisions/0005-tenant-isolation-rls.md):
 * the checks that the pool's role is one row-level security applies to and that the scope's ids
 * are UUIDs, and the statement that opens the transaction with the two settings the policies read.
 */
import { escapeLiteral, type Pool, type PoolClient } from 'pg';
import { isUuid } from '../domain/shared/ids';

export interface TenantScope {
  platformAdmin: boolean;
  ecosystemIds: readonly string[];
  /**
   * The signed-in person, for the policies that depend on who reads rather than on the tenant
   * (a learner is visible only to the people over them: docs/decisions/0053). Absent: no one.
   */
  viewerId?: string | null;
}

/** Pools already checked to connect as a role that row-level security applies to. */
const checkedPools = new WeakSet<Pool>();

export async function assertRlsApplies(client: PoolClient, pool: Pool): Promise<void> {
  if (checkedPools.has(pool)) return;
  const r = await client.query<{ rolname: string; bypass: boolean }>(
    `SELECT rolname, rolsuper OR rolbypassrls AS bypass FROM pg_roles WHERE rolname = current_user`);
  // A superuser or BYPASSRLS role would silently see every tenant: refuse rather than leak.
  if (r.rows[0]?.bypass) throw new Error(`withTenantScope: role ${r.rows[0].rolname} bypasses row-level security; use the app_api pool`);
  checkedPools.add(pool);
}

export function checkScope(scope: TenantScope): void {
  const bad = scope.ecosystemIds.filter((id) => !isUuid(id));
  if (bad.length > 0) throw new TypeError(`withTenantScope: ecosystem ids must be UUIDs, got ${bad.join(', ')}`);
  if (scope.viewerId && !isUuid(scope.viewerId)) throw new TypeError(`withTenantScope: the viewer id must be a UUID, got ${scope.viewerId}`);
}

/**
 * BEGIN and the scope's settings as one simple-protocol string, so that they cost one message and
 * pipeline with the first statement. The values are literals, quoted although they cannot need it:
 * the ids are checked UUIDs (checkScope) and the flag is on or off. READ COMMITTED is spelt out
 * because the shared transaction relies on it: every statement sees what was committed before it
 * (a mutation's payload read sees the projection's write), whatever the server's default.
 */
export function beginStatement(scope: TenantScope): string {
  checkScope(scope);
  const flag = escapeLiteral(scope.platformAdmin ? 'on' : 'off');
  const ids = escapeLiteral(scope.ecosystemIds.map((id) => id.toLowerCase()).join(','));
  // Only set when there is a viewer, so a scope without one starts exactly as before.
  const viewer = scope.viewerId ? `, set_config('app.viewer_id', ${escapeLiteral(scope.viewerId.toLowerCase())}, true)` : '';
  return `BEGIN READ ONLY ISOLATION LEVEL READ COMMITTED; `
    + `SELECT set_config('app.platform_admin', ${flag}, true), set_config('app.ecosystem_ids', ${ids}, true)${viewer}`;
}
