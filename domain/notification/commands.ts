/** Inputs of the Notification commands, validated by the command bus before deciding. */
import { z } from 'zod';
import { notificationPostedSchema } from './events';

/** The contract the notification reactor calls (decision 0073): the posted event's data without the time. */
export const postNotificationInput = notificationPostedSchema.omit({ postedAt: true });
export const markNotificationReadInput = z.object({ notificationId: z.uuid(), recipientUserId: z.uuid() });

export type PostNotificationInput = z.infer<typeof postNotificationInput>;

export type NotificationCommand =
  | { type: 'PostNotification'; data: PostNotificationInput }
  | { type: 'MarkNotificationRead'; data: z.infer<typeof markNotificationReadInput> };
