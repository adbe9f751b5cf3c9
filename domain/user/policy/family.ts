/**
 * Who may see and change family connections (decision 0048). An ecosystem admin links and unlinks
 * the parents and children of their ecosystem (a platform admin anyone's); a person's connections
 * are read by the person, the admins over them and their own linked parents; the parent's
 * notification preferences for a child are the parent's own, or an admin's to set.
 */
import { guardianOf, hasRole, isSelf, sharedWith, type Person, type Principal } from './principal';

export type FamilyOperation =
  | { type: 'link'; ecosystemId: string }
  | { type: 'unlink'; ecosystemId: string }
  | { type: 'readConnections' }
  | { type: 'editNotifPreferences'; ecosystemId: string };

export function familyPolicy(p: Principal | null, op: FamilyOperation, person: Person): boolean {
  if (!p) return false;
  switch (op.type) {
    case 'link':
    case 'unlink':
      return p.platformAdmin || hasRole(p, op.ecosystemId, ['SUPER_ADMIN']);
    case 'readConnections':
      return isSelf(p, person) || p.platformAdmin || sharedWith(p, person, ['SUPER_ADMIN']) || guardianOf(p, person);
    case 'editNotifPreferences':
      return p.platformAdmin || hasRole(p, op.ecosystemId, ['SUPER_ADMIN']) || (isSelf(p, person) && hasRole(p, op.ecosystemId, ['PARENT']));
    default: {
      const exhaustive: never = op;
      return exhaustive;
    }
  }
}
