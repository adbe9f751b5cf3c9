/**
 * Who may see and change who belongs to an ecosystem (ecosystem roles and their statuses). The
 * ecosystem's admins (SUPER_ADMIN) and platform admins invite, grant, archive, unarchive and
 * revoke; staff may see the members; anyone signed in and not a member yet may apply to join.
 */
import { hasRole, isMember, type Principal } from './principal';

export type MembershipOperation = 'list' | 'grant' | 'changeStatus' | 'revoke' | 'apply';

export function membershipPolicy(p: Principal | null, op: MembershipOperation, ecosystemId: string): boolean {
  if (!p) return false;
  switch (op) {
    case 'list':
      return p.platformAdmin || hasRole(p, ecosystemId, ['SUPER_ADMIN', 'STAFF']);
    case 'grant':
    case 'changeStatus':
    case 'revoke':
      return p.platformAdmin || hasRole(p, ecosystemId, ['SUPER_ADMIN']);
    case 'apply':
      return !isMember(p, ecosystemId);
    default: {
      const exhaustive: never = op;
      return exhaustive;
    }
  }
}
