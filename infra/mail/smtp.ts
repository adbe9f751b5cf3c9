/**
 * The e-mail adapter: nodemailer over SMTP_URL (smtp://user:pass@host:587 upgrades with STARTTLS
 * when the server offers it; smtps://...:465 is TLS from the start; nodemailer reads further
 * options from the URL's query, e.g. ?requireTLS=true). The URL's password is never logged:
 * errors carry the server's reply only, and `describeSmtpUrl` shows the URL without credentials.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { DeliveryError, type Delivered, type MailTransport, type OutgoingEmail } from './port';

export interface SmtpOptions {
  url: string;
  /** The From header, e.g. "Tutoring Platform <no-reply@example.org>". */
  from: string;
  /** The domain of Message-ID headers; the From address's domain by default. */
  messageIdDomain?: string;
}

interface SmtpFailure {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** Where the message was when it failed decides whether it may have gone out (mail/port.ts). */
export function classifySmtpFailure(err: SmtpFailure): DeliveryError['failure'] {
  const { responseCode, command } = err;
  if (typeof responseCode === 'number') {
    if (responseCode >= 500 && command !== 'CONN' && !command?.startsWith('AUTH')) return 'permanent';
    return 'transient';
  }
  // No reply, and the body was on its way: the server may have queued it before the line dropped.
  if (command === 'DATA' || command === 'MESSAGE') return 'uncertain';
  return 'transient';
}

/** The URL as logs and start-up may show it: scheme, host and port, never the user or password. */
export function describeSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return '(unreadable SMTP_URL)';
  }
}

function domainOf(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match ? match[1] : 'localhost';
}

export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;
  private readonly domain: string;

  constructor(private readonly options: SmtpOptions) {
    // One connection per message is enough for the platform's volume and never holds a stale socket.
    this.transporter = nodemailer.createTransport(options.url);
    this.domain = options.messageIdDomain ?? domainOf(options.from);
  }

  async send(email: OutgoingEmail): Promise<Delivered> {
    try {
      const info = await this.transporter.sendMail({
        from: this.options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.attachments ? { attachments: email.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) } : {}),
        // The same on every attempt: a receiving server that keeps Message-IDs can drop a duplicate.
        messageId: `<${email.messageId}@${this.domain}>`,
        headers: {
          'Content-Language': email.language,
          'Auto-Submitted': 'auto-generated',
          'X-Platform-Message-Kind': email.kind,
          ...(email.listUnsubscribe ? { 'List-Unsubscribe': `<${email.listUnsubscribe}>` } : {}),
        },
      });
      const response = (info as { response?: unknown }).response;
      return { providerMessageId: typeof response === 'string' ? response.slice(0, 500) : null };
    } catch (err) {
      const failure = err as SmtpFailure;
      const reply = failure.response ?? failure.code ?? 'no reply';
      throw new DeliveryError(`SMTP ${failure.command ?? 'send'} failed: ${reply}`.slice(0, 2000), classifySmtpFailure(failure));
    }
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
