/**
 * Read model of messages: the outbox (projections/README.md, docs/decisions/0036).
 *
 * - `read.messages`: one row per message, what the outbox list shows (recipient, kind, channel,
 *   language, status and times). `ecosystem_id` is null for platform messages, which the tenant
 *   policy then shows to platform admins only.
 * - `message_bodies` (never exposed, no grant to app_api or analyst): subject, text and HTML.
 *   Bodies hold one-time links and codes, so they are read only through the SECURITY DEFINER
 *   function `messages.body(id)` of migration 0500_messages.sql, which answers platform admins only.
 *
 * Every update is guarded by the stream revision it comes from, so a repeated or older event changes nothing.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import {
  messageAbandonedSchema, messageBouncedSchema, messageDeliveryAttemptedSchema, messageDeliveryFailedSchema, messageRecordedSchema, messageSentSchema,
} from '../../domain/message/events';
import type { Projection, ProjectionHandler } from '../types';
import { registerMessageBreadcrumbs } from './breadcrumbs';

registerMessageBreadcrumbs();

export const MESSAGES_PROJECTION = 'messages';
export * from './queries';

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.messages (
      id                  uuid PRIMARY KEY,
      ecosystem_id        uuid,
      channel             text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
      kind                text NOT NULL,
      language            text NOT NULL,
      recipient           text NOT NULL,
      recipient_user_id   uuid,
      status              text NOT NULL CHECK (status IN ('QUEUED', 'SENDING', 'SENT', 'OUTBOX', 'FAILED', 'UNCERTAIN', 'BOUNCED')),
      attempts            integer NOT NULL DEFAULT 0,
      transport           text,
      last_error          text,
      provider_message_id text,
      created_at          timestamptz NOT NULL,
      updated_at          timestamptz NOT NULL,
      sent_at             timestamptz,
      revision            integer NOT NULL
    );
    COMMENT ON TABLE ${s}.messages IS 'E-mail and text messages (the outbox). ecosystem_id is null for platform messages. Bodies are not here: they hold one-time links.';
    COMMENT ON COLUMN ${s}.messages.status IS 'QUEUED, SENDING, SENT, OUTBOX (no transport configured), FAILED, UNCERTAIN (an attempt may have gone out; not resent), BOUNCED (reported undelivered after sending; last_error holds the reason).';

    CREATE TABLE ${s}.message_bodies (
      id           uuid PRIMARY KEY,
      ecosystem_id uuid,
      subject      text,
      text_body    text NOT NULL,
      html_body    text
    );
    COMMENT ON TABLE ${s}.message_bodies IS 'What each message says. Never exposed: read through messages.body(id), platform admins only.';
  `;
}

function indexes(schema: string): string {
  const s = `"${schema}"`;
  return `CREATE INDEX IF NOT EXISTS messages_recent_idx ON ${s}.messages (created_at DESC, id DESC);`;
}

function update(set: string, values: (event: RecordedEvent) => unknown[]): ProjectionHandler {
  return async (event, ctx) => {
    const messageId = (event.data as { messageId: string }).messageId;
    await ctx.client.query(
      `UPDATE ${ctx.table('messages')} SET ${set}, updated_at = $2, revision = $3 WHERE id = $1 AND revision < $3`,
      [messageId, event.metadata.occurredAt, event.revision, ...values(event)]);
  };
}

const handlers: Record<string, ProjectionHandler> = {
  MessageRecorded: async (event, { client, table }) => {
    const d = messageRecordedSchema.parse(event.data);
    await client.query(
      `INSERT INTO ${table('messages')} (id, ecosystem_id, channel, kind, language, recipient, recipient_user_id, status, created_at, updated_at, revision)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'QUEUED', $8, $8, $9) ON CONFLICT (id) DO NOTHING`,
      [d.messageId, d.ecosystemId, d.channel, d.kind, d.language, d.to, d.recipientUserId, event.metadata.occurredAt, event.revision]);
    await client.query(
      `INSERT INTO ${table('message_bodies')} (id, ecosystem_id, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [d.messageId, d.ecosystemId, d.subject, d.text, d.html]);
  },
  MessageDeliveryAttempted: update(`status = 'SENDING', attempts = $4, transport = $5`, (e) => {
    const d = messageDeliveryAttemptedSchema.parse(e.data);
    return [d.attempt, d.transport];
  }),
  MessageSent: update(`status = 'SENT', sent_at = $2, provider_message_id = $4`, (e) => [messageSentSchema.parse(e.data).providerMessageId]),
  MessageDeliveryFailed: update(`status = CASE WHEN $5 THEN 'FAILED' ELSE 'QUEUED' END, last_error = $4`, (e) => {
    const d = messageDeliveryFailedSchema.parse(e.data);
    return [d.error, d.permanent];
  }),
  MessageDeliveryUncertain: update(`status = 'UNCERTAIN'`, () => []),
  MessageKeptInOutbox: update(`status = 'OUTBOX'`, () => []),
  MessageAbandoned: update(`status = 'FAILED', last_error = $4`, (e) => [messageAbandonedSchema.parse(e.data).error]),
  MessageBounced: update(`status = 'BOUNCED', last_error = COALESCE($4, last_error)`, (e) => [messageBouncedSchema.parse(e.data).reason]),
};

export const messagesProjection: Projection = {
  name: MESSAGES_PROJECTION,
  version: 2,
  tables,
  indexes,
  exposedTables: ['messages'],
  handlers,
};
