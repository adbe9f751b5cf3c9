/**
 * The admin user tools (decision 0049). The roster, its export, bulk archive and bulk permission
 * changes of an ecosystem are its admins' (SUPER_ADMIN in force) and platform admins'. Tutee lists
 * are also for the ecosystem's staff, teachers, program admins and tutors, who book with them; the
 * ecosystem's admins are listed to every member in force. Setting another person's password,
 * e-mail or phone is for an admin over *every* ecosystem the person belongs to, and never over a
 * platform admin: an admin of one ecosystem must not take over an account that holds more than
 * that ecosystem gives them.
 */
import { hasRole, isMember, isSelf, type Person, type Principal } from './principal';

export type RosterOperation = 'list' | 'manage' | 'listTutees' | 'listAdmins';
export type AccountOperation = 'setPassword' | 'setContact' | 'sendFollowUp';

export function rosterPolicy(p: Principal | null, op: RosterOperation, ecosystemId: string): boolean {
  if (!p) return false;
  if (p.platformAdmin) return true;
  switch (op) {
    case 'list':
    case 'manage':
      return hasRole(p, ecosystemId, ['SUPER_ADMIN']);
    case 'listTutees':
      return hasRole(p, ecosystemId, ['SUPER_ADMIN', 'STAFF', 'TEACHER', 'PROGRAM_ADMIN', 'LEADER']);
    case 'listAdmins':
      return isMember(p, ecosystemId);
    default: {
      const exhaustive: never = op;
      return exhaustive;
    }
  }
}

/**
 * The programs whose tutees a tutee list may show the principal (decision 0053): null for all of
 * the ecosystem's (its admins, staff and teachers, platform admins), else those where the
 * principal is PROGRAM_ADMIN or LEADER, since a learner is seen only by the leads of their programs.
 */
export function tuteeProgramsOf(p: Principal, ecosystemId: string): string[] | null {
  if (p.platformAdmin || hasRole(p, ecosystemId, ['SUPER_ADMIN', 'STAFF', 'TEACHER'])) return null;
  return [...new Set(p.roles.flatMap((r) => (r.ecosystemId === ecosystemId && r.programId && (r.role === 'PROGRAM_ADMIN' || r.role === 'LEADER') ? [r.programId] : [])))];
}

/** `person.platformAdmin` is known to the caller from the users read model. */
export function accountPolicy(p: Principal | null, op: AccountOperation, person: Person & { platformAdmin?: boolean }): boolean {
  if (!p || isSelf(p, person)) return false;
  if (p.platformAdmin) return true;
  if (person.platformAdmin || person.roles.length === 0) return false;
  // A follow-up message is no takeover: an admin of any of the person's ecosystems may send one.
  if (op === 'sendFollowUp') return person.roles.some((g) => hasRole(p, g.ecosystemId, ['SUPER_ADMIN']));
  return person.roles.every((g) => hasRole(p, g.ecosystemId, ['SUPER_ADMIN']));
}
