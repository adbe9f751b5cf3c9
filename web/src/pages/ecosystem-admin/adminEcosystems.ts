/** Which ecosystems /admin shows: those the user holds an active SUPER_ADMIN (ecosystem admin) role in. */
import { MAX_ECOSYSTEM_IDS, type EcosystemRoleRef } from '../home/ecosystems';

export function adminEcosystemIds(roles: readonly EcosystemRoleRef[]): string[] {
  const ids = roles.filter((r) => r.status === 'ACTIVE' && r.role === 'SUPER_ADMIN').map((r) => r.ecosystemId);
  return [...new Set(ids)].slice(0, MAX_ECOSYSTEM_IDS);
}
