/**
 * Reads of the users read model. `findUser` goes through `read.*` and so sees what the request's
 * tenant scope allows; `loadAccount` and `loadCredentials` are the auth path (migration
 * 0300_auth.sql): SECURITY DEFINER functions that answer for one user or one e-mail regardless of
 * scope, because they run before the scope is known.
 */
import { z } from 'zod';
import { grantableRoleSchema } from '../../domain/user/events';
import type { Queryable } from '../../infra/db/pool';

export interface UserRoleRow {
  ecosystemId: string;
  role: z.infer<typeof grantableRoleSchema>;
  programId: string | null;
}

export interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  preferredName: string | null;
  platformAdmin: boolean;
  createdAt: Date;
  roles: UserRoleRow[];
  /** Whether `email` was proved by a VERIFY_EMAIL link (docs/decisions/0042). */
  emailVerified: boolean;
}

const rolesSchema = z.array(z.object({ ecosystemId: z.uuid(), role: grantableRoleSchema, programId: z.uuid().nullable() }));

interface UserSqlRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  platform_admin: boolean;
  created_at: Date;
  roles: unknown;
  email_verified: boolean;
}

function toUserRow(r: UserSqlRow): UserRow {
  return {
    id: r.user_id, email: r.email, firstName: r.first_name, lastName: r.last_name, preferredName: r.preferred_name,
    platformAdmin: r.platform_admin, createdAt: r.created_at, roles: rolesSchema.parse(r.roles),
    emailVerified: r.email_verified,
  };
}

/** A user as the auth path sees them, with the version of their roles that access tokens carry. */
export interface AccountRow extends UserRow {
  /** Raised by every change of roles (or platform-admin flag); see projections/users rolesChanged. */
  rolesVersion: number;
}

/** One user with their roles as the auth path sees it (every role, any tenant); null when unknown. */
export async function loadAccount(db: Queryable, userId: string): Promise<AccountRow | null> {
  const r = await db.query<UserSqlRow & { roles_version: number }>('SELECT * FROM auth.viewer($1)', [userId]);
  return r.rows.length ? { ...toUserRow(r.rows[0]), rolesVersion: r.rows[0].roles_version } : null;
}

/** Users whose roles changed after `since`, with their current version (auth's start-up load). */
export async function recentRoleChanges(db: Queryable, since: Date): Promise<Array<{ userId: string; rolesVersion: number; changedAt: Date }>> {
  const r = await db.query<{ user_id: string; roles_version: number; roles_changed_at: Date }>(
    'SELECT user_id, roles_version, roles_changed_at FROM auth.recent_role_changes($1)', [since]);
  return r.rows.map((row) => ({ userId: row.user_id, rolesVersion: row.roles_version, changedAt: row.roles_changed_at }));
}

/** The account id and password hash for a normalised e-mail; null when no account has it. */
export async function loadCredentials(db: Queryable, email: string): Promise<{ userId: string; passwordHash: string } | null> {
  const r = await db.query<{ user_id: string; password_hash: string }>('SELECT user_id, password_hash FROM auth.login_credentials($1)', [email]);
  return r.rows.length ? { userId: r.rows[0].user_id, passwordHash: r.rows[0].password_hash } : null;
}

/**
 * A user as the current tenant scope shows them, with the roles visible in that scope; null when
 * unknown or not visible. Run inside a tenant-scoped transaction (ctx.read).
 */
export async function findUser(db: Queryable, userId: string): Promise<UserRow | null> {
  const r = await db.query<UserSqlRow>(
    `SELECT u.id AS user_id, u.email, u.first_name, u.last_name, u.preferred_name, u.platform_admin, u.created_at, u.email_verified,
            coalesce((SELECT jsonb_agg(jsonb_build_object('ecosystemId', r.ecosystem_id, 'role', r.role, 'programId', r.program_id)
                                       ORDER BY r.ecosystem_id, r.role, r.program_id)
                        FROM read.user_roles r WHERE r.user_id = u.id), '[]'::jsonb) AS roles
       FROM read.users u WHERE u.id = $1`,
    [userId]);
  return r.rows.length ? toUserRow(r.rows[0]) : null;
}
