/**
 * Read model of user accounts (projections/README.md).
 *
 * - `read.users`: one row per account. Accounts are platform-wide, so `ecosystem_id` is always null
 *   and the generic tenant policy shows them to platform admins only; a second policy shows a user
 *   to a request scoped to any ecosystem where that user holds a role (read through `user_memberships`,
 *   whose own tenant policy does the scoping), except a learner to those not over them (learners.ts,
 *   docs/decisions/0053).
 * - `read.learner_guardians`: the family links that policy needs (tenant data).
 * - `read.user_roles`: one row per role grant, carrying the ecosystem it grants into (tenant data).
 * - `read.user_memberships`: every role grant with its status (INVITED, APPLIED, ACTIVATED, ARCHIVED
 *   for ecosystem roles; INVITED, ACTIVE, ARCHIVED for program roles), tenant data. `user_roles`
 *   holds only the grants in force (docs/decisions/0034), which is what permissions, the tenant scope
 *   and access tokens read; a person is visible to a tenant where they hold a grant in any status.
 * - `read.user_ecosystem_profiles`: the person's profile within one ecosystem (custom properties...).
 * - `credentials` (never exposed, no grant to app_api or analyst): e-mail and password hash for the
 *   log-in check, read only through the SECURITY DEFINER functions of migration 0300_auth.sql.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { userEmailChangedSchema, userEmailVerifiedSchema, userPasswordChangedSchema, userRegisteredSchema } from '../../domain/user/events';
import type { Projection, ProjectionContext } from '../types';
import { peopleHandlers, peopleTables } from './people';
import { learnerHandlers, learnerTables, visibilityPolicy } from './learners';

export const USERS_PROJECTION = 'users';
export { ROLES_CHANNEL } from './roles-version';
export * from './queries';
export * from './people-queries';
export * from './roster-queries';

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
      roles_changed_at timestamptz,
      profile          jsonb NOT NULL DEFAULT '{}'::jsonb,
      profile_revision integer NOT NULL DEFAULT -1,
      locked           boolean NOT NULL DEFAULT false,
      mode             text CHECK (mode IN ('TUTOR', 'TUTEE')),
      email_verified   boolean NOT NULL DEFAULT false
    );
    COMMENT ON TABLE ${s}.users IS 'User accounts (platform-wide). Visible to platform admins, and to a tenant where the user holds a role.';
    COMMENT ON COLUMN ${s}.users.ecosystem_id IS 'Always null: an account belongs to no tenant; see user_roles.';
    COMMENT ON COLUMN ${s}.users.email IS 'Normalised (trimmed, lower-case); unique.';
    COMMENT ON COLUMN ${s}.users.roles_version IS 'Stream revision of the last event that changed the roles; access tokens carry it.';
    COMMENT ON COLUMN ${s}.users.roles_changed_at IS 'When that event occurred; null when the roles never changed.';
    COMMENT ON COLUMN ${s}.users.profile IS 'Profile fields (spec section 3) other than the names, as camelCase keys; absent keys are empty.';
    COMMENT ON COLUMN ${s}.users.email_verified IS 'Whether email was proved by a VERIFY_EMAIL link (docs/decisions/0042).';
    COMMENT ON COLUMN ${s}.users.locked IS 'Locked platform-wide (every ecosystem role shows GLOBAL_LOCK; none is in force).';

    CREATE TABLE ${s}.user_roles (
      user_id      uuid NOT NULL REFERENCES ${s}.users (id),
      ecosystem_id uuid NOT NULL,
      role         text NOT NULL,
      program_id   uuid,
      granted_at   timestamptz NOT NULL,
      CONSTRAINT user_roles_grant_key UNIQUE NULLS NOT DISTINCT (user_id, ecosystem_id, role, program_id)
    );
    CREATE INDEX user_roles_ecosystem_idx ON ${s}.user_roles (ecosystem_id, role);
    COMMENT ON TABLE ${s}.user_roles IS 'Role grants in force (spec section 6): ACTIVATED or ACTIVE, account not locked. program_id is set for program roles (PROGRAM_ADMIN, LEADER, PUPIL).';
    ${peopleTables(s)}
    ${learnerTables(s)}
    ${visibilityPolicy(s)}

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

/** Only while the address is still the account's: a verification never carries over to a new address. */
async function onEmailVerified(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const d = userEmailVerifiedSchema.parse(event.data);
  await client.query(`UPDATE ${table('users')} SET email_verified = true, updated_at = $3 WHERE id = $1 AND email = $2`,
    [d.userId, d.email, event.metadata.occurredAt]);
}

/**
 * The new log-in address: verified when a VERIFY_EMAIL link confirmed it (decision 0042), not when
 * an admin typed it (decision 0049). The log-in check finds the account by it from now on.
 */
async function onEmailChanged(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const d = userEmailChangedSchema.parse(event.data);
  await client.query(`UPDATE ${table('users')} SET email = $2, email_verified = $4, updated_at = $3 WHERE id = $1`,
    [d.userId, d.email, event.metadata.occurredAt, d.verified ?? true]);
  await client.query(`UPDATE ${table('credentials')} SET email = $2 WHERE user_id = $1`, [d.userId, d.email]);
}

export const usersProjection: Projection = {
  name: USERS_PROJECTION,
  // 2: roles_version and roles_changed_at (issue 11, docs/decisions/0023).
  // 3: statuses, profile, ecosystem profiles, lock and mode (issue 7, docs/decisions/0034).
  // 4: email_verified, e-mail changes (issue 7, docs/decisions/0042).
  // 5: learner_guardians and the policy that shows a learner only to the people over them (decision 0053).
  version: 5,
  tables,
  indexes: (schema) => `CREATE INDEX IF NOT EXISTS users_roles_changed_idx ON "${schema}".users (roles_changed_at) WHERE roles_changed_at IS NOT NULL;`,
  exposedTables: ['users', 'user_roles', 'user_memberships', 'user_ecosystem_profiles', 'learner_guardians'],
  handlers: {
    UserRegistered: onUserRegistered,
    UserPasswordChanged: onPasswordChanged,
    UserEmailVerified: onEmailVerified,
    UserEmailChanged: onEmailChanged,
    ...peopleHandlers,
    ...learnerHandlers,
  },
};
