/**
 * Read model of in-app notifications (decision 0073).
 *
 * - `read.notifications`: one row per notification, for its recipient. Tenant data like every read
 *   model (the tenant policy), and on top of it a restrictive policy: the API's role sees only the
 *   rows of the person reading (`app.viewer_id`), whoever that is, platform admins included.
 *   Platform notifications (no ecosystem) are shown to their own recipient by a second policy.
 * - The unread count is one index-only count over a partial index of unread rows per recipient.
 *
 * The serving build tells the API processes of each change with NOTIFY (channel NOTIFICATIONS_CHANNEL,
 * payload `<recipientUserId> <notificationId>`), in the batch's transaction, so a process that hears
 * of one can already read it; the live streams (api/notifications/stream.ts) are woken by it.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { notificationPostedSchema, notificationReadSchema } from '../../domain/notification/events';
import type { Projection, ProjectionContext } from '../types';
import { registerNotificationBreadcrumbs } from './breadcrumbs';

registerNotificationBreadcrumbs();

export const NOTIFICATIONS_PROJECTION = 'notifications';
/** LISTEN/NOTIFY channel of notification changes (posted or read). */
export const NOTIFICATIONS_CHANNEL = 'notifications_changed';
export * from './queries';

const VIEWER = `(SELECT nullif(current_setting('app.viewer_id', true), '')::uuid)`;

function tables(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE TABLE ${s}.notifications (
      id                uuid PRIMARY KEY,
      ecosystem_id      uuid,
      recipient_user_id uuid NOT NULL,
      kind              text NOT NULL,
      params            jsonb NOT NULL,
      link              text,
      posted_at         timestamptz NOT NULL,
      read_at           timestamptz,
      revision          integer NOT NULL
    );
    COMMENT ON TABLE ${s}.notifications IS 'In-app notifications, one row per notification and recipient. Text is rendered by the reader from kind and params.';
    CREATE POLICY own_notifications_only ON ${s}.notifications AS RESTRICTIVE FOR SELECT TO app_api
      USING (recipient_user_id = ${VIEWER});
    CREATE POLICY own_platform_notifications ON ${s}.notifications FOR SELECT TO app_api
      USING (ecosystem_id IS NULL AND recipient_user_id = ${VIEWER});
  `;
}

function indexes(schema: string): string {
  const s = `"${schema}"`;
  return `
    CREATE INDEX IF NOT EXISTS notifications_recipient_idx ON ${s}.notifications (recipient_user_id, posted_at DESC, id DESC);
    CREATE INDEX IF NOT EXISTS notifications_unread_idx ON ${s}.notifications (recipient_user_id) WHERE read_at IS NULL;
  `;
}

/** Only the serving build announces: a rebuild replaying history would flood the streams with old news. */
async function announce(recipientUserId: string, notificationId: string, { client, table }: ProjectionContext): Promise<void> {
  await client.query(
    `SELECT pg_notify($1, $2) WHERE EXISTS (
       SELECT 1 FROM projections.checkpoints c WHERE c.status = 'serving' AND to_regclass(format('%I.notifications', c.schema_name)) = to_regclass($3))`,
    [NOTIFICATIONS_CHANNEL, `${recipientUserId} ${notificationId}`, table('notifications')]);
}

async function onPosted(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = notificationPostedSchema.parse(event.data);
  const r = await ctx.client.query(
    `INSERT INTO ${ctx.table('notifications')} (id, ecosystem_id, recipient_user_id, kind, params, link, posted_at, revision)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
    [d.notificationId, d.ecosystemId, d.recipientUserId, d.kind, JSON.stringify(d.params), d.link, d.postedAt, event.revision]);
  if (r.rowCount) await announce(d.recipientUserId, d.notificationId, ctx);
}

async function onRead(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const d = notificationReadSchema.parse(event.data);
  const r = await ctx.client.query<{ recipient: string }>(
    `UPDATE ${ctx.table('notifications')} SET read_at = coalesce(read_at, $2), revision = $3 WHERE id = $1 AND revision < $3
     RETURNING recipient_user_id AS recipient`, [d.notificationId, d.readAt, event.revision]);
  if (r.rows[0]) await announce(r.rows[0].recipient, d.notificationId, ctx);
}

export const notificationsProjection: Projection = {
  name: NOTIFICATIONS_PROJECTION,
  version: 1,
  tables,
  indexes,
  exposedTables: ['notifications'],
  handlers: { NotificationPosted: onPosted, NotificationRead: onRead },
};
