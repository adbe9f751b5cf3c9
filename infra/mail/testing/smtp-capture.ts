/**
 * A local SMTP server for tests (smtp-server and mailparser, from the nodemailer project): it
 * requires the log-in its URL carries, keeps every message it accepts, parsed, and can refuse
 * recipients for good (550) or for now (451) to drive the delivery workflow's retries.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCapture {
  /** smtp://user:password@127.0.0.1:port */
  url: string;
  received: ParsedMail[];
  /** Recipients answered 550 (refused for good). */
  rejected: Set<string>;
  /** The next this-many RCPT commands are answered 451 (try again later). */
  deferNext(count: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** The messages to one address, in the order they arrived. */
  to(address: string): ParsedMail[];
  /** The message to `address` after the first `seen` ones, once it has arrived. */
  nextTo(address: string, seen: number, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const USER = 'mailer';
const PASSWORD = 's3cret-smtp-pass';

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: ParsedMail[] = [];
  const rejected = new Set<string>();
  let deferrals = 0;
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(smtpError('Invalid username or password', 535));
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address)) return callback(smtpError('No such mailbox', 550));
      if (deferrals > 0) {
        deferrals -= 1;
        return callback(smtpError('Mailbox busy, try again later', 451));
      }
      return callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, (err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => received.filter((m) => (m.to as { text: string } | undefined)?.text === address);
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    received,
    rejected,
    deferNext(count) { deferrals = count; },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, the SMTP server got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    to,
    async nextTo(address, seen, timeoutMs = 20_000) {
      for (const deadline = Date.now() + timeoutMs; to(address).length <= seen;) {
        if (Date.now() > deadline) throw new Error(`no message to ${address} after the first ${seen}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return to(address)[seen];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
