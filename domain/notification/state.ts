/** One notification folded from its events: none yet, unread, or read (once; reading again changes nothing). */
import type { Aggregate } from '../shared/decider';
import { notificationEventSchemas, type NotificationEvent, type NotificationPosted } from './events';

export type NotificationState =
  | { status: 'NONE' }
  | { status: 'UNREAD'; notification: NotificationPosted['data'] }
  | { status: 'READ'; notification: NotificationPosted['data']; readAt: string };

export function evolveNotification(state: NotificationState, event: NotificationEvent): NotificationState {
  switch (event.type) {
    case 'NotificationPosted':
      return state.status === 'NONE' ? { status: 'UNREAD', notification: event.data } : state;
    case 'NotificationRead':
      return state.status === 'UNREAD' ? { status: 'READ', notification: state.notification, readAt: event.data.readAt } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const notificationAggregate: Aggregate<NotificationState, NotificationEvent> = {
  category: 'notification',
  initialState: { status: 'NONE' },
  evolve: evolveNotification,
  eventSchemas: notificationEventSchemas,
};
