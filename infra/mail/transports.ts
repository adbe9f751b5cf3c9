/**
 * The transports configuration asks for (docs/decisions/0036): SMTP when SMTP_URL is set, Twilio
 * when SMS_URL is set; a channel without one keeps its messages in the outbox.
 */
import { publicUrl, type Config } from '../config';
import { parseSmsUrl, TwilioTextTransport, describeSmsUrl, twilioStatusCallbackPath } from '../sms/twilio';
import type { Transports } from './port';
import { describeSmtpUrl, SmtpMailTransport } from './smtp';

export type MessagingConfig = Pick<Config, 'SMTP_URL' | 'SMS_URL' | 'MAIL_FROM'> & Partial<Pick<Config, 'PUBLIC_URL' | 'PORT'>>;

export function createTransports(config: MessagingConfig): Transports {
  return {
    mail: config.SMTP_URL ? new SmtpMailTransport({ url: config.SMTP_URL, from: config.MAIL_FROM }) : null,
    text: config.SMS_URL ? new TwilioTextTransport({ ...parseSmsUrl(config.SMS_URL), ...statusCallback(config) }) : null,
  };
}

/** Twilio can only call back an address it reaches: PUBLIC_URL's (decision 0077); without it, no status callback. */
function statusCallback(config: MessagingConfig): { statusCallbackUrl?: (messageId: string) => string } {
  const base = config.PUBLIC_URL;
  if (!base) return {};
  return { statusCallbackUrl: (messageId) => publicUrl({ PUBLIC_URL: base, PORT: config.PORT ?? 0 }, twilioStatusCallbackPath(messageId)) };
}

/** One start-up line per channel, without credentials. */
export function describeTransports(config: MessagingConfig): string[] {
  return [
    `e-mail: ${config.SMTP_URL ? `SMTP ${describeSmtpUrl(config.SMTP_URL)}` : 'outbox only (SMTP_URL unset)'}`,
    `text messages: ${config.SMS_URL ? describeSmsUrl(config.SMS_URL) : 'outbox only (SMS_URL unset)'}`,
  ];
}

export async function closeTransports(transports: Transports): Promise<void> {
  await Promise.all([transports.mail?.close(), transports.text?.close()]);
}
