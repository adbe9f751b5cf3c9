/**
 * Events of the Message aggregate (stream `message-<messageId>`): one e-mail or text message, from
 * the moment it is recorded (rendered, in the recipient's language) to its delivery or the outbox.
 * Delivery is recorded attempt by attempt, the attempt *before* the transport is called, so a
 * worker that dies between sending and recording leaves a trace and the message is never sent
 * again by a retry (docs/decisions/0036-messages-and-delivery.md).
 */
import { z } from 'zod';
import { MESSAGE_KINDS } from './kinds';

const messageId = z.uuid();
/** A file attached to an e-mail, as text (CSV): kept in the event, so a retry sends the same bytes. */
export const messageAttachmentSchema = z.object({
  filename: z.string().regex(/^[A-Za-z0-9 ._-]{1,120}$/), contentType: z.enum(['text/csv']), content: z.string().max(1_000_000),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;
const attempt = z.number().int().min(1);
/** A bounce reason is kept to this many characters (a DSN's diagnostic line, Twilio's error code). */
export const MESSAGE_BOUNCE_REASON_MAX = 500;

export const MESSAGE_CHANNELS = ['EMAIL', 'SMS'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_LANGUAGES = ['en', 'es'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
/** Where a message went: SMTP, the SMS provider's HTTP API, or nowhere but the outbox. */
export const MESSAGE_TRANSPORTS = ['smtp', 'twilio'] as const;
export type MessageTransportKind = (typeof MESSAGE_TRANSPORTS)[number];

export const messageRecordedSchema = z.object({
  messageId,
  /** The tenant the message is about; null for platform messages (to a platform admin). */
  ecosystemId: z.uuid().nullable(),
  channel: z.enum(MESSAGE_CHANNELS),
  kind: z.enum(MESSAGE_KINDS),
  language: z.enum(MESSAGE_LANGUAGES),
  /** E-mail address or E.164 phone number. */
  to: z.string().min(3).max(320),
  /** The account the message is for, when it is for one. */
  recipientUserId: z.uuid().nullable(),
  /** E-mail only; null for texts. */
  subject: z.string().max(500).nullable(),
  text: z.string().min(1).max(100_000),
  /** E-mail only; null for texts. */
  html: z.string().max(500_000).nullable(),
  /** What the sender chose so that the same message is never recorded twice; the id derives from it. */
  idempotencyKey: z.string().min(1).max(300),
  /** E-mail only: files sent with it (a scheduled report's CSV, decision 0068). Absent on older events. */
  attachments: z.array(messageAttachmentSchema).max(3).optional(),
  /** E-mail only: the unsubscribe page of a notification, sent as List-Unsubscribe (decision 0072). Absent on older events. */
  listUnsubscribe: z.url({ protocol: /^https?$/ }).max(2000).optional(),
});

/** A delivery attempt began; `token` names the worker that owns it (a second worker finds it taken). */
export const messageDeliveryAttemptedSchema = z.object({ messageId, attempt, token: z.uuid(), transport: z.enum(MESSAGE_TRANSPORTS) });
export const messageSentSchema = z.object({ messageId, attempt, providerMessageId: z.string().max(500).nullable() });
/** The transport refused or could not be reached. `permanent`: no retry can help (a rejected address). */
export const messageDeliveryFailedSchema = z.object({ messageId, attempt, error: z.string().min(1).max(2000), permanent: z.boolean() });
/** An attempt began and its worker never said how it ended: it may have been sent, so it is not sent again. */
export const messageDeliveryUncertainSchema = z.object({ messageId, attempt });
/** No transport is configured for the message's channel: it stays in the outbox for the platform admin to read. */
export const messageKeptInOutboxSchema = z.object({ messageId });
/** Retries ran out (or the run gave up): the message is not sent. */
export const messageAbandonedSchema = z.object({ messageId, error: z.string().min(1).max(2000) });
/** The recipient's server or the SMS provider reported, after the send, that it was not delivered (decision 0077). */
export const messageBouncedSchema = z.object({ messageId, reason: z.string().max(MESSAGE_BOUNCE_REASON_MAX).nullable(), source: z.enum(['mail-webhook', 'twilio']) });

type EventOf<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };
export type MessageRecorded = EventOf<'MessageRecorded', typeof messageRecordedSchema>;
export type MessageDeliveryAttempted = EventOf<'MessageDeliveryAttempted', typeof messageDeliveryAttemptedSchema>;
export type MessageSent = EventOf<'MessageSent', typeof messageSentSchema>;
export type MessageDeliveryFailed = EventOf<'MessageDeliveryFailed', typeof messageDeliveryFailedSchema>;
export type MessageDeliveryUncertain = EventOf<'MessageDeliveryUncertain', typeof messageDeliveryUncertainSchema>;
export type MessageKeptInOutbox = EventOf<'MessageKeptInOutbox', typeof messageKeptInOutboxSchema>;
export type MessageAbandoned = EventOf<'MessageAbandoned', typeof messageAbandonedSchema>;
export type MessageBounced = EventOf<'MessageBounced', typeof messageBouncedSchema>;

export type MessageEvent =
  | MessageRecorded | MessageDeliveryAttempted | MessageSent | MessageDeliveryFailed
  | MessageDeliveryUncertain | MessageKeptInOutbox | MessageAbandoned | MessageBounced;

export const messageEventSchemas = {
  MessageRecorded: messageRecordedSchema,
  MessageDeliveryAttempted: messageDeliveryAttemptedSchema,
  MessageSent: messageSentSchema,
  MessageDeliveryFailed: messageDeliveryFailedSchema,
  MessageDeliveryUncertain: messageDeliveryUncertainSchema,
  MessageKeptInOutbox: messageKeptInOutboxSchema,
  MessageAbandoned: messageAbandonedSchema,
  MessageBounced: messageBouncedSchema,
};
