/**
 * The transports configuration asks for (docs/decisions/0036): SMTP when SMTP_URL is set, Twilio
 * when SMS_URL is set; a channel without one keeps its messages in the outbox.
 */
import type { Config } from '../config';
import { parseSmsUrl, TwilioTextTransport, describeSmsUrl } from '../sms/twilio';
import type { Transports } from './port';
import { describeSmtpUrl, SmtpMailTransport } from './smtp';

export type MessagingConfig = Pick<Config, 'SMTP_URL' | 'SMS_URL' | 'MAIL_FROM'>;

export function createTransports(config: MessagingConfig): Transports {
  return {
    mail: config.SMTP_URL ? new SmtpMailTransport({ url: config.SMTP_URL, from: config.MAIL_FROM }) : null,
    text: config.SMS_URL ? new TwilioTextTransport(parseSmsUrl(config.SMS_URL)) : null,
  };
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
