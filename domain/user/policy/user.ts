/**
 * Who may do what to a person's account. Reading the account card (name, picture) is for the
 * person, platform admins and anyone in force in an ecosystem the person belongs to, except that a
 * learner there is seen only by the people over them (learner.ts, decision 0053); contact
 * details (e-mail, phone) only for the person and the admins over them; locking an account
 * platform-wide only for platform admins; switching tutor and tutee mode only for the person. A
 * linked parent reads their child's card and contact details (decision 0048).
 */
import { seesThroughEcosystem } from './learner';
import { guardianOf, isSelf, programAdminOver, sharedWith, type Person, type Principal } from './principal';

export type UserOperation = 'read' | 'readContact' | 'lock' | 'switchMode';

export function userPolicy(p: Principal | null, op: UserOperation, person: Person): boolean {
  if (!p) return false;
  if (op === 'switchMode') return isSelf(p, person);
  if (p.platformAdmin) return true;
  switch (op) {
    case 'read':
      return isSelf(p, person) || seesThroughEcosystem(p, person);
    case 'readContact':
      return isSelf(p, person) || sharedWith(p, person, ['SUPER_ADMIN']) || programAdminOver(p, person) || guardianOf(p, person);
    case 'lock':
      return false;
    default: {
      const exhaustive: never = op;
      return exhaustive;
    }
  }
}
