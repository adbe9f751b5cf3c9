/**
 * Joining a program from /account-settings/join-program (docs/decisions/0050). A person with a role
 * in force in the program's ecosystem joins it themselves: as LEADER when they already lead a program
 * there, else as PUPIL when they are a student, parent or community member there. Admins, staff and
 * teachers are given program roles by an admin. Someone with any role in the program (an archived
 * one included) cannot join again: that would undo an admin's archiving. Decided from the stream.
 */
import { z } from 'zod';
import type { CommandHandler } from '../../shared/decider';
import { IllegalStateError } from '../../shared/errors';
import { requireRegistered } from '../decide';
import type { ProgramRoleName, RoleGrant, UserEvent } from '../events';
import { inForce } from '../roles';
import { userAggregate, type UserState } from '../state';
import { settingsMessages as M } from './messages';

export const joinProgramInput = z.object({ userId: z.uuid(), ecosystemId: z.uuid(), programId: z.uuid() });
export type JoinProgramInput = z.infer<typeof joinProgramInput>;

const LEARNER_SIDE = new Set(['STUDENT', 'PARENT', 'MEMBER', 'PUPIL']);

/** The program role a person with `roles` in force in an ecosystem joins as, or null when they cannot join by themselves. */
export function joiningRole(roles: ReadonlyArray<Pick<RoleGrant, 'role'>>): Extract<ProgramRoleName, 'LEADER' | 'PUPIL'> | null {
  if (roles.some((r) => r.role === 'LEADER')) return 'LEADER';
  return roles.some((r) => LEARNER_SIDE.has(r.role)) ? 'PUPIL' : null;
}

export function decideJoinProgram(input: JoinProgramInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  const here = user.roles.filter((r) => r.ecosystemId === input.ecosystemId && inForce(r, user.locked));
  if (here.length === 0) throw new IllegalStateError(M.joinNotMember, 'NOT_MEMBER');
  if (user.roles.some((r) => r.programId === input.programId)) throw new IllegalStateError(M.joinAlreadyIn, 'ALREADY_IN_PROGRAM');
  const role = joiningRole(here);
  if (!role) throw new IllegalStateError(M.joinNoRole, 'NO_JOINING_ROLE');
  return [{ type: 'EcosystemRoleGranted', data: { userId: user.userId, ecosystemId: input.ecosystemId, role, programId: input.programId, status: 'ACTIVE' } }];
}

export const joinProgram: CommandHandler<JoinProgramInput, UserState, UserEvent> = {
  type: 'JoinProgram',
  input: joinProgramInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: (input) => input.ecosystemId,
  decide: (input, state) => decideJoinProgram(input, state),
};
