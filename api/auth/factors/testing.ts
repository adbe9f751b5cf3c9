/** Test helpers of the e-mail-code tests (docs/decisions/0043). */
import type { SmtpCapture } from '../../../infra/mail/testing/smtp-capture';

/** The 6-digit code of the mail to `email` after the first `seen` ones, once it has arrived. */
export async function mailedCode(smtp: SmtpCapture, email: string, seen: number): Promise<string> {
  const mail = await smtp.nextTo(email, seen);
  const match = /\b(\d{6})\b/.exec(mail.text ?? '');
  if (!match) throw new Error('no code in the mail');
  return match[1];
}
