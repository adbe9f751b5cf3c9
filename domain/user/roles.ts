/**
 * How a role's status may change (docs/decisions/0034-people-and-roles.md). An ecosystem role goes
 * INVITED or APPLIED -> ACTIVATED, and any of them -> ARCHIVED; an archived one comes back as
 * ACTIVATED (unarchived) or INVITED (invited again). A program role goes INVITED -> ACTIVE, either
 * -> ARCHIVED, and back. APPLIED is only ever where a role starts (a sign-up awaiting approval).
 * A role is in force only while ACTIVATED or ACTIVE and the account is not locked.
 */
import { IllegalStateError, ValidationError } from '../shared/errors';
import {
  ECOSYSTEM_STATUSES, IN_FORCE, isProgramRole, PROGRAM_ROLE_STATUSES, type EcosystemStatus, type RoleGrant, type RoleGrantKey, type RoleStatus,
} from './events';
import { userMessages } from './messages';

const ECOSYSTEM_MOVES: Record<string, readonly RoleStatus[]> = {
  INVITED: ['ACTIVATED', 'ARCHIVED'],
  APPLIED: ['ACTIVATED', 'ARCHIVED'],
  ACTIVATED: ['ARCHIVED'],
  ARCHIVED: ['ACTIVATED', 'INVITED'],
};

const PROGRAM_MOVES: Record<string, readonly RoleStatus[]> = {
  INVITED: ['ACTIVE', 'ARCHIVED'],
  ACTIVE: ['ARCHIVED'],
  ARCHIVED: ['ACTIVE', 'INVITED'],
};

/** The status a grant starts in: the one asked for (checked against the role's kind), else in force. */
export function initialStatus(grant: RoleGrantKey, asked: RoleStatus | null): RoleStatus {
  const program = isProgramRole(grant.role);
  if (asked === null) return program ? 'ACTIVE' : 'ACTIVATED';
  checkStatusFits(grant, asked);
  return asked;
}

export function checkStatusFits(grant: RoleGrantKey, status: RoleStatus): void {
  if (isProgramRole(grant.role)) {
    if (!(PROGRAM_ROLE_STATUSES as readonly string[]).includes(status)) {
      throw ValidationError.forField('status', userMessages.statusNotForProgramRole);
    }
  } else if (!(ECOSYSTEM_STATUSES as readonly string[]).includes(status)) {
    throw ValidationError.forField('status', userMessages.statusNotForEcosystemRole);
  }
}

/** Refuses a move the rules above do not allow; moving to the status a role has is no move at all. */
export function checkMove(grant: RoleGrant, to: RoleStatus): void {
  checkStatusFits(grant, to);
  const moves = (isProgramRole(grant.role) ? PROGRAM_MOVES : ECOSYSTEM_MOVES)[grant.status] ?? [];
  if (!moves.includes(to)) throw new IllegalStateError(userMessages.statusTransitionNotAllowed({ from: grant.status, to }), 'ROLE_STATUS');
}

export function inForce(grant: RoleGrant, locked: boolean): boolean {
  return !locked && IN_FORCE.has(grant.status);
}

/** What an ecosystem role's status reads as: GLOBAL_LOCK while the account is locked. */
export function shownStatus(grant: RoleGrant, locked: boolean): EcosystemStatus | RoleStatus {
  return locked && !isProgramRole(grant.role) ? 'GLOBAL_LOCK' : grant.status;
}
