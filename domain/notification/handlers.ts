/**
 * The Notification command handlers the command bus runs. `postNotification` is the contract the
 * notification reactor calls (decision 0073). A notification's tenant is the one it was posted
 * with (null for platform notifications), so no later command can move it.
 */
import type { CommandHandler } from '../shared/decider';
import { markNotificationReadInput, postNotificationInput, type NotificationCommand } from './commands';
import { decide } from './decide';
import type { NotificationEvent } from './events';
import { notificationAggregate, type NotificationState } from './state';

type Data<T extends NotificationCommand['type']> = Extract<NotificationCommand, { type: T }>['data'];
type NotificationHandler<Input> = CommandHandler<Input, NotificationState, NotificationEvent>;

export const postNotification: NotificationHandler<Data<'PostNotification'>> = {
  type: 'PostNotification',
  input: postNotificationInput,
  aggregate: notificationAggregate,
  aggregateId: (data) => data.notificationId,
  ecosystemId: (data, state) => (state.status === 'NONE' ? data.ecosystemId : state.notification.ecosystemId),
  decide: (data, state, ctx) => decide({ type: 'PostNotification', data }, state, ctx),
  createsStream: true,
};

export const markNotificationRead: NotificationHandler<Data<'MarkNotificationRead'>> = {
  type: 'MarkNotificationRead',
  input: markNotificationReadInput,
  aggregate: notificationAggregate,
  aggregateId: (data) => data.notificationId,
  ecosystemId: (_data, state) => (state.status === 'NONE' ? null : state.notification.ecosystemId),
  decide: (data, state, ctx) => decide({ type: 'MarkNotificationRead', data }, state, ctx),
};
