/**
 * The ports messages leave the platform through (DESIGN.md section 2, infra/): one for e-mail,
 * one for text messages. A message with no port configured for its channel stays in the outbox
 * (docs/decisions/0036). Adapters classify every failure, because the delivery workflow retries
 * only what may work next time and never resends what may already have gone out.
 */

export interface OutgoingEmail {
  /** The platform's message id; adapters derive the Message-ID header from it, the same on every attempt. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `en` or `es`: the Content-Language header. */
  language: string;
  /** The kind, as an X- header, so a mailbox rule (or a test) can tell a reset link from an invitation. */
  kind: string;
  /** Files sent with it, as text (a scheduled report's CSV). */
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
  /** A notification's unsubscribe page: the List-Unsubscribe header (decision 0072). */
  listUnsubscribe?: string;
}

export interface OutgoingText {
  messageId: string;
  /** E.164, e.g. +15555550123. */
  to: string;
  text: string;
}

export interface Delivered {
  /** What the provider calls it (SMTP: its reply; Twilio: the message SID), for tracing; null when it said nothing. */
  providerMessageId: string | null;
}

export interface MailTransport {
  readonly kind: 'smtp';
  send(email: OutgoingEmail): Promise<Delivered>;
  close(): Promise<void>;
}

export interface TextTransport {
  readonly kind: 'twilio';
  send(text: OutgoingText): Promise<Delivered>;
  close(): Promise<void>;
}

/**
 * - transient: not delivered, worth another attempt later (a connection refused, a 4xx reply);
 * - permanent: refused for good (an address the server rejects with 5xx); no retry;
 * - uncertain: the provider may have taken it (the connection dropped while the message itself
 *   was in flight); it is not sent again, so that nobody gets it twice.
 */
export type DeliveryFailureKind = 'transient' | 'permanent' | 'uncertain';

export class DeliveryError extends Error {
  constructor(message: string, readonly failure: DeliveryFailureKind) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** What the platform can send through: each channel's transport, or null where the outbox takes it. */
export interface Transports {
  mail: MailTransport | null;
  text: TextTransport | null;
}

export const NO_TRANSPORTS: Transports = { mail: null, text: null };
