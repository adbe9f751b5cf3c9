/**
 * Inputs of the User commands, validated by the command bus before `decide` runs. E-mails are
 * normalised here (trimmed, lower-case) so every later comparison is plain equality.
 */
import { z } from 'zod';
import { singleLineText } from '../shared/text';
import { grantableRoleSchema, roleStatusSchema, USER_MODES } from './events';
import { definitionsInput, ecosystemProfileEditInput } from './profile/ecosystem-profile';
import { profileChangesSchema } from './profile/fields';
import { zodMessage as zm } from '../shared/i18n';
import { userMessages } from './messages';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ error: zm(userMessages.invalidEmail) }).max(254));

export const nameSchema = z.string().trim().min(1, { error: zm(userMessages.nameRequired) }).max(100, { error: zm(userMessages.nameTooLong) })
  .superRefine(singleLineText(userMessages.nameLabel));

/** A PHC string such as `$argon2id$v=19$...`: guards against a plain password slipping through. */
const passwordHashSchema = z.string().regex(/^\$[a-z0-9-]+\$[^\s]{16,}$/, { error: zm(userMessages.invalidPasswordHash) });

export const registerUserInput = z.object({
  userId: z.uuid(),
  email: emailSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  preferredName: nameSchema.nullable().default(null),
  passwordHash: passwordHashSchema,
  platformAdmin: z.boolean().default(false),
});
export type RegisterUserInput = z.infer<typeof registerUserInput>;

export const roleCommandInput = z.object({
  userId: z.uuid(),
  ecosystemId: z.uuid(),
  role: grantableRoleSchema,
  programId: z.uuid().nullable().default(null),
});
/** Without a status a grant is in force at once: ACTIVATED for an ecosystem role, ACTIVE for a program role. */
export const grantRoleInput = roleCommandInput.extend({ status: roleStatusSchema.nullable().default(null) });
export type GrantEcosystemRoleInput = z.infer<typeof grantRoleInput>;
export type RevokeEcosystemRoleInput = z.infer<typeof roleCommandInput>;

export const changeRoleStatusInput = roleCommandInput.extend({ status: roleStatusSchema });
export type ChangeRoleStatusInput = z.infer<typeof changeRoleStatusInput>;

export const userIdInput = z.object({ userId: z.uuid() });
export type UserIdInput = z.infer<typeof userIdInput>;

export const switchModeInput = z.object({ userId: z.uuid(), mode: z.enum(USER_MODES) });
export type SwitchModeInput = z.infer<typeof switchModeInput>;

export const editProfileInput = z.object({ userId: z.uuid(), changes: profileChangesSchema });
export type EditProfileInput = z.infer<typeof editProfileInput>;

export const editEcosystemProfileInput = z.object({
  userId: z.uuid(),
  ecosystemId: z.uuid(),
  edit: ecosystemProfileEditInput,
  definitions: definitionsInput,
});
export type EditEcosystemProfileInput = z.infer<typeof editEcosystemProfileInput>;

export const changePasswordInput = z.object({
  userId: z.uuid(),
  passwordHash: passwordHashSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The address a VERIFY_EMAIL link was sent to; it must still be the account's (docs/decisions/0042). */
export const verifyEmailInput = z.object({ userId: z.uuid(), email: emailSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailInput>;

/** A new log-in address, held pending until verified (docs/decisions/0042). */
export const emailChangeInput = z.object({ userId: z.uuid(), email: emailSchema });
export type EmailChangeInput = z.infer<typeof emailChangeInput>;
export const changeEmailInput = z.object({ userId: z.uuid(), email: emailSchema });
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

export type UserCommand =
  | { type: 'RegisterUser'; data: RegisterUserInput }
  | { type: 'GrantEcosystemRole'; data: GrantEcosystemRoleInput }
  | { type: 'RevokeEcosystemRole'; data: RevokeEcosystemRoleInput }
  | { type: 'ChangePassword'; data: ChangePasswordInput }
  | { type: 'ChangeRoleStatus'; data: ChangeRoleStatusInput }
  | { type: 'LockUser'; data: UserIdInput }
  | { type: 'UnlockUser'; data: UserIdInput }
  | { type: 'SwitchMode'; data: SwitchModeInput }
  | { type: 'EditProfile'; data: EditProfileInput }
  | { type: 'EditEcosystemProfile'; data: EditEcosystemProfileInput }
  | { type: 'VerifyEmail'; data: VerifyEmailInput }
  | { type: 'RequestEmailChange'; data: EmailChangeInput }
  | { type: 'ConfirmEmailChange'; data: EmailChangeInput }
  | { type: 'ChangeEmail'; data: ChangeEmailInput };
