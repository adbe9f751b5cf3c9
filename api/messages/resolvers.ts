/**
 * The outbox (schema/messages.graphql, docs/decisions/0036): platform admins list every message and
 * read one, and send a test e-mail to themselves. Bodies are read one message at a time through
 * `messages.body(id)` (migration 0500_messages.sql), which answers platform admins only.
 */
import { z } from 'zod';
import { isLanguageTag, messageLanguageOf } from '../../domain/message/kinds';
import { messageMessages } from '../../domain/message/messages';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { findMessage, listMessages, messageBody, type MessageBody, type MessageRow } from '../../projections/messages';
import type { Resolvers } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext, Viewer } from '../context';
import { translateStored } from '../i18n/catalogue';
import { keysetConnection } from '../relay';
import { sendMessageFromRequest } from './send';
import { templatePreviews } from './previews';
import { zodMessage } from '../../domain/shared/i18n';

const languageTag = z.string().refine(isLanguageTag, { error: zodMessage(messageMessages.languageNotValid) });

const messageIdSchema = z.uuid();

/** The outbox holds every tenant's messages and their one-time links: a platform view. */
function requirePlatformAdmin(ctx: RequestContext): Viewer {
  const viewer = requireViewer(ctx);
  if (!viewer.platformAdmin) throw new ForbiddenError();
  return viewer;
}

type Outbox = MessageRow & { body?: MessageBody | null };

function toOutboxMessage(row: Outbox) {
  const { lastError, recipientUserId: _recipientUserId, ...rest } = row;
  return { ...rest, error: lastError };
}

/** The body of one message, read once per message per request whichever of its fields are asked. */
async function bodyOf(ctx: RequestContext, id: string): Promise<MessageBody | null> {
  const cache = bodies.get(ctx) ?? new Map<string, Promise<MessageBody | null>>();
  bodies.set(ctx, cache);
  let body = cache.get(id);
  if (!body) {
    body = ctx.read((client) => messageBody(client, id));
    cache.set(id, body);
  }
  return body;
}
const bodies = new WeakMap<RequestContext, Map<string, Promise<MessageBody | null>>>();

export const messagesResolvers: Resolvers = {
  OutboxMessage: {
    error: (message, _args, ctx) => (message.error ? translateStored(message.error, ctx.locale) : null),
    subject: async (message, _args, ctx) => (await bodyOf(ctx, message.id))?.subject ?? null,
    text: async (message, _args, ctx) => (await bodyOf(ctx, message.id))?.text ?? null,
    html: async (message, _args, ctx) => (await bodyOf(ctx, message.id))?.html ?? null,
  },
  Query: {
    async getOutboxMessages(_root, args, ctx) {
      requirePlatformAdmin(ctx);
      const page = await keysetConnection<MessageRow>(args, (row) => [row.createdAt, row.id],
        (limit, after) => ctx.read((client) => listMessages(client, { limit, after })));
      return { ...page, edges: page.edges.map((e) => ({ cursor: e.cursor, node: toOutboxMessage(e.node) })) };
    },

    async getOutboxMessage(_root, args, ctx) {
      requirePlatformAdmin(ctx);
      const parsed = messageIdSchema.safeParse(args.messageId);
      if (!parsed.success) throw ValidationError.forField('messageId', messageMessages.invalidId);
      const row = await ctx.read((client) => findMessage(client, parsed.data));
      return row ? toOutboxMessage(row) : null;
    },

    getMessageTemplatePreviews: (_root, args, ctx) => templatePreviews(ctx, args),
  },
  Mutation: {
    async sendTestMessage(_root, args, ctx) {
      const viewer = requirePlatformAdmin(ctx);
      const input = z.object({ language: languageTag.nullish() }).parse(args);
      const language = input.language ? messageLanguageOf(input.language) : ctx.locale;
      const sent = await sendMessageFromRequest(ctx, {
        ecosystemId: null, channel: 'EMAIL', kind: 'TEST', language, to: viewer.email, recipientUserId: viewer.userId,
        params: {}, brand: {}, idempotencyKey: `test/${ctx.newId('message')}`,
      });
      const row = await ctx.read((client) => findMessage(client, sent.messageId));
      if (!row) throw new NotFoundError(messageMessages.notFound);
      return toOutboxMessage(row);
    },
  },
};
