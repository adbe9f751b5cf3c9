/**
 * Read model of linked sign-in identities (docs/decisions/0046).
 *
 * - `identities` (never exposed, no grant to app_api or analyst): one row per linked provider
 *   account, unique per (provider, issuer, subject). Provider subjects and e-mails are personal
 *   data that no tenant-wide view should list, so the signed-in person reads their own through the
 *   SECURITY DEFINER function `auth.own_sso_identities(user_id)` (migration 0346), and the sign-in
 *   finds a person by subject through `auth.sso_identity_user(provider, issuer, subject)`.
 *
 * Every write is guarded by the stream revision it comes from, so a repeated event changes nothing.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { ssoIdentityLinkedSchema, ssoIdentityUnlinkedSchema } from '../../domain/sso/identity-events';
import type { Queryable } from '../../infra/db/pool';
import type { Projection, ProjectionContext } from '../types';
import { registerSsoBreadcrumbs } from './breadcrumbs';

registerSsoBreadcrumbs();

export const SSO_PROJECTION = 'sso';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.identities (
      stream_id      text PRIMARY KEY,
      user_id        uuid NOT NULL,
      ecosystem_id   uuid NOT NULL,
      provider       text NOT NULL,
      issuer         text NOT NULL,
      subject        text NOT NULL,
      email          text,
      email_verified boolean NOT NULL,
      linked_at      timestamptz NOT NULL,
      revision       integer NOT NULL,
      CONSTRAINT identities_subject_key UNIQUE (provider, issuer, subject)
    );
    -- Accounts a single sign-on created (kept after their identity is removed): they have no
    -- password their person knows until the person sets one.
    CREATE TABLE ${s}.created_accounts (
      user_id    uuid PRIMARY KEY,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX identities_user_idx ON ${s}.identities (user_id);
    COMMENT ON TABLE ${s}.identities IS 'Linked sign-in identities (single sign-on). Not exposed: read through auth.own_sso_identities and auth.sso_identity_user.';
  `;
}

async function onLinked(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  const d = ssoIdentityLinkedSchema.parse(event.data);
  await client.query(
    `INSERT INTO ${table('identities')} (stream_id, user_id, ecosystem_id, provider, issuer, subject, email, email_verified, linked_at, revision)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (stream_id) DO UPDATE SET user_id = EXCLUDED.user_id, ecosystem_id = EXCLUDED.ecosystem_id, email = EXCLUDED.email,
       email_verified = EXCLUDED.email_verified, linked_at = EXCLUDED.linked_at, revision = EXCLUDED.revision
       WHERE identities.revision < EXCLUDED.revision`,
    [event.streamId, d.userId, d.ecosystemId, d.provider, d.issuer, d.subject, d.email, d.emailVerified, event.metadata.occurredAt, event.revision]);
  if (d.accountCreated) {
    await client.query(`INSERT INTO ${table('created_accounts')} (user_id, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [d.userId, event.metadata.occurredAt]);
  }
}

async function onUnlinked(event: RecordedEvent, { client, table }: ProjectionContext): Promise<void> {
  ssoIdentityUnlinkedSchema.parse(event.data);
  await client.query(`DELETE FROM ${table('identities')} WHERE stream_id = $1 AND revision < $2`, [event.streamId, event.revision]);
}

export const ssoProjection: Projection = {
  name: SSO_PROJECTION,
  version: 1,
  tables,
  exposedTables: [],
  handlers: { SsoIdentityLinked: onLinked, SsoIdentityUnlinked: onUnlinked },
};

export interface LinkedIdentityRow {
  provider: string;
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  ecosystemId: string;
  linkedAt: Date;
}

/**
 * Whether removing one of the person's identities would leave no way in: the account was created
 * by a single sign-on, its password was never set (still the registration's), and this is its
 * only identity.
 */
export async function onlyWayIn(db: Queryable, userId: string): Promise<boolean> {
  const r = await db.query<{ only: boolean }>('SELECT auth.sso_only_way_in($1) AS only', [userId]);
  return r.rows[0]?.only ?? false;
}

/** The signed-in person's own linked identities, oldest first, whatever the request's tenant scope. */
export async function ownLinkedIdentities(db: Queryable, userId: string): Promise<LinkedIdentityRow[]> {
  const r = await db.query<{ provider: string; issuer: string; subject: string; email: string | null; email_verified: boolean; ecosystem_id: string; linked_at: Date }>(
    'SELECT * FROM auth.own_sso_identities($1)', [userId]);
  return r.rows.map((row) => ({
    provider: row.provider, issuer: row.issuer, subject: row.subject, email: row.email, emailVerified: row.email_verified,
    ecosystemId: row.ecosystem_id, linkedAt: row.linked_at,
  }));
}
