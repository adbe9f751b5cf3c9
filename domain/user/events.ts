/**
 * Events of the User aggregate (stream `user-<userId>`). A user is platform-wide: the account
 * itself belongs to no tenant, its role grants belong to the ecosystem they grant into
 * (docs/decisions/0034-people-and-roles.md).
 */
import { z } from 'zod';
import type { Upcaster } from '../shared/events';
import { ecosystemProfileEditedSchema, userProfileEditedSchema } from './profile/events';

/** Ecosystem-level roles (spec section 6). SUPER_ADMIN is the ecosystem admin. */
export const ECOSYSTEM_ROLES = ['SUPER_ADMIN', 'TEACHER', 'STUDENT', 'MEMBER', 'PARENT', 'STAFF'] as const;
/** Program-level roles (spec section 6): always granted for one program of the ecosystem. */
export const PROGRAM_ROLES = ['PROGRAM_ADMIN', 'LEADER', 'PUPIL'] as const;

export const grantableRoleSchema = z.enum([...ECOSYSTEM_ROLES, ...PROGRAM_ROLES]);
export type GrantableRole = z.infer<typeof grantableRoleSchema>;

export type EcosystemRoleName = (typeof ECOSYSTEM_ROLES)[number];
export type ProgramRoleName = (typeof PROGRAM_ROLES)[number];

const GRANTABLE: ReadonlySet<string> = new Set([...ECOSYSTEM_ROLES, ...PROGRAM_ROLES]);

export function isGrantableRole(role: string): role is GrantableRole {
  return GRANTABLE.has(role);
}

export function isProgramRole(role: GrantableRole): role is ProgramRoleName {
  return (PROGRAM_ROLES as readonly string[]).includes(role);
}

export const roleGrantSchema = z.object({
  ecosystemId: z.uuid(),
  role: grantableRoleSchema,
  programId: z.uuid().nullable(),
});
export type RoleGrantKey = z.infer<typeof roleGrantSchema>;

/**
 * A user's status in an ecosystem, held by each ecosystem role (spec section 4). GLOBAL_LOCK is
 * never stored on a role: it is what every ecosystem role shows while the account is locked.
 */
export const ECOSYSTEM_STATUSES = ['INVITED', 'APPLIED', 'ACTIVATED', 'ARCHIVED'] as const;
export type EcosystemStatus = (typeof ECOSYSTEM_STATUSES)[number] | 'GLOBAL_LOCK';
/** The status of a program role (spec section 4). */
export const PROGRAM_ROLE_STATUSES = ['INVITED', 'ACTIVE', 'ARCHIVED'] as const;
export type ProgramRoleStatus = (typeof PROGRAM_ROLE_STATUSES)[number];

export const roleStatusSchema = z.enum([...ECOSYSTEM_STATUSES, 'ACTIVE']);
export type RoleStatus = z.infer<typeof roleStatusSchema>;

/** The statuses in which a role is in force: it counts for permissions and the tenant scope. */
export const IN_FORCE: ReadonlySet<RoleStatus> = new Set(['ACTIVATED', 'ACTIVE']);

export const roleGrantWithStatusSchema = roleGrantSchema.extend({ status: roleStatusSchema });
export type RoleGrant = z.infer<typeof roleGrantWithStatusSchema>;

/** Tutor mode or tutee mode (spec section 1): which side of tutoring the person is using now. */
export const USER_MODES = ['TUTOR', 'TUTEE'] as const;
export type UserMode = (typeof USER_MODES)[number];

export const userRegisteredSchema = z.object({
  userId: z.uuid(),
  /** Normalised: trimmed, lower-case. */
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string().nullable(),
  /** An argon2id (or scrypt) PHC string computed outside the domain; never the password. */
  passwordHash: z.string(),
  platformAdmin: z.boolean(),
});

/** Version 2 (current) carries the status the role starts in; version 1 grants were in force at once. */
export const ecosystemRoleGrantedSchema = roleGrantWithStatusSchema.extend({ userId: z.uuid() });
export const ecosystemRoleRevokedSchema = roleGrantSchema.extend({ userId: z.uuid() });
export const ecosystemRoleStatusChangedSchema = roleGrantWithStatusSchema.extend({ userId: z.uuid() });
export const userLockedSchema = z.object({ userId: z.uuid() });
export const userUnlockedSchema = z.object({ userId: z.uuid() });
export const userModeSwitchedSchema = z.object({ userId: z.uuid(), mode: z.enum(USER_MODES) });

/** Version 1 of EcosystemRoleGranted had no status: every grant was in force from the start. */
export const userUpcasters: Upcaster[] = [{
  type: 'EcosystemRoleGranted',
  fromVersion: 1,
  upcast: (data) => {
    const d = data as { programId?: unknown };
    return { ...(data as object), status: d.programId ? 'ACTIVE' : 'ACTIVATED' };
  },
}];

export const userPasswordChangedSchema = z.object({
  userId: z.uuid(),
  passwordHash: z.string(),
});

/** The person proved they receive mail at `email` (a VERIFY_EMAIL link, docs/decisions/0042). */
export const userEmailVerifiedSchema = z.object({
  userId: z.uuid(),
  /** Normalised; the address that was verified, which was the account's address at the time. */
  email: z.string(),
});

/**
 * The person asked to log in with a new address (docs/decisions/0042): it is held pending until a
 * VERIFY_EMAIL link sent to it is used; the account keeps its current address meanwhile.
 */
export const userEmailChangeRequestedSchema = z.object({ userId: z.uuid(), email: z.string() });
/**
 * The account's log-in address changed; `previousEmail` was released. `verified`: a pending address
 * whose VERIFY_EMAIL link was used (decision 0042; absent means so); false when an admin typed it (decision 0049).
 */
export const userEmailChangedSchema = z.object({ userId: z.uuid(), email: z.string(), previousEmail: z.string(), verified: z.boolean().optional() });

export type UserRegistered = { type: 'UserRegistered'; data: z.infer<typeof userRegisteredSchema> };
export type EcosystemRoleGranted = { type: 'EcosystemRoleGranted'; data: z.infer<typeof ecosystemRoleGrantedSchema> };
export type EcosystemRoleRevoked = { type: 'EcosystemRoleRevoked'; data: z.infer<typeof ecosystemRoleRevokedSchema> };
export type UserPasswordChanged = { type: 'UserPasswordChanged'; data: z.infer<typeof userPasswordChangedSchema> };
export type EcosystemRoleStatusChanged = { type: 'EcosystemRoleStatusChanged'; data: z.infer<typeof ecosystemRoleStatusChangedSchema> };
export type UserLocked = { type: 'UserLocked'; data: z.infer<typeof userLockedSchema> };
export type UserUnlocked = { type: 'UserUnlocked'; data: z.infer<typeof userUnlockedSchema> };
export type UserModeSwitched = { type: 'UserModeSwitched'; data: z.infer<typeof userModeSwitchedSchema> };
export type UserProfileEdited = { type: 'UserProfileEdited'; data: z.infer<typeof userProfileEditedSchema> };
export type UserEcosystemProfileEdited = { type: 'UserEcosystemProfileEdited'; data: z.infer<typeof ecosystemProfileEditedSchema> };
export type UserEmailVerified = { type: 'UserEmailVerified'; data: z.infer<typeof userEmailVerifiedSchema> };
export type UserEmailChangeRequested = { type: 'UserEmailChangeRequested'; data: z.infer<typeof userEmailChangeRequestedSchema> };
export type UserEmailChanged = { type: 'UserEmailChanged'; data: z.infer<typeof userEmailChangedSchema> };

export type UserEvent = UserRegistered | EcosystemRoleGranted | EcosystemRoleRevoked | UserPasswordChanged
  | EcosystemRoleStatusChanged | UserLocked | UserUnlocked | UserModeSwitched | UserProfileEdited | UserEcosystemProfileEdited
  | UserEmailVerified | UserEmailChangeRequested | UserEmailChanged;

export const userEventSchemas = {
  UserRegistered: userRegisteredSchema,
  EcosystemRoleGranted: ecosystemRoleGrantedSchema,
  EcosystemRoleRevoked: ecosystemRoleRevokedSchema,
  UserPasswordChanged: userPasswordChangedSchema,
  EcosystemRoleStatusChanged: ecosystemRoleStatusChangedSchema,
  UserLocked: userLockedSchema,
  UserUnlocked: userUnlockedSchema,
  UserModeSwitched: userModeSwitchedSchema,
  UserProfileEdited: userProfileEditedSchema,
  UserEcosystemProfileEdited: ecosystemProfileEditedSchema,
  UserEmailVerified: userEmailVerifiedSchema,
  UserEmailChangeRequested: userEmailChangeRequestedSchema,
  UserEmailChanged: userEmailChangedSchema,
};
