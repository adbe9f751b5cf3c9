/**
 * The text-message adapter: Twilio's Messages REST API (POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, form fields To, From and Body, HTTP Basic
 * authentication with the account SID and auth token; documented at
 * https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource).
 *
 * Configured by one URL, like SMTP_URL: `twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=%2B15550001111`
 * (`twilio+http://` for a local stand-in in tests). The token is never logged: errors carry
 * Twilio's own error code and message only, and `describeSmsUrl` drops the credentials.
 */
import { DeliveryError, type Delivered, type OutgoingText, type TextTransport } from '../mail/port';

export interface TwilioOptions {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Longest wait for Twilio's answer. Default 15 s. */
  timeoutMs?: number;
  /**
   * Where Twilio reports each message's delivery (its StatusCallback), per message: set when
   * PUBLIC_URL is, so undelivered texts come back as bounces (api/messages/bounces.ts, decision 0077).
   */
  statusCallbackUrl?: (messageId: string) => string;
}

/** The status callback of one message: the route, with the message id in the (signed) query. */
export function twilioStatusCallbackPath(messageId: string): string {
  return `/webhooks/twilio-status?messageId=${encodeURIComponent(messageId)}`;
}

export class SmsUrlError extends Error {}

/** SMS_URL to adapter options. Throws a message that names what is wrong, never the token. */
export function parseSmsUrl(value: string): TwilioOptions {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SmsUrlError('SMS_URL is not a URL (expected twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=%2B15550001111).');
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 'twilio' && scheme !== 'twilio+http' && scheme !== 'twilio+https') throw new SmsUrlError('SMS_URL must start with twilio:// (the one provider supported).');
  const from = url.searchParams.get('from') ?? '';
  if (!url.username || !url.password) throw new SmsUrlError('SMS_URL must carry the account SID and auth token as user and password.');
  if (!/^\+[1-9]\d{6,14}$/.test(from)) throw new SmsUrlError('SMS_URL needs ?from= with the sending number in E.164 form (+15550001111, the + written %2B).');
  const protocol = scheme === 'twilio+http' ? 'http' : 'https';
  return {
    baseUrl: `${protocol}://${url.host}`,
    accountSid: decodeURIComponent(url.username),
    authToken: decodeURIComponent(url.password),
    from,
  };
}

export function describeSmsUrl(value: string): string {
  try {
    const o = parseSmsUrl(value);
    return `twilio ${o.baseUrl} from ${o.from}`;
  } catch {
    return '(unreadable SMS_URL)';
  }
}

/** Connection never made: nothing reached Twilio, so another attempt is safe. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The first error code along the cause chain (fetch wraps the socket's error; a dual-stack connect, in an AggregateError). */
function codeOf(err: unknown, depth = 0): string | null {
  if (typeof err !== 'object' || err === null || depth > 4) return null;
  const { code, cause, errors } = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  for (const next of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const found = codeOf(next, depth + 1);
    if (found) return found;
  }
  return null;
}

function networkFailure(err: unknown): DeliveryError {
  const known = codeOf(err) ?? 'no answer';
  return new DeliveryError(`Twilio request failed: ${known}`, NOT_CONNECTED.has(known) ? 'transient' : 'uncertain');
}

/** Twilio answered with an error: 429 and 503 (and a refused log-in, an operator's to fix) retry, other 4xx are for good, other 5xx may have sent. */
function httpFailure(status: number, body: { code?: unknown; message?: unknown }): DeliveryError {
  const detail = `Twilio answered ${status}${body.code ? ` (error ${String(body.code)})` : ''}: ${typeof body.message === 'string' ? body.message : 'no message'}`;
  if (status === 429 || status === 503 || status === 401 || status === 403) return new DeliveryError(detail, 'transient');
  if (status >= 400 && status < 500) return new DeliveryError(detail, 'permanent');
  return new DeliveryError(detail, 'uncertain');
}

export class TwilioTextTransport implements TextTransport {
  readonly kind = 'twilio' as const;

  constructor(private readonly options: TwilioOptions) {}

  async send(text: OutgoingText): Promise<Delivered> {
    const { baseUrl, accountSid, authToken, from } = this.options;
    const endpoint = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          To: text.to, From: from, Body: text.text,
          ...(this.options.statusCallbackUrl ? { StatusCallback: this.options.statusCallbackUrl(text.messageId) } : {}),
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw networkFailure(err);
    }
    const body = await response.json().catch(() => ({})) as { sid?: unknown; code?: unknown; message?: unknown };
    if (!response.ok) throw httpFailure(response.status, body);
    return { providerMessageId: typeof body.sid === 'string' ? body.sid : null };
  }

  async close(): Promise<void> {
    // fetch keeps no connection of ours open.
  }
}
