/**
 * In-app notifications (schema/notifications.graphql, decision 0073): the viewer's own list with
 * its unread count, and marking read. Every read names the viewer as recipient, and the read
 * model's policies show no one else's rows, so another person's id is simply not found. Marking
 * read checks every id before dispatching anything: a call with one foreign id writes nothing.
 */
import { z } from 'zod';
import { markNotificationRead } from '../../domain/notification/handlers';
import { notificationMessages } from '../../domain/notification/messages';
import { NotFoundError, ValidationError } from '../../domain/shared/errors';
import {
  countUnreadNotifications, findNotifications, listNotifications, NOTIFICATIONS_PROJECTION, unreadNotificationIds, type NotificationRow,
} from '../../projections/notifications';
import type { Resolvers } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext, Viewer } from '../context';
import { idOf, keysetConnection, registerNodeType, toGlobalId } from '../relay';

const TYPE = 'Notification';
/** How many ids one markNotificationsRead takes; markAllNotificationsRead goes by batches of this size. */
export const MARK_READ_MAX = 100;
const uuid = z.uuid();

registerNodeType(TYPE, async (ctx, id) => {
  if (!ctx.viewer || !uuid.safeParse(id).success) return null;
  const viewerId = ctx.viewer.userId;
  const [row] = await ctx.read((c) => findNotifications(c, viewerId, [id]));
  return row ?? null;
});

function notificationIdArg(value: string, index: number): string {
  const parsed = uuid.safeParse(idOf(TYPE, value));
  if (!parsed.success) throw ValidationError.forField(`ids.${index}`, notificationMessages.invalidId);
  return parsed.data.toLowerCase();
}

/** Marks the viewer's notifications read, one command each (each notification is its own stream). */
async function markRead(ctx: RequestContext, viewer: Viewer, rows: readonly NotificationRow[]): Promise<void> {
  for (const row of rows) {
    if (row.readAt) continue;
    await ctx.execute(markNotificationRead, { notificationId: row.id, recipientUserId: viewer.userId },
      { waitFor: [NOTIFICATIONS_PROJECTION], ecosystemId: row.ecosystemId });
  }
}

async function payload(ctx: RequestContext, viewer: Viewer, ids: readonly string[]) {
  const rows = ids.length ? await ctx.read((c) => findNotifications(c, viewer.userId, ids)) : [];
  const unreadCount = await ctx.read((c) => countUnreadNotifications(c, viewer.userId));
  return { notifications: rows, unreadCount };
}

export const notificationsResolvers: Resolvers = {
  Notification: {
    id: (row) => toGlobalId(TYPE, row.id),
    notificationId: (row) => row.id,
    params: (row) => row.params,
    read: (row) => row.readAt !== null,
  },
  Query: {
    async notifications(_root, args, ctx) {
      const viewer = requireViewer(ctx);
      const page = await keysetConnection<NotificationRow>(args, (row) => [row.postedAt, row.id],
        (limit, after) => ctx.read((c) => listNotifications(c, viewer.userId, { limit, after, unreadOnly: args.unreadOnly ?? false })));
      const unreadCount = await ctx.read((c) => countUnreadNotifications(c, viewer.userId));
      return { ...page, unreadCount };
    },
  },
  Mutation: {
    async markNotificationsRead(_root, args, ctx) {
      const viewer = requireViewer(ctx);
      if (args.ids.length > MARK_READ_MAX) throw ValidationError.forField('ids', notificationMessages.tooMany({ max: MARK_READ_MAX }));
      const ids = [...new Set(args.ids.map(notificationIdArg))];
      const rows = ids.length ? await ctx.read((c) => findNotifications(c, viewer.userId, ids)) : [];
      if (rows.length !== ids.length) throw new NotFoundError(notificationMessages.notFound);
      await markRead(ctx, viewer, rows);
      return payload(ctx, viewer, ids);
    },

    async markAllNotificationsRead(_root, _args, ctx) {
      const viewer = requireViewer(ctx);
      const marked = new Set<string>();
      // Batches until none is left; those marked are left out even if the projection has not shown them read yet.
      for (;;) {
        const fresh = await ctx.read((c) => unreadNotificationIds(c, viewer.userId, MARK_READ_MAX, [...marked]));
        if (fresh.length === 0) break;
        const rows = await ctx.read((c) => findNotifications(c, viewer.userId, fresh));
        await markRead(ctx, viewer, rows);
        fresh.forEach((id) => marked.add(id));
      }
      return payload(ctx, viewer, [...marked]);
    },
  },
};
