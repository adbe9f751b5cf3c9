/** Shared by the invitation tests: the operations' documents and a reader of invite links from captured mail. */
import type { ParsedMail } from 'mailparser';
import type { SmtpCapture } from '../../infra/mail/testing/smtp-capture';
import type { TestApi } from '../../tests/setup/api';

export const INVITE = `mutation I($input: InviteUserInput!) { inviteUser(input: $input) {
  id userId ecosystemId programId role email firstName lastName status timesSent expiresAt } }`;
export const RESEND = 'mutation R($userId: ID!, $ecosystemId: ID!) { resendInviteEmail(userId: $userId, ecosystemId: $ecosystemId) { id status timesSent } }';
export const LOOKUP = `query G($token: String!) { getInvitedUserByToken(token: $token) {
  id email name firstName role ecosystemRoles { role status } ecosystem { name tutorTerm MFAEnabled } } }`;
export const ACTIVATE = `mutation A($token: String!, $password: String!, $confirmPassword: String!) {
  activateAccountFromInvite(token: $token, password: $password, confirmPassword: $confirmPassword) { token redirect mfaMethods mfaEnrolmentRequired } }`;

export const GOOD_PASSWORD = 'violet-harbour-lantern-42';

export type Invitation = { id: string; userId: string; role: string; email: string; status: string; timesSent: number; expiresAt: string };

/** The token of the newest invite e-mail to `to`, once it has arrived. */
export async function tokenMailedTo(smtp: SmtpCapture, to: string, count: number): Promise<{ token: string; mail: ParsedMail }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = smtp.received.filter((m) => JSON.stringify(m.to ?? '').includes(to));
    if (mails.length >= count) {
      const mail = mails[count - 1];
      const match = /\/join\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
      if (!match) throw new Error(`no invite link in: ${mail.text}`);
      return { token: match[1], mail };
    }
    if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${to}, got ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until the event log stops growing: a delivery records its attempt and its outcome after
 * the SMTP server has the mail, so "nothing written" checks start only once those are in.
 */
export async function quiet(api: TestApi, stableMs = 400): Promise<void> {
  let last = await api.eventCount();
  for (let since = Date.now(); Date.now() - since < stableMs;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await api.eventCount();
    if (now !== last) [last, since] = [now, Date.now()];
  }
}
