/** Decisions of the User aggregate: one small function per command, then `decide`. */
import type { CommandContext } from '../shared/decider';
import { ForbiddenError, IllegalStateError, ValidationError } from '../shared/errors';
import type {
  ChangeEmailInput, ChangePasswordInput, ChangeRoleStatusInput, GrantEcosystemRoleInput, RegisterUserInput, RevokeEcosystemRoleInput,
  SwitchModeInput, EmailChangeInput, UserCommand, UserIdInput, VerifyEmailInput,
} from './commands';
import { isProgramRole, type RoleGrantKey, type UserEvent } from './events';
import { userMessages } from './messages';
import { editEcosystemProfile, editProfile } from './profile/decide';
import { checkMove, inForce, initialStatus } from './roles';
import { sameGrant, type RegisteredUser, type UserState } from './state';

export function requireRegistered(state: UserState): RegisteredUser {
  if (state.status !== 'registered') throw new IllegalStateError(userMessages.notRegistered, 'USER_NOT_FOUND');
  return state;
}

/** Program roles name their program; ecosystem roles must not (spec section 6). */
function validGrant(input: RevokeEcosystemRoleInput): RoleGrantKey {
  if (isProgramRole(input.role) && input.programId === null) {
    throw new ValidationError(userMessages.programRequired, { programId: userMessages.programRequired });
  }
  if (!isProgramRole(input.role) && input.programId !== null) {
    throw new ValidationError(userMessages.programNotAllowed, { programId: userMessages.programNotAllowed });
  }
  return { ecosystemId: input.ecosystemId, role: input.role, programId: input.programId };
}

function platformOnly(ctx: CommandContext, message = userMessages.platformAdminOnly): void {
  if (ctx.actor.role !== 'PLATFORM_ADMIN' && ctx.actor.role !== 'SYSTEM') throw new ForbiddenError(message);
}

export function registerUser(input: RegisterUserInput, state: UserState, ctx: CommandContext): UserEvent[] {
  if (state.status === 'registered') throw new IllegalStateError(userMessages.alreadyRegistered, 'USER_EXISTS');
  // Platform admins can see every tenant, so only a platform admin (or the system seeding) makes one.
  if (input.platformAdmin) platformOnly(ctx);
  return [{ type: 'UserRegistered', data: { ...input } }];
}

export function grantEcosystemRole(input: GrantEcosystemRoleInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  const grant = validGrant(input);
  const status = initialStatus(grant, input.status);
  // Granting a role the user already holds changes nothing, whatever its status, so a repeated
  // invitation is harmless; a held role's status moves by ChangeRoleStatus only.
  if (user.roles.some((r) => sameGrant(r, grant))) return [];
  return [{ type: 'EcosystemRoleGranted', data: { userId: user.userId, ...grant, status } }];
}

export function revokeEcosystemRole(input: RevokeEcosystemRoleInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  const grant = validGrant(input);
  if (!user.roles.some((r) => sameGrant(r, grant))) throw new IllegalStateError(userMessages.roleNotHeld, 'ROLE_NOT_HELD');
  return [{ type: 'EcosystemRoleRevoked', data: { userId: user.userId, ...grant } }];
}

export function changeRoleStatus(input: ChangeRoleStatusInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  const key = validGrant(input);
  const held = user.roles.find((r) => sameGrant(r, key));
  if (!held) throw new IllegalStateError(userMessages.roleNotHeld, 'ROLE_NOT_HELD');
  // Already there: nothing to record, so bulk actions and retries can repeat safely.
  if (held.status === input.status) return [];
  checkMove(held, input.status);
  return [{ type: 'EcosystemRoleStatusChanged', data: { userId: user.userId, ...key, status: input.status } }];
}

export function changePassword(input: ChangePasswordInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  return [{ type: 'UserPasswordChanged', data: { userId: user.userId, passwordHash: input.passwordHash } }];
}

export function lockUser(input: UserIdInput, state: UserState, ctx: CommandContext): UserEvent[] {
  platformOnly(ctx);
  const user = requireRegistered(state);
  if (user.locked) throw new IllegalStateError(userMessages.alreadyLocked, 'LOCKED');
  return [{ type: 'UserLocked', data: { userId: user.userId } }];
}

export function unlockUser(input: UserIdInput, state: UserState, ctx: CommandContext): UserEvent[] {
  platformOnly(ctx);
  const user = requireRegistered(state);
  if (!user.locked) throw new IllegalStateError(userMessages.notLocked, 'NOT_LOCKED');
  return [{ type: 'UserUnlocked', data: { userId: user.userId } }];
}

const TUTOR_SIDE = new Set(['LEADER']);
const TUTEE_SIDE = new Set(['PUPIL', 'STUDENT', 'PARENT']);

/** Tutor mode needs a tutor role in force somewhere, tutee mode a learner's or parent's role. */
export function switchMode(input: SwitchModeInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  if (user.mode === input.mode) return [];
  const side = input.mode === 'TUTOR' ? TUTOR_SIDE : TUTEE_SIDE;
  if (!user.roles.some((r) => side.has(r.role) && inForce(r, user.locked))) throw ValidationError.forField('mode', userMessages.modeNeedsRole);
  return [{ type: 'UserModeSwitched', data: { userId: user.userId, mode: input.mode } }];
}

/**
 * The person used a VERIFY_EMAIL link sent to `email`. Only the account's current address can be
 * verified (a link for an address since replaced proves nothing about the new one); verifying it
 * again records nothing, so a retried link answers the same.
 */
export function verifyEmail(input: VerifyEmailInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  if (user.email !== input.email) throw new IllegalStateError(userMessages.emailNoLongerCurrent, 'EMAIL_NOT_CURRENT');
  if (user.emailVerified) return [];
  return [{ type: 'UserEmailVerified', data: { userId: user.userId, email: input.email } }];
}

/** A new address is held pending (a newer request replaces it); asking again for the same records nothing. */
export function requestEmailChange(input: EmailChangeInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  if (input.email === user.email) throw ValidationError.forField('newEmail', userMessages.emailAlreadyYours);
  if (user.pendingEmail === input.email) return [];
  return [{ type: 'UserEmailChangeRequested', data: { userId: user.userId, email: input.email } }];
}

/**
 * The pending address was verified: it becomes the log-in address. Only the address still pending
 * (a newer request replaced an older one); the caller has reserved it (domain/user/email) and
 * releases the previous one after.
 */
export function confirmEmailChange(input: EmailChangeInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  if (user.email === input.email) return [];
  if (user.pendingEmail !== input.email) throw new IllegalStateError(userMessages.emailNoLongerCurrent, 'EMAIL_NOT_CURRENT');
  return [{ type: 'UserEmailChanged', data: { userId: user.userId, email: input.email, previousEmail: user.email } }];
}

/**
 * An admin's new address for the account (decision 0049); the same address records nothing. Its
 * reservation is the caller's first step. Unlike a confirmed change, nobody proved the address.
 */
export function changeEmail(input: ChangeEmailInput, state: UserState): UserEvent[] {
  const user = requireRegistered(state);
  if (user.email === input.email) return [];
  return [{ type: 'UserEmailChanged', data: { userId: user.userId, email: input.email, previousEmail: user.email, verified: false } }];
}

export function decide(command: UserCommand, state: UserState, ctx: CommandContext): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': return registerUser(command.data, state, ctx);
    case 'GrantEcosystemRole': return grantEcosystemRole(command.data, state);
    case 'RevokeEcosystemRole': return revokeEcosystemRole(command.data, state);
    case 'ChangeRoleStatus': return changeRoleStatus(command.data, state);
    case 'ChangePassword': return changePassword(command.data, state);
    case 'LockUser': return lockUser(command.data, state, ctx);
    case 'UnlockUser': return unlockUser(command.data, state, ctx);
    case 'SwitchMode': return switchMode(command.data, state);
    case 'EditProfile': return editProfile(requireRegistered(state), command.data, ctx);
    case 'EditEcosystemProfile': return editEcosystemProfile(requireRegistered(state), command.data);
    case 'VerifyEmail': return verifyEmail(command.data, state);
    case 'RequestEmailChange': return requestEmailChange(command.data, state);
    case 'ConfirmEmailChange': return confirmEmailChange(command.data, state);
    case 'ChangeEmail': return changeEmail(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
