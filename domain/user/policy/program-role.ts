/**
 * Who may see and change the roles of one program. Ecosystem admins and platform admins manage
 * every program role; a program admin manages the tutors (LEADER) and learners (PUPIL) of their
 * own program but cannot make other program admins; staff may see a program's people.
 */
import type { ProgramRoleName } from '../events';
import { hasRole, isProgramAdmin, type Principal } from './principal';

export type ProgramRoleOperation =
  | { type: 'list' }
  | { type: 'grant' | 'changeStatus' | 'revoke'; role: ProgramRoleName };

export interface ProgramRef {
  ecosystemId: string;
  programId: string;
}

export function programRolePolicy(p: Principal | null, op: ProgramRoleOperation, program: ProgramRef): boolean {
  if (!p) return false;
  if (p.platformAdmin || hasRole(p, program.ecosystemId, ['SUPER_ADMIN'])) return true;
  const programAdmin = isProgramAdmin(p, program.ecosystemId, program.programId);
  switch (op.type) {
    case 'list':
      return programAdmin || hasRole(p, program.ecosystemId, ['STAFF']);
    case 'grant':
    case 'changeStatus':
    case 'revoke':
      return programAdmin && op.role !== 'PROGRAM_ADMIN';
    default: {
      const exhaustive: never = op;
      return exhaustive;
    }
  }
}
