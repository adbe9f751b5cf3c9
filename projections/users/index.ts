/**
 * Read model of user accounts (projections/README.md).
 *
 * - `read.users`: one row per account. Accounts are platform-wide, so `ecosystem_id` is always null
 *   and the generic tenant policy shows them to platform admins only; a second policy shows a user
 *   to a request scoped to any ecosystem where that user holds a role (read through `user_roles`,
 *   whose own tenant policy does the scoping).
 * - `read.user_roles`: one row per role grant, carrying the ecosystem it grants into (tenant data).
 * - `credentials` (never exposed, no grant to app_api or analyst): e-mail and password hash for the
 *   log-in check, read only through the SECURITY DEFINER functions of migration 0300_auth.sql.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import {
  ecosystemRoleGrantedSchema, ecosystemRoleRevokedSchema, userPasswordChangedSchema, userRegisteredSchema,
} from '../../domain/user/events';
import type { Projection, ProjectionContext } from '../types';

export const USERS_PROJECTION = 'users';
/** LISTEN/NOTIFY channel of role changes: payload `<userId> <rolesVersion>` (api/auth/revocation-listener.ts). */
export const ROLES_CHANNEL = 'auth_roles';
export * from './queries';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.users (
      id             uuid PRIMARY KEY,
      ecosystem_id   uuid CHECK (ecosystem_id IS NULL),
      email          text NOT NULL UNIQUE,
      first_name     text NOT NULL,
      last_name      text NOT NULL,
      preferred_name text,
      platform_admin boolean NOT NULL,
      created_at     timestamptz NOT NULL,
      updated_at     timestamptz NOT NULL,
      roles_version    integer NOT NULL DEFAULT 0,
      roles_changed_at timestamptz
    );
    COMMENT ON TABLE ${s}.users IS 'User accounts (platform-wide). Visible to platform admins, and to a tenant where the user holds a role.';
    COMMENT ON COLUMN ${s}.users.ecosystem_id IS 'Always null: an account belongs to no tenant; see user_roles.';
    COMMENT ON COLUMN ${s}.users.email IS 'Normalised (trimmed, lower-case); unique.';
    COMMENT ON COLUMN ${s}.users.roles_version IS 'Stream revision of the last event that changed the roles; access tokens carry it.';
    COMMENT ON COLUMN ${s}.users.roles_changed_at IS 'When that event occurred; null when the roles never changed.';

    CREATE TABLE ${s}.user_roles (
      user_id      uuid NOT NULL REFERENCES ${s}.users (id),
      ecosystem_id uuid NOT NULL,
      role         text NOT NULL,
      program_id   uuid,
      granted_at   timestamptz NOT NULL,
      CONSTRAINT user_roles_grant_key UNIQUE NULLS NOT DISTINCT (user_id, ecosystem_id, role, program_id)
    );
    CREATE INDEX user_roles_ecosystem_idx ON ${s}.user_roles (ecosystem_id, role);
    COMMENT ON TABLE ${s}.user_roles IS 'Role grants (spec section 6). program_id is set for program roles (PROGRAM_ADMIN, LEADER, PUPIL).';

    CREATE POLICY visible_through_roles ON ${s}.users FOR SELECT
      USING (EXISTS (SELECT 1 FROM ${s}.user_roles r WHERE r.user_id = users.id));

    CREATE TABLE ${s}.credentials (
      user_id       uuid PRIMARY KEY REFERENCES ${s}.users (id),
      email         text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      -- Stream revision of the event that set the hash: a replayed older event never restores an old password.
      revision      integer NOT NULL
    );
  `;
}

async function onUserRegistered(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const d = userRegisteredSchema.parse(event.data);
  await client.query(
    `INSERT INTO ${table('users')} (id, email, first_name, last_name, preferred_name, platform_admin, created_at, updated_at, roles_version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)
     ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       preferred_name = EXCLUDED.preferred_name, platform_admin = EXCLUDED.platform_admin, updated_at = EXCLUDED.updated_at`,
    [d.userId, d.email, d.firstName, d.lastName, d.preferredName, d.platformAdmin, event.metadata.occurredAt, event.revision]);
  await client.query(
    `INSERT INTO ${table('credentials')} (user_id, email, password_hash, revision) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, password_hash = EXCLUDED.password_hash, revision = EXCLUDED.revision
       WHERE credentials.revision < EXCLUDED.revision`,
    [d.userId, d.email, d.passwordHash, event.revision]);
}

async function onPasswordChanged(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const d = userPasswordChangedSchema.parse(event.data);
  await client.query(
    `UPDATE ${table('credentials')} SET password_hash = $2, revision = $3 WHERE user_id = $1 AND revision < $3`,
    [d.userId, d.passwordHash, event.revision]);
  await client.query(`UPDATE ${table('users')} SET updated_at = $2 WHERE id = $1`, [d.userId, event.metadata.occurredAt]);
}

async function onRoleGranted(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = ecosystemRoleGrantedSchema.parse(event.data);
  await ctx.client.query(
    `INSERT INTO ${ctx.table('user_roles')} (user_id, ecosystem_id, role, program_id, granted_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ON CONSTRAINT user_roles_grant_key DO NOTHING`,
    [d.userId, d.ecosystemId, d.role, d.programId, event.metadata.occurredAt]);
  await rolesChanged(d.userId, event, ctx);
}

async function onRoleRevoked(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = ecosystemRoleRevokedSchema.parse(event.data);
  await ctx.client.query(
    `DELETE FROM ${ctx.table('user_roles')} WHERE user_id = $1 AND ecosystem_id = $2 AND role = $3 AND program_id IS NOT DISTINCT FROM $4`,
    [d.userId, d.ecosystemId, d.role, d.programId]);
  await rolesChanged(d.userId, event, ctx);
}

/**
 * Raises the user's roles version to the event's stream revision (monotonic, so a replayed event
 * changes nothing) and tells the API processes, in this transaction: PostgreSQL delivers the NOTIFY
 * when the batch commits, so no process hears of a version before it can read it. Every event that
 * changes roles or the platform-admin flag must come through here (docs/decisions/0023). Only the
 * serving build announces: a rebuild replaying history would flood the listeners with old news, and
 * the API reads roles from the serving build, so a version it announced is one the API can read.
 */
async function rolesChanged(userId: string, event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  await client.query(
    `UPDATE ${table('users')} SET roles_changed_at = CASE WHEN $2 > roles_version THEN $3::timestamptz ELSE roles_changed_at END,
            roles_version = greatest(roles_version, $2) WHERE id = $1`,
    [userId, event.revision, event.metadata.occurredAt]);
  await client.query(
    `SELECT pg_notify($1, $2) WHERE EXISTS (
       SELECT 1 FROM projections.checkpoints c WHERE c.status = 'serving' AND to_regclass(format('%I.users', c.schema_name)) = to_regclass($3))`,
    [ROLES_CHANNEL, `${userId} ${event.revision}`, table('users')]);
}

export const usersProjection: Projection = {
  name: USERS_PROJECTION,
  // 2: roles_version and roles_changed_at (issue 11, docs/decisions/0023).
  version: 2,
  tables,
  indexes: (schema) => `CREATE INDEX IF NOT EXISTS users_roles_changed_idx ON "${schema}".users (roles_changed_at) WHERE roles_changed_at IS NOT NULL;`,
  exposedTables: ['users', 'user_roles'],
  handlers: {
    UserRegistered: onUserRegistered,
    UserPasswordChanged: onPasswordChanged,
    EcosystemRoleGranted: onRoleGranted,
    EcosystemRoleRevoked: onRoleRevoked,
  },
};
