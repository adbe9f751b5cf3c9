/**
 * Events of the Notification aggregate (stream `notification-<notificationId>`): one in-app
 * notification for one person, posted by the notification reactor and read by its recipient
 * (docs/decisions/0073-in-app-notifications.md). What it says is not stored as text: the kind and
 * its parameters are, so each reader sees it in their own language and zone.
 */
import { z } from 'zod';

const notificationId = z.uuid();

/** A message kind (SESSION_CANCELLED, SESSION_REMINDER, ...): upper-case words joined by underscores. */
export const NOTIFICATION_KIND = /^[A-Z][A-Z0-9_]{0,63}$/;
const paramValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

export const notificationParamsSchema = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/), paramValue)
  .refine((params) => Object.keys(params).length <= 30, { message: 'At most 30 parameters.' });
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationPostedSchema = z.object({
  notificationId,
  /** The tenant it is about; null for platform notifications. */
  ecosystemId: z.uuid().nullable(),
  recipientUserId: z.uuid(),
  kind: z.string().regex(NOTIFICATION_KIND),
  params: notificationParamsSchema,
  /** A path inside the web app ("/sessions/..."), never another site: no "//host", and no backslash, which browsers read as a slash. */
  link: z.string().max(2000).regex(/^\/(?!\/)[^\\\s]*$/).nullable(),
  postedAt: z.iso.datetime(),
});

export const notificationReadSchema = z.object({ notificationId, readAt: z.iso.datetime() });

type EventOf<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };
export type NotificationPosted = EventOf<'NotificationPosted', typeof notificationPostedSchema>;
export type NotificationRead = EventOf<'NotificationRead', typeof notificationReadSchema>;

export type NotificationEvent = NotificationPosted | NotificationRead;

export const notificationEventSchemas = {
  NotificationPosted: notificationPostedSchema,
  NotificationRead: notificationReadSchema,
};
