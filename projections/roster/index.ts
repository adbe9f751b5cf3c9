/**
 * Read model of the user roster (decision 0049): who belongs to each ecosystem, in any status,
 * with their roles and programs, shaped for the admin user tools' pages, searches and exports.
 * Rows are rebuilt per person and ecosystem from the projection's own copy of the memberships, so
 * every handler is an idempotent recomputation and a rebuild ends with the same rows.
 */
import {
  ecosystemRoleGrantedSchema, ecosystemRoleRevokedSchema, ecosystemRoleStatusChangedSchema, userEmailChangedSchema, userLockedSchema, userRegisteredSchema,
  userUnlockedSchema,
} from '../../domain/user/events';
import { userProfileEditedSchema } from '../../domain/user/profile/events';
import type { Projection, ProjectionContext, ProjectionHandler } from '../types';
import { rosterTables } from './tables';
// How an e-mail change reads in the audit trail, an admin's included: projections/audit/describers.ts.

export const ROSTER_PROJECTION = 'roster';
export * from './queries';

/** Rewrites the person's rows for `ecosystemIds` (all of theirs when null) from memberships and names. */
async function refresh(userId: string, ecosystemIds: string[] | null, { client, table }: ProjectionContext): Promise<void> {
  const ids = ecosystemIds ?? (await client.query<{ id: string }>(
    `SELECT DISTINCT ecosystem_id AS id FROM ${table('roster_memberships')} WHERE user_id = $1`, [userId])).rows.map((r) => r.id);
  if (ids.length === 0) return;
  for (const name of ['roster_entries', 'roster_roles', 'roster_programs']) {
    await client.query(`DELETE FROM ${table(name)} WHERE user_id = $1 AND ecosystem_id = ANY($2::uuid[])`, [userId, ids]);
  }
  await client.query(
    `INSERT INTO ${table('roster_entries')} (ecosystem_id, user_id, email, first_name, last_name, preferred_name, sort_name, status, roles, program_ids, joined_at)
     SELECT m.ecosystem_id, p.user_id, p.email, p.first_name, p.last_name, p.preferred_name,
            lower(p.last_name || ' ' || coalesce(p.preferred_name, p.first_name)),
            CASE WHEN p.locked THEN 'GLOBAL_LOCK'
                 WHEN bool_or(m.status IN ('ACTIVATED', 'ACTIVE')) THEN 'ACTIVATED'
                 WHEN bool_or(m.status = 'APPLIED') THEN 'APPLIED'
                 WHEN bool_or(m.status = 'INVITED') THEN 'INVITED' ELSE 'ARCHIVED' END,
            array_agg(DISTINCT m.role ORDER BY m.role),
            coalesce(array_agg(DISTINCT m.program_id ORDER BY m.program_id) FILTER (WHERE m.program_id IS NOT NULL), '{}'),
            min(m.granted_at)
       FROM ${table('roster_memberships')} m JOIN ${table('roster_people')} p ON p.user_id = m.user_id
      WHERE m.user_id = $1 AND m.ecosystem_id = ANY($2::uuid[])
      GROUP BY m.ecosystem_id, p.user_id`, [userId, ids]);
  await client.query(
    `INSERT INTO ${table('roster_roles')} (ecosystem_id, role_key, user_id, sort_name, joined_at)
     SELECT DISTINCT e.ecosystem_id, k.role_key, e.user_id, e.sort_name, e.joined_at
       FROM ${table('roster_entries')} e,
            LATERAL (SELECT unnest(e.roles) AS role_key UNION SELECT 'TUTEE' WHERE e.roles && ARRAY['STUDENT', 'PUPIL']) k
      WHERE e.user_id = $1 AND e.ecosystem_id = ANY($2::uuid[])`, [userId, ids]);
  await client.query(
    `INSERT INTO ${table('roster_programs')} (ecosystem_id, program_id, user_id, sort_name, joined_at)
     SELECT e.ecosystem_id, unnest(e.program_ids), e.user_id, e.sort_name, e.joined_at
       FROM ${table('roster_entries')} e WHERE e.user_id = $1 AND e.ecosystem_id = ANY($2::uuid[])`, [userId, ids]);
}

const handlers: Record<string, ProjectionHandler> = {
  UserRegistered: async (event, ctx) => {
    const d = userRegisteredSchema.parse(event.data);
    await ctx.client.query(
      `INSERT INTO ${ctx.table('roster_people')} (user_id, email, first_name, last_name, preferred_name) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         preferred_name = EXCLUDED.preferred_name`,
      [d.userId, d.email, d.firstName, d.lastName, d.preferredName]);
    await refresh(d.userId, null, ctx);
  },
  UserProfileEdited: async (event, ctx) => {
    const { userId, changes } = userProfileEditedSchema.parse(event.data);
    const names = changes as { firstName?: string; lastName?: string; preferredName?: string | null };
    if (names.firstName === undefined && names.lastName === undefined && names.preferredName === undefined) return;
    await ctx.client.query(
      `UPDATE ${ctx.table('roster_people')} SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
         preferred_name = CASE WHEN $4 THEN $5 ELSE preferred_name END WHERE user_id = $1`,
      [userId, names.firstName ?? null, names.lastName ?? null, names.preferredName !== undefined, names.preferredName ?? null]);
    await refresh(userId, null, ctx);
  },
  EcosystemRoleGranted: async (event, ctx) => {
    const d = ecosystemRoleGrantedSchema.parse(event.data);
    await ctx.client.query(
      `INSERT INTO ${ctx.table('roster_memberships')} (user_id, ecosystem_id, role, program_id, status, granted_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ON CONSTRAINT roster_memberships_key DO UPDATE SET status = EXCLUDED.status`,
      [d.userId, d.ecosystemId, d.role, d.programId, d.status, event.metadata.occurredAt]);
    await refresh(d.userId, [d.ecosystemId], ctx);
  },
  EcosystemRoleStatusChanged: async (event, ctx) => {
    const d = ecosystemRoleStatusChangedSchema.parse(event.data);
    await ctx.client.query(
      `UPDATE ${ctx.table('roster_memberships')} SET status = $5
        WHERE user_id = $1 AND ecosystem_id = $2 AND role = $3 AND program_id IS NOT DISTINCT FROM $4`,
      [d.userId, d.ecosystemId, d.role, d.programId, d.status]);
    await refresh(d.userId, [d.ecosystemId], ctx);
  },
  EcosystemRoleRevoked: async (event, ctx) => {
    const d = ecosystemRoleRevokedSchema.parse(event.data);
    await ctx.client.query(
      `DELETE FROM ${ctx.table('roster_memberships')} WHERE user_id = $1 AND ecosystem_id = $2 AND role = $3 AND program_id IS NOT DISTINCT FROM $4`,
      [d.userId, d.ecosystemId, d.role, d.programId]);
    await refresh(d.userId, [d.ecosystemId], ctx);
  },
  UserEmailChanged: async (event, ctx) => {
    const d = userEmailChangedSchema.parse(event.data);
    await ctx.client.query(`UPDATE ${ctx.table('roster_people')} SET email = $2 WHERE user_id = $1`, [d.userId, d.email]);
    await refresh(d.userId, null, ctx);
  },
  UserLocked: async (event, ctx) => lockedAs(userLockedSchema.parse(event.data).userId, true, ctx),
  UserUnlocked: async (event, ctx) => lockedAs(userUnlockedSchema.parse(event.data).userId, false, ctx),
};

async function lockedAs(userId: string, locked: boolean, ctx: ProjectionContext): Promise<void> {
  await ctx.client.query(`UPDATE ${ctx.table('roster_people')} SET locked = $2 WHERE user_id = $1`, [userId, locked]);
  await refresh(userId, null, ctx);
}

export const rosterProjection: Projection = {
  name: ROSTER_PROJECTION,
  version: 1,
  tables: rosterTables,
  exposedTables: ['roster_entries', 'roster_roles', 'roster_programs'],
  handlers,
};
