/**
 * Events of the User aggregate (stream `user-<userId>`). A user is platform-wide: the account
 * itself belongs to no tenant, its role grants belong to the ecosystem they grant into.
 */
import { z } from 'zod';

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
export type RoleGrant = z.infer<typeof roleGrantSchema>;

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

export const ecosystemRoleGrantedSchema = roleGrantSchema.extend({ userId: z.uuid() });
export const ecosystemRoleRevokedSchema = roleGrantSchema.extend({ userId: z.uuid() });

export const userPasswordChangedSchema = z.object({
  userId: z.uuid(),
  passwordHash: z.string(),
});

export type UserRegistered = { type: 'UserRegistered'; data: z.infer<typeof userRegisteredSchema> };
export type EcosystemRoleGranted = { type: 'EcosystemRoleGranted'; data: z.infer<typeof ecosystemRoleGrantedSchema> };
export type EcosystemRoleRevoked = { type: 'EcosystemRoleRevoked'; data: z.infer<typeof ecosystemRoleRevokedSchema> };
export type UserPasswordChanged = { type: 'UserPasswordChanged'; data: z.infer<typeof userPasswordChangedSchema> };

export type UserEvent = UserRegistered | EcosystemRoleGranted | EcosystemRoleRevoked | UserPasswordChanged;

export const userEventSchemas = {
  UserRegistered: userRegisteredSchema,
  EcosystemRoleGranted: ecosystemRoleGrantedSchema,
  EcosystemRoleRevoked: ecosystemRoleRevokedSchema,
  UserPasswordChanged: userPasswordChangedSchema,
};
