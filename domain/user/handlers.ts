/**
 * The User command handlers the command bus runs. Registering a user takes two commands, in this
 * order: ReserveUserEmail (the uniqueness check, see email/events.ts) then RegisterUser.
 * api/auth/registration.ts is the one place that sequences them.
 */
import type { CommandHandler } from '../shared/decider';
import {
  changeEmailInput, changePasswordInput, changeRoleStatusInput, editEcosystemProfileInput, editProfileInput, grantRoleInput, registerUserInput,
  roleCommandInput, emailChangeInput, switchModeInput, userIdInput, verifyEmailInput, type ChangeEmailInput, type EmailChangeInput,
  type ChangePasswordInput, type ChangeRoleStatusInput, type EditEcosystemProfileInput, type EditProfileInput, type GrantEcosystemRoleInput,
  type RegisterUserInput, type RevokeEcosystemRoleInput, type SwitchModeInput, type UserIdInput, type VerifyEmailInput,
} from './commands';
import { decide } from './decide';
import { decide as decideEmail, emailKey, reserveUserEmailInput, type ReserveUserEmailInput } from './email/decide';
import type { UserEmailEvent } from './email/events';
import { userEmailAggregate, type UserEmailState } from './email/state';
import type { UserEvent } from './events';
import { userAggregate, type UserState } from './state';

type UserHandler<Input> = CommandHandler<Input, UserState, UserEvent>;

export const reserveUserEmail: CommandHandler<ReserveUserEmailInput, UserEmailState, UserEmailEvent> = {
  type: 'ReserveUserEmail',
  input: reserveUserEmailInput,
  aggregate: userEmailAggregate,
  aggregateId: (input) => emailKey(input.email),
  ecosystemId: () => null,
  decide: (input, state) => decideEmail({ type: 'ReserveUserEmail', data: input }, state),
};

export const registerUser: UserHandler<RegisterUserInput> = {
  type: 'RegisterUser',
  input: registerUserInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  // An account belongs to no tenant; its role grants do.
  ecosystemId: () => null,
  decide: (input, state, ctx) => decide({ type: 'RegisterUser', data: input }, state, ctx),
};

export const grantEcosystemRole: UserHandler<GrantEcosystemRoleInput> = {
  type: 'GrantEcosystemRole',
  input: grantRoleInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: (input) => input.ecosystemId,
  programId: (input) => input.programId,
  decide: (input, state, ctx) => decide({ type: 'GrantEcosystemRole', data: input }, state, ctx),
};

export const revokeEcosystemRole: UserHandler<RevokeEcosystemRoleInput> = {
  type: 'RevokeEcosystemRole',
  input: roleCommandInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: (input) => input.ecosystemId,
  programId: (input) => input.programId,
  decide: (input, state, ctx) => decide({ type: 'RevokeEcosystemRole', data: input }, state, ctx),
};

export const changePassword: UserHandler<ChangePasswordInput> = {
  type: 'ChangePassword',
  input: changePasswordInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: () => null,
  decide: (input, state, ctx) => decide({ type: 'ChangePassword', data: input }, state, ctx),
};

export const changeRoleStatus: UserHandler<ChangeRoleStatusInput> = {
  type: 'ChangeRoleStatus',
  input: changeRoleStatusInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: (input) => input.ecosystemId,
  programId: (input) => input.programId,
  decide: (input, state, ctx) => decide({ type: 'ChangeRoleStatus', data: input }, state, ctx),
};

export const lockUser: UserHandler<UserIdInput> = {
  type: 'LockUser',
  input: userIdInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: () => null,
  decide: (input, state, ctx) => decide({ type: 'LockUser', data: input }, state, ctx),
};

export const unlockUser: UserHandler<UserIdInput> = {
  type: 'UnlockUser',
  input: userIdInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: () => null,
  decide: (input, state, ctx) => decide({ type: 'UnlockUser', data: input }, state, ctx),
};

export const switchMode: UserHandler<SwitchModeInput> = {
  type: 'SwitchMode',
  input: switchModeInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: () => null,
  decide: (input, state, ctx) => decide({ type: 'SwitchMode', data: input }, state, ctx),
};

/** The person's own profile is account data: it belongs to no tenant, like the account. */
export const editProfile: UserHandler<EditProfileInput> = {
  type: 'EditProfile',
  input: editProfileInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: () => null,
  decide: (input, state, ctx) => decide({ type: 'EditProfile', data: input }, state, ctx),
};

export const editEcosystemProfile: UserHandler<EditEcosystemProfileInput> = {
  type: 'EditEcosystemProfile',
  input: editEcosystemProfileInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: (input) => input.ecosystemId,
  decide: (input, state, ctx) => decide({ type: 'EditEcosystemProfile', data: input }, state, ctx),
};

/** A VERIFY_EMAIL link was used (api/auth/one-time, docs/decisions/0042); account data, no tenant. */
export const verifyEmail: UserHandler<VerifyEmailInput> = {
  type: 'VerifyEmail',
  input: verifyEmailInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: () => null,
  decide: (input, state, ctx) => decide({ type: 'VerifyEmail', data: input }, state, ctx),
};

/** A new log-in address, held pending until its VERIFY_EMAIL link is used (docs/decisions/0042). */
export const requestEmailChange: UserHandler<EmailChangeInput> = {
  type: 'RequestEmailChange',
  input: emailChangeInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: () => null,
  decide: (input, state, ctx) => decide({ type: 'RequestEmailChange', data: input }, state, ctx),
};

/** The pending address becomes the log-in address: after ReserveUserEmail of it, before ReleaseUserEmail of the old one. */
export const confirmEmailChange: UserHandler<EmailChangeInput> = {
  type: 'ConfirmEmailChange',
  input: emailChangeInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: () => null,
  decide: (input, state, ctx) => decide({ type: 'ConfirmEmailChange', data: input }, state, ctx),
};

/** Frees an address the user no longer logs in with, for anyone to register or change to. */
export const releaseUserEmail: CommandHandler<ReserveUserEmailInput, UserEmailState, UserEmailEvent> = {
  type: 'ReleaseUserEmail',
  input: reserveUserEmailInput,
  aggregate: userEmailAggregate,
  aggregateId: (input) => emailKey(input.email),
  ecosystemId: () => null,
  decide: (input, state) => decideEmail({ type: 'ReleaseUserEmail', data: input }, state),
};

/** An account's new e-mail (decision 0049): dispatched between ReserveUserEmail (new) and ReleaseUserEmail (old). */
export const changeEmail: UserHandler<ChangeEmailInput> = {
  type: 'ChangeEmail',
  input: changeEmailInput,
  aggregate: userAggregate,
  aggregateId: (input) => input.userId,
  ecosystemId: () => null,
  decide: (input, state, ctx) => decide({ type: 'ChangeEmail', data: input }, state, ctx),
};
