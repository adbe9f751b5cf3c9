/** Which ecosystems the home page lists for the signed-in user, and what it offers for each. */

export interface EcosystemRoleRef {
  readonly ecosystemId: string;
  readonly role: string;
  readonly status: string;
}

export interface EcosystemRef {
  readonly id: string;
  readonly name: string;
}

export interface ViewerEcosystem {
  id: string;
  name: string;
  /** An ecosystem admin (SUPER_ADMIN) may also read the breadcrumbs. */
  admin: boolean;
}

/** getEcosystemsById takes at most this many ids (the API's page size). */
export const MAX_ECOSYSTEM_IDS = 100;

/** The ecosystems the user holds an active role in, once each, in the order of the roles. */
export function memberEcosystemIds(roles: readonly EcosystemRoleRef[]): string[] {
  const ids = roles.filter((r) => r.status === 'ACTIVE').map((r) => r.ecosystemId);
  return [...new Set(ids)].slice(0, MAX_ECOSYSTEM_IDS);
}

/** The ecosystems found (the API answers null for one it no longer shows), by name. */
export function viewerEcosystems(roles: readonly EcosystemRoleRef[], found: ReadonlyArray<EcosystemRef | null | undefined>): ViewerEcosystem[] {
  const adminOf = new Set(roles.filter((r) => r.status === 'ACTIVE' && r.role === 'SUPER_ADMIN').map((r) => r.ecosystemId));
  return found.flatMap((e) => (e ? [{ id: e.id, name: e.name, admin: adminOf.has(e.id) }] : []))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A parent or guardian in some ecosystem: the home page links to their children (/students). */
export function isParent(roles: readonly EcosystemRoleRef[]): boolean {
  return roles.some((r) => r.status === 'ACTIVE' && r.role === 'PARENT');
}
