/**
 * Queries over `read.notifications`, on the caller's tenant-scoped connection: its policies show
 * only the viewer's own rows, and every query also names the recipient, so a scope without a viewer
 * reads nothing rather than everything.
 */
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { NotificationParams } from '../../domain/notification/events';
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';

type Queryable = Pick<PoolClient, 'query'>;

export interface NotificationRow {
  id: string;
  ecosystemId: string | null;
  recipientUserId: string;
  kind: string;
  params: NotificationParams;
  link: string | null;
  postedAt: string;
  readAt: string | null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `id, ecosystem_id AS "ecosystemId", recipient_user_id AS "recipientUserId", kind, params, link,
  ${iso('posted_at')} AS "postedAt", ${iso('read_at')} AS "readAt"`;

const cursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);

/** The recipient's notifications, newest first, keyset-paged by (posted_at, id); `unreadOnly` skips read ones. */
export async function listNotifications(db: Queryable, recipientUserId: string, options: {
  limit: number; after?: readonly unknown[] | null; unreadOnly?: boolean;
}): Promise<NotificationRow[]> {
  let afterAt: string | null = null;
  let afterId: string | null = null;
  if (options.after) {
    const parsed = cursorSchema.safeParse(options.after);
    if (!parsed.success) throw ValidationError.forField('after', commonMessages.invalidCursor);
    [afterAt, afterId] = parsed.data;
  }
  const r = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM read.notifications
     WHERE recipient_user_id = $1 AND ($2::timestamptz IS NULL OR (posted_at, id) < ($2::timestamptz, $3::uuid))
       AND (NOT $5 OR read_at IS NULL)
     ORDER BY posted_at DESC, id DESC LIMIT $4`, [recipientUserId, afterAt, afterId, options.limit, options.unreadOnly ?? false]);
  return r.rows;
}

export async function countUnreadNotifications(db: Queryable, recipientUserId: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM read.notifications WHERE recipient_user_id = $1 AND read_at IS NULL', [recipientUserId]);
  return r.rows[0]?.n ?? 0;
}

/** Ids of the recipient's unread notifications, oldest first, at most `limit`, leaving out `except` (marked already, maybe not projected yet). */
export async function unreadNotificationIds(db: Queryable, recipientUserId: string, limit: number, except: readonly string[] = []): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `SELECT id FROM read.notifications WHERE recipient_user_id = $1 AND read_at IS NULL AND NOT (id = ANY ($3::uuid[]))
     ORDER BY posted_at, id LIMIT $2`, [recipientUserId, limit, except]);
  return r.rows.map((row) => row.id);
}

export async function findNotifications(db: Queryable, recipientUserId: string, ids: readonly string[]): Promise<NotificationRow[]> {
  const r = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM read.notifications WHERE recipient_user_id = $1 AND id = ANY ($2::uuid[])`, [recipientUserId, ids]);
  return r.rows;
}
