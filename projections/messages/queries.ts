/**
 * Queries over `read.messages`, on the caller's connection (the API's tenant-scoped one), and the
 * bodies through `messages.body(id)`, which answers platform admins only (migration 0500_messages.sql).
 */
import type { PoolClient } from 'pg';
import { z } from 'zod';
import type { MessageChannel, MessageLanguage, MessageTransportKind } from '../../domain/message/events';
import type { MessageKind } from '../../domain/message/kinds';
import type { MessageStatus } from '../../domain/message/state';
import { ValidationError } from '../../domain/shared/errors';
import { commonMessages } from '../../domain/shared/messages';

type Queryable = Pick<PoolClient, 'query'>;

export interface MessageRow {
  id: string;
  ecosystemId: string | null;
  channel: MessageChannel;
  kind: MessageKind;
  language: MessageLanguage;
  recipient: string;
  recipientUserId: string | null;
  status: MessageStatus;
  attempts: number;
  transport: MessageTransportKind | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

export interface MessageBody {
  subject: string | null;
  text: string;
  html: string | null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const COLUMNS = `id, ecosystem_id AS "ecosystemId", channel, kind, language, recipient, recipient_user_id AS "recipientUserId", status,
  attempts, transport, last_error AS "lastError", ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt", ${iso('sent_at')} AS "sentAt"`;

export async function findMessage(db: Queryable, id: string): Promise<MessageRow | null> {
  const r = await db.query<MessageRow>(`SELECT ${COLUMNS} FROM read.messages WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

const cursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);

/** Newest first, keyset-paged by (created_at, id); `after` is the key of the last row shown. */
export async function listMessages(db: Queryable, options: { limit: number; after?: readonly unknown[] | null }): Promise<MessageRow[]> {
  let afterAt: string | null = null;
  let afterId: string | null = null;
  if (options.after) {
    const parsed = cursorSchema.safeParse(options.after);
    if (!parsed.success) throw ValidationError.forField('after', commonMessages.invalidCursor);
    [afterAt, afterId] = parsed.data;
  }
  const r = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM read.messages
     WHERE ($1::timestamptz IS NULL OR (created_at, id) < ($1::timestamptz, $2::uuid))
     ORDER BY created_at DESC, id DESC LIMIT $3`, [afterAt, afterId, options.limit]);
  return r.rows;
}

/** Null unless the request is a platform admin's and the message exists. */
export async function messageBody(db: Queryable, id: string): Promise<MessageBody | null> {
  const r = await db.query<{ subject: string | null; text: string; html: string | null }>(
    'SELECT body_subject AS subject, body_text AS text, body_html AS html FROM messages.body($1)', [id]);
  return r.rows[0] ?? null;
}
