/**
 * What each Notification command decides. Posting is idempotent on the notification id (the
 * reactor may post the same one twice after a retry): the first post stands. Only its recipient
 * reads a notification, and reading it again changes nothing.
 */
import { NotFoundError } from '../shared/errors';
import type { CommandContext } from '../shared/decider';
import type { NotificationCommand } from './commands';
import type { NotificationEvent } from './events';
import { notificationMessages } from './messages';
import type { NotificationState } from './state';

type Data<T extends NotificationCommand['type']> = Extract<NotificationCommand, { type: T }>['data'];

function postNotification(data: Data<'PostNotification'>, state: NotificationState, ctx: CommandContext): NotificationEvent[] {
  return state.status === 'NONE' ? [{ type: 'NotificationPosted', data: { ...data, postedAt: ctx.now } }] : [];
}

/** Someone else's notification is answered as none at all, so its existence is not told either. */
function markNotificationRead(data: Data<'MarkNotificationRead'>, state: NotificationState, ctx: CommandContext): NotificationEvent[] {
  if (state.status === 'NONE' || state.notification.recipientUserId !== data.recipientUserId) {
    throw new NotFoundError(notificationMessages.notFound);
  }
  return state.status === 'UNREAD' ? [{ type: 'NotificationRead', data: { notificationId: data.notificationId, readAt: ctx.now } }] : [];
}

export function decide(command: NotificationCommand, state: NotificationState, ctx: CommandContext): NotificationEvent[] {
  switch (command.type) {
    case 'PostNotification': return postNotification(command.data, state, ctx);
    case 'MarkNotificationRead': return markNotificationRead(command.data, state, ctx);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
