/**
 * Who may do what (spec section 6), as pure rules the API's policy module checks before any
 * command is dispatched. Platform admins create, archive and unarchive ecosystems and manage demo
 * data; ecosystem admins (ecosystem role SUPER_ADMIN) edit their ecosystem and create and edit its
 * programs; program admins edit their program.
 */
import type { Role } from './events';

export interface Principal {
  userId: string;
  platformAdmin: boolean;
  roles: ReadonlyArray<{ ecosystemId: string; role: Role; programId: string | null }>;
}

export type Action =
  | { type: 'ecosystem.create' }
  | { type: 'ecosystem.archive'; ecosystemId: string }
  | { type: 'ecosystem.migrate'; ecosystemId: string }
  | { type: 'ecosystem.edit'; ecosystemId: string }
  | { type: 'ecosystem.read'; ecosystemId: string }
  | { type: 'ecosystem.audit'; ecosystemId: string }
  | { type: 'ecosystem.demoData'; ecosystemId: string }
  | { type: 'ecosystem.jobs'; ecosystemId: string }
  | { type: 'platform.configure' }
  | { type: 'platform.listEcosystems' }
  | { type: 'program.create'; ecosystemId: string }
  | { type: 'program.edit'; ecosystemId: string; programId: string }
  | { type: 'program.archive'; ecosystemId: string; programId: string };

function hasEcosystemRole(p: Principal, ecosystemId: string, roles: Role[]): boolean {
  return p.roles.some((r) => r.ecosystemId === ecosystemId && roles.includes(r.role));
}

function isProgramAdmin(p: Principal, ecosystemId: string, programId: string): boolean {
  return p.roles.some((r) => r.ecosystemId === ecosystemId && r.role === 'PROGRAM_ADMIN' && r.programId === programId);
}

export function can(p: Principal, action: Action): boolean {
  if (p.platformAdmin) return true;
  switch (action.type) {
    case 'ecosystem.create':
    case 'ecosystem.archive':
    case 'ecosystem.migrate':
    case 'ecosystem.demoData':
    case 'ecosystem.jobs':
    case 'platform.configure':
    case 'platform.listEcosystems':
      return false;
    case 'ecosystem.edit':
    case 'ecosystem.audit':
    case 'program.create':
      return hasEcosystemRole(p, action.ecosystemId, ['SUPER_ADMIN']);
    case 'ecosystem.read':
      return p.roles.some((r) => r.ecosystemId === action.ecosystemId);
    case 'program.edit':
    case 'program.archive':
      return hasEcosystemRole(p, action.ecosystemId, ['SUPER_ADMIN']) || isProgramAdmin(p, action.ecosystemId, action.programId);
    default: {
      const exhaustive: never = action;
      return exhaustive;
    }
  }
}
