/**
 * What every people policy (docs/decisions/0035-people-policies.md) knows of the two sides: the
 * principal acting (null when anonymous) with the roles in force for them, and the person acted
 * on with every role they hold in any status (an admin manages invited and archived members too).
 */
import type { Principal } from '../../shared/permissions';
import type { Role } from '../../shared/events';
import { inForce } from '../roles';
import type { GrantableRole, RoleGrant } from '../events';

export type { Principal };

export interface Person {
  userId: string;
  roles: ReadonlyArray<RoleGrant>;
  /**
   * The parents and guardians linked to the person, per ecosystem (domain/family, decision 0048).
   * Left out where the caller did not read them: then no one acts as the person's parent.
   */
  guardians?: ReadonlyArray<{ userId: string; ecosystemId: string }>;
}

/** A principal from a person's grants: only the roles in force count (an archived member has none). */
export function principalOf(userId: string, grants: readonly RoleGrant[], options: { platformAdmin?: boolean; locked?: boolean } = {}): Principal {
  return {
    userId,
    platformAdmin: options.platformAdmin ?? false,
    roles: grants.filter((g) => inForce(g, options.locked ?? false)).map(({ ecosystemId, role, programId }) => ({ ecosystemId, role, programId })),
  };
}

export function hasRole(p: Principal, ecosystemId: string, roles: readonly Role[]): boolean {
  return p.roles.some((r) => r.ecosystemId === ecosystemId && roles.includes(r.role));
}

export function isMember(p: Principal, ecosystemId: string): boolean {
  return p.roles.some((r) => r.ecosystemId === ecosystemId);
}

export function isProgramAdmin(p: Principal, ecosystemId: string, programId: string): boolean {
  return p.roles.some((r) => r.ecosystemId === ecosystemId && r.role === 'PROGRAM_ADMIN' && r.programId === programId);
}

/** Ecosystems the person belongs to (any status) where the principal holds one of `roles` in force. */
export function sharedWith(p: Principal, person: Person, roles: readonly Role[]): boolean {
  return person.roles.some((g) => hasRole(p, g.ecosystemId, roles));
}

/** The principal is program admin of a program the person holds a role in. */
export function programAdminOver(p: Principal, person: Person): boolean {
  return person.roles.some((g) => g.programId !== null && isProgramAdmin(p, g.ecosystemId, g.programId));
}

export function isSelf(p: Principal, person: Person): boolean {
  return p.userId === person.userId;
}

/** Roles that learn or look after a learner: whom staff and teachers work with. */
export const LEARNER_ROLES: readonly GrantableRole[] = ['STUDENT', 'PUPIL'];

/**
 * The principal is a parent or guardian linked to the person in an ecosystem where the principal
 * is a PARENT in force and the person still belongs (decision 0048): archived parents, and links
 * into an ecosystem the child has left, give nothing.
 */
export function guardianOf(p: Principal, person: Person): boolean {
  return (person.guardians ?? []).some((g) => g.userId === p.userId && hasRole(p, g.ecosystemId, ['PARENT'])
    && person.roles.some((r) => r.ecosystemId === g.ecosystemId));
}
