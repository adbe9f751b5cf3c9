/**
 * Links out of the mail a browser test's local SMTP server captured, as the person would click
 * them in their mailbox: only the path (and query) is kept, so the test opens it on its own server
 * whatever host PUBLIC_URL gave the link.
 */
import type { SmtpCapture } from '../../../infra/mail/testing/smtp-capture';

export interface MailedLink {
  /** The recipient's address. */
  to: string;
  /** The link's path, e.g. /\/join\/[A-Za-z0-9_-]{43}/ (its whole match is returned). */
  path: RegExp;
  /** Which of that recipient's mails with such a link: 1 for the first. */
  nth?: number;
  timeoutMs?: number;
}

export async function linkMailedTo(smtp: SmtpCapture, { to, path, nth = 1, timeoutMs = 20_000 }: MailedLink): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = smtp.received
      .filter((mail) => JSON.stringify(mail.to ?? '').includes(to))
      .map((mail) => path.exec(mail.text ?? '')?.[0])
      .filter((link) => link !== undefined);
    if (links.length >= nth) return links[nth - 1];
    if (Date.now() > deadline) throw new Error(`no link number ${nth} matching ${path} mailed to ${to}; ${smtp.received.length} mails in all`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
