/** Decisions of the User aggregate: one small function per command, then `decide`. */
import type { CommandContext } from '../shared/decider';
import { ForbiddenError, IllegalStateError, ValidationError } from '../shared/errors';
import type {
  ChangePasswordInput, GrantEcosystemRoleInput, RegisterUserInput, RevokeEcosystemRoleInput, UserCommand,
} from './commands';
import { isProgramRole, type RoleGrant, type UserEvent } from './events';
import { userMessages } from './messages';
import { sameGrant, type UserState } from './state';

type Registered = Extract<UserState, { status: 'registered' }>;

function requireRegistered(state: UserState): Registered {
  if (state.status !== 'registered') throw new IllegalStateError(userMessages.notRegistered, 'USER_NOT_FOUND');
  return state;
}

/** Program roles name their program; ecosystem roles must not (spec section 6). */
function validGrant(input: GrantEcosystemRoleInput | RevokeEcosystemRoleInput): RoleGrant {
  if (isProgramRole(input.role) && input.programId === null) {
    throw new ValidationError(userMessages.programRequired, { programId: userMessages.programRequired });
  }
  if (!isProgramRole(input.role) && input.programId !== null) {
    throw new ValidationError(userMessages.programNotAllowed, { programId: userMessages.programNotAllowed });
  }
  return { ecosystemId: input.ecosystemId, role: input.role, programId: input.programId };
}

export function registerUser(input: RegisterUserInput, state: UserState, ctx: CommandContext): UserEvent[] {
  if (state.status === 'registered') throw new IllegalStateError(userMessages.alreadyRegistered, 'USER_EXISTS');
  // Platform admins can see every tenant, so only a platform admin (or the system seeding) makes one.
  if (input.platformAdmin && ctx.actor.role !== 'PLATFORM_ADMIN' && ctx.actor.role !== 'SYSTEM') {
    throw new ForbiddenError(userMessages.platformAdminOnly);
  }
  return [{ type: 'UserRegistered', data: { ...input } }];
}

export function grantEcosystemRole(input: GrantEcosystemRoleInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  const grant = validGrant(input);
  // Granting a role the user already holds changes nothing, so a repeated invitation is harmless.
  if (user.roles.some((r) => sameGrant(r, grant))) return [];
  return [{ type: 'EcosystemRoleGranted', data: { userId: user.userId, ...grant } }];
}

export function revokeEcosystemRole(input: RevokeEcosystemRoleInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  const grant = validGrant(input);
  if (!user.roles.some((r) => sameGrant(r, grant))) throw new IllegalStateError(userMessages.roleNotHeld, 'ROLE_NOT_HELD');
  return [{ type: 'EcosystemRoleRevoked', data: { userId: user.userId, ...grant } }];
}

export function changePassword(input: ChangePasswordInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  return [{ type: 'UserPasswordChanged', data: { userId: user.userId, passwordHash: input.passwordHash } }];
}

export function decide(command: UserCommand, state: UserState, ctx: CommandContext): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command.data, state, ctx);
    case 'GrantEcosystemRole':
      return grantEcosystemRole(command.data, state);
    case 'RevokeEcosystemRole':
      return revokeEcosystemRole(command.data, state);
    case 'ChangePassword':
      return changePassword(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
