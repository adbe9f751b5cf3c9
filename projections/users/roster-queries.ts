/**
 * Reads of many people at once for the admin user tools and family lists (decision 0049): one
 * statement for a page of people, whatever its length, in the request's tenant scope.
 */
import { z } from 'zod';
import { grantableRoleSchema } from '../../domain/user/events';
import type { Queryable } from '../../infra/db/pool';
import type { UserRow } from './queries';

const rolesSchema = z.array(z.object({ ecosystemId: z.uuid(), role: grantableRoleSchema, programId: z.uuid().nullable() }));

interface SqlRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  platform_admin: boolean;
  created_at: Date;
  roles: unknown;
  email_verified: boolean;
}

export function toUserRow(r: SqlRow): UserRow {
  return {
    id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, preferredName: r.preferred_name,
    platformAdmin: r.platform_admin, createdAt: r.created_at, roles: rolesSchema.parse(r.roles), emailVerified: r.email_verified,
  };
}

/** The user columns and roles in force of `u` (a read.users alias), as toUserRow reads them. */
export const USER_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.preferred_name, u.platform_admin, u.created_at, u.email_verified,
  coalesce((SELECT jsonb_agg(jsonb_build_object('ecosystemId', r.ecosystem_id, 'role', r.role, 'programId', r.program_id)
                             ORDER BY r.ecosystem_id, r.role, r.program_id)
              FROM read.user_roles r WHERE r.user_id = u.id), '[]'::jsonb) AS roles`;

/** The users of `ids` the tenant scope shows, by id. */
export async function usersByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, UserRow>> {
  if (ids.length === 0) return new Map();
  const r = await db.query<SqlRow>(`SELECT ${USER_COLUMNS} FROM read.users u WHERE u.id = ANY($1::uuid[])`, [ids]);
  return new Map(r.rows.map((row) => [row.id, toUserRow(row)]));
}
