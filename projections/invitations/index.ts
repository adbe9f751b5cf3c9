/**
 * Read model of invitations (projections/README.md, docs/decisions/0040).
 *
 * - `read.invitations`: one row per invitation, tenant data: who was invited into which role, its
 *   status (PENDING, ACCEPTED), how often it was sent and until when the last link works.
 * - `invitation_tokens` (never exposed, no grant to app_api or analyst): the SHA-256 of every token
 *   ever issued, with its invitation. The join page looks a token up through the SECURITY DEFINER
 *   function `invites.invitation_of_token(hash)` of migration 0340_invitations.sql, before anyone is
 *   signed in; the invitation's own stream then decides whether that token is still the live one.
 *
 * Every update is guarded by the stream revision it comes from, so a repeated or older event changes nothing.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { invitationIssuedSchema, invitationReissuedSchema } from '../../domain/invitation/events';
import type { Projection, ProjectionContext } from '../types';
import { registerInvitationBreadcrumbs } from './breadcrumbs';

registerInvitationBreadcrumbs();

export const INVITATIONS_PROJECTION = 'invitations';
export * from './queries';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.invitations (
      id           uuid PRIMARY KEY,
      ecosystem_id uuid NOT NULL,
      program_id   uuid,
      role         text NOT NULL,
      user_id      uuid NOT NULL,
      email        text NOT NULL,
      first_name   text NOT NULL,
      last_name    text NOT NULL,
      language     text NOT NULL,
      invited_by   uuid NOT NULL,
      status       text NOT NULL CHECK (status IN ('PENDING', 'ACCEPTED')),
      issue        integer NOT NULL,
      expires_at   timestamptz NOT NULL,
      invited_at   timestamptz NOT NULL,
      updated_at   timestamptz NOT NULL,
      revision     integer NOT NULL
    );
    CREATE INDEX invitations_ecosystem_idx ON ${s}.invitations (ecosystem_id, invited_at DESC);
    COMMENT ON TABLE ${s}.invitations IS 'Invitations into an ecosystem role (or a program role): PENDING until the invitee sets a password, then ACCEPTED.';
    COMMENT ON COLUMN ${s}.invitations.issue IS 'How many links were sent: 1, plus one per resend. Only the last one works.';
    COMMENT ON COLUMN ${s}.invitations.expires_at IS 'When the last link sent stops working.';

    CREATE TABLE ${s}.invitation_tokens (
      token_hash    text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
      invitation_id uuid NOT NULL,
      ecosystem_id  uuid NOT NULL
    );
    COMMENT ON TABLE ${s}.invitation_tokens IS 'SHA-256 of each invite token. Never exposed: read through invites.invitation_of_token(hash).';
  `;
}

async function addToken(ctx: ProjectionContext, tokenHash: string, invitationId: string, ecosystemId: string): Promise<void> {
  await ctx.client.query(
    `INSERT INTO ${ctx.table('invitation_tokens')} (token_hash, invitation_id, ecosystem_id) VALUES ($1, $2, $3) ON CONFLICT (token_hash) DO NOTHING`,
    [tokenHash, invitationId, ecosystemId]);
}

async function onIssued(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = invitationIssuedSchema.parse(event.data);
  await ctx.client.query(
    `INSERT INTO ${ctx.table('invitations')} (id, ecosystem_id, program_id, role, user_id, email, first_name, last_name, language, invited_by,
       status, issue, expires_at, invited_at, updated_at, revision)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'PENDING', 1, $11, $12, $12, $13) ON CONFLICT (id) DO NOTHING`,
    [d.invitationId, d.ecosystemId, d.programId, d.role, d.userId, d.email, d.firstName, d.lastName, d.language, d.invitedBy,
      d.expiresAt, event.metadata.occurredAt, event.revision]);
  await addToken(ctx, d.tokenHash, d.invitationId, d.ecosystemId);
}

async function onReissued(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = invitationReissuedSchema.parse(event.data);
  const r = await ctx.client.query<{ ecosystem_id: string }>(
    `UPDATE ${ctx.table('invitations')} SET issue = $2, expires_at = $3, updated_at = $4, revision = $5 WHERE id = $1 AND revision < $5 RETURNING ecosystem_id`,
    [d.invitationId, d.issue, d.expiresAt, event.metadata.occurredAt, event.revision]);
  if (r.rows[0]) await addToken(ctx, d.tokenHash, d.invitationId, r.rows[0].ecosystem_id);
}

async function onAccepted(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const invitationId = (event.data as { invitationId: string }).invitationId;
  await ctx.client.query(
    `UPDATE ${ctx.table('invitations')} SET status = 'ACCEPTED', updated_at = $2, revision = $3 WHERE id = $1 AND revision < $3`,
    [invitationId, event.metadata.occurredAt, event.revision]);
}

export const invitationsProjection: Projection = {
  name: INVITATIONS_PROJECTION,
  version: 1,
  tables,
  exposedTables: ['invitations'],
  handlers: {
    InvitationIssued: onIssued,
    InvitationReissued: onReissued,
    InvitationAccepted: onAccepted,
  },
};
