/**
 * The people part of the users read model (docs/decisions/0034-people-and-roles.md): memberships
 * with their statuses, the grants in force derived from them, the lock, the mode, the profile and
 * the ecosystem profiles. Each handler is guarded by the event's stream revision where a replayed
 * older event could otherwise undo a newer one.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import {
  ecosystemRoleGrantedSchema, ecosystemRoleRevokedSchema, ecosystemRoleStatusChangedSchema, userLockedSchema, userModeSwitchedSchema,
  userUnlockedSchema,
} from '../../domain/user/events';
import { ecosystemProfileEditedSchema, userProfileEditedSchema } from '../../domain/user/profile/events';
import type { ProjectionContext, ProjectionHandler } from '../types';
import { rolesChanged } from './roles-version';

export function peopleTables(s: string): string {
  return `
    CREATE TABLE ${s}.user_memberships (
      user_id           uuid NOT NULL REFERENCES ${s}.users (id),
      ecosystem_id      uuid NOT NULL,
      role              text NOT NULL,
      program_id        uuid,
      status            text NOT NULL CHECK (status IN ('INVITED', 'APPLIED', 'ACTIVATED', 'ARCHIVED', 'ACTIVE')),
      granted_at        timestamptz NOT NULL,
      status_changed_at timestamptz NOT NULL,
      revision          integer NOT NULL,
      CONSTRAINT user_memberships_key UNIQUE NULLS NOT DISTINCT (user_id, ecosystem_id, role, program_id)
    );
    CREATE INDEX user_memberships_ecosystem_idx ON ${s}.user_memberships (ecosystem_id, status, role);
    COMMENT ON TABLE ${s}.user_memberships IS 'Every role grant with its status (spec section 4). GLOBAL_LOCK is users.locked, not a status here.';

    CREATE TABLE ${s}.user_ecosystem_profiles (
      user_id      uuid NOT NULL REFERENCES ${s}.users (id),
      ecosystem_id uuid NOT NULL,
      profile      jsonb NOT NULL,
      revision     integer NOT NULL,
      updated_at   timestamptz NOT NULL,
      PRIMARY KEY (user_id, ecosystem_id)
    );
    COMMENT ON TABLE ${s}.user_ecosystem_profiles IS 'A person''s profile in one ecosystem: customProperties, isWelcomeFlowComplete, subjects, availability.';
  `;
}

/** Rewrites the user's grants in force from their memberships and lock, then announces the change. */
async function refreshRolesInForce(userId: string, event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const { client, table } = ctx;
  await client.query(`DELETE FROM ${table('user_roles')} WHERE user_id = $1`, [userId]);
  await client.query(
    `INSERT INTO ${table('user_roles')} (user_id, ecosystem_id, role, program_id, granted_at)
     SELECT m.user_id, m.ecosystem_id, m.role, m.program_id, m.granted_at FROM ${table('user_memberships')} m
       JOIN ${table('users')} u ON u.id = m.user_id
      WHERE m.user_id = $1 AND m.status IN ('ACTIVATED', 'ACTIVE') AND NOT u.locked`,
    [userId]);
  await rolesChanged(userId, event, ctx);
}

async function onRoleGranted(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = ecosystemRoleGrantedSchema.parse(event.data);
  await ctx.client.query(
    `INSERT INTO ${ctx.table('user_memberships')} (user_id, ecosystem_id, role, program_id, status, granted_at, status_changed_at, revision)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7) ON CONFLICT ON CONSTRAINT user_memberships_key DO NOTHING`,
    [d.userId, d.ecosystemId, d.role, d.programId, d.status, event.metadata.occurredAt, event.revision]);
  await refreshRolesInForce(d.userId, event, ctx);
}

async function onRoleStatusChanged(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = ecosystemRoleStatusChangedSchema.parse(event.data);
  await ctx.client.query(
    `UPDATE ${ctx.table('user_memberships')} SET status = $5, status_changed_at = $6, revision = $7
      WHERE user_id = $1 AND ecosystem_id = $2 AND role = $3 AND program_id IS NOT DISTINCT FROM $4 AND revision < $7`,
    [d.userId, d.ecosystemId, d.role, d.programId, d.status, event.metadata.occurredAt, event.revision]);
  await refreshRolesInForce(d.userId, event, ctx);
}

async function onRoleRevoked(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = ecosystemRoleRevokedSchema.parse(event.data);
  await ctx.client.query(
    `DELETE FROM ${ctx.table('user_memberships')} WHERE user_id = $1 AND ecosystem_id = $2 AND role = $3 AND program_id IS NOT DISTINCT FROM $4`,
    [d.userId, d.ecosystemId, d.role, d.programId]);
  await refreshRolesInForce(d.userId, event, ctx);
}

const onLock = (locked: boolean): ProjectionHandler => async (event, ctx) => {
  const d = (locked ? userLockedSchema : userUnlockedSchema).parse(event.data);
  await ctx.client.query(`UPDATE ${ctx.table('users')} SET locked = $2, updated_at = $3 WHERE id = $1`, [d.userId, locked, event.metadata.occurredAt]);
  await refreshRolesInForce(d.userId, event, ctx);
};

async function onModeSwitched(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const d = userModeSwitchedSchema.parse(event.data);
  await client.query(`UPDATE ${table('users')} SET mode = $2, updated_at = $3 WHERE id = $1`, [d.userId, d.mode, event.metadata.occurredAt]);
}

/** Names live in their columns; every other field merges into `profile` (a patch replaces whole values). */
async function onProfileEdited(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const { userId, changes } = userProfileEditedSchema.parse(event.data);
  const { firstName, lastName, preferredName, ...rest } = changes;
  await client.query(
    `UPDATE ${table('users')} SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
            preferred_name = CASE WHEN $4 THEN $5 ELSE preferred_name END,
            profile = profile || $6::jsonb, profile_revision = $7, updated_at = $8
      WHERE id = $1 AND profile_revision < $7`,
    [userId, firstName ?? null, lastName ?? null, preferredName !== undefined, preferredName ?? null, JSON.stringify(rest), event.revision, event.metadata.occurredAt]);
}

async function onEcosystemProfileEdited(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const { userId, ecosystemId, changes } = ecosystemProfileEditedSchema.parse(event.data);
  await client.query(
    `INSERT INTO ${table('user_ecosystem_profiles')} AS p (user_id, ecosystem_id, profile, revision, updated_at) VALUES ($1, $2, $3::jsonb, $4, $5)
     ON CONFLICT (user_id, ecosystem_id) DO UPDATE SET profile = p.profile || EXCLUDED.profile, revision = EXCLUDED.revision, updated_at = EXCLUDED.updated_at
       WHERE p.revision < EXCLUDED.revision`,
    [userId, ecosystemId, JSON.stringify(changes), event.revision, event.metadata.occurredAt]);
}

export const peopleHandlers: Record<string, ProjectionHandler> = {
  EcosystemRoleGranted: onRoleGranted,
  EcosystemRoleRevoked: onRoleRevoked,
  EcosystemRoleStatusChanged: onRoleStatusChanged,
  UserLocked: onLock(true),
  UserUnlocked: onLock(false),
  UserModeSwitched: onModeSwitched,
  UserProfileEdited: onProfileEdited,
  UserEcosystemProfileEdited: onEcosystemProfileEdited,
};
