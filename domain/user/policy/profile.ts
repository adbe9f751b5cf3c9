/**
 * Who may read and change a person's profile. The person edits their own (except the admin fields:
 * pay, approval and background check); an ecosystem admin (SUPER_ADMIN) edits the profile of anyone
 * holding a role in their ecosystem, in any status, and a platform admin anyone's. Program admins
 * read the profiles of their program's people; staff and teachers those of the ecosystem's
 * learners. Private parts (demographics, applicant fields, pay) stay with the person and the
 * admins. The time-zone dismissal record is the person's own; the ecosystem profile of E is edited
 * by the person while a member of E in force, or by the admins of E. A linked parent reads their
 * child's profile and edits it (not the admin fields, not the private parts: decision 0048).
 */
import { guardianOf, hasRole, isSelf, LEARNER_ROLES, programAdminOver, sharedWith, type Person, type Principal } from './principal';

export type ProfileOperation =
  | { type: 'read' }
  | { type: 'readPrivate' }
  | { type: 'edit' }
  | { type: 'editAdminFields' }
  | { type: 'editTimeZone' }
  | { type: 'editTimezoneCooldown' }
  | { type: 'editEcosystemProfile'; ecosystemId: string };

function adminOver(p: Principal, person: Person): boolean {
  return p.platformAdmin || sharedWith(p, person, ['SUPER_ADMIN']);
}

function learnerIn(p: Principal, person: Person): boolean {
  return person.roles.some((g) => LEARNER_ROLES.includes(g.role) && hasRole(p, g.ecosystemId, ['STAFF', 'TEACHER']));
}

export function profilePolicy(p: Principal | null, op: ProfileOperation, person: Person): boolean {
  if (!p) return false;
  switch (op.type) {
    case 'read':
      return isSelf(p, person) || adminOver(p, person) || programAdminOver(p, person) || learnerIn(p, person) || guardianOf(p, person);
    case 'readPrivate':
      return isSelf(p, person) || adminOver(p, person);
    case 'edit':
    case 'editTimeZone':
      return isSelf(p, person) || adminOver(p, person) || guardianOf(p, person);
    case 'editAdminFields':
      return adminOver(p, person);
    case 'editTimezoneCooldown':
      return isSelf(p, person);
    case 'editEcosystemProfile':
      return p.platformAdmin || hasRole(p, op.ecosystemId, ['SUPER_ADMIN'])
        || (isSelf(p, person) && p.roles.some((r) => r.ecosystemId === op.ecosystemId));
    default: {
      const exhaustive: never = op;
      return exhaustive;
    }
  }
}
