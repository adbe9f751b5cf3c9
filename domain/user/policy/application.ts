/**
 * Who may do what with sign-up applications (docs/decisions/0044). The ecosystem's admins
 * (SUPER_ADMIN) and platform admins list and review them, set the background check and send its
 * reminder, and create sign-up tickets; the applicant alone works on their own draft, accepts the waiver and submits.
 */
import { hasRole, type Principal } from './principal';

export type ApplicationOperation = 'list' | 'review' | 'setBackgroundCheck' | 'remind' | 'createLead' | 'editOwn';

export interface ApplicationTarget {
  ecosystemId: string;
  userId: string;
}

export function applicationPolicy(p: Principal | null, op: ApplicationOperation, target: ApplicationTarget): boolean {
  if (!p) return false;
  switch (op) {
    case 'list':
    case 'review':
    case 'setBackgroundCheck':
    case 'remind':
    case 'createLead':
      return p.platformAdmin || hasRole(p, target.ecosystemId, ['SUPER_ADMIN']);
    case 'editOwn':
      return p.userId === target.userId;
    default: {
      const exhaustive: never = op;
      return exhaustive;
    }
  }
}
