/**
 * Bounces (docs/decisions/0077): reports, after a message was sent, that it was not delivered.
 *
 * - POST /webhooks/mail-bounces: JSON `{ messageId: "<Message-ID header as sent>", reason?: string }`,
 *   the generic shape a relay or a small DSN-reading script can post, with
 *   `Authorization: Bearer <MAIL_BOUNCE_WEBHOOK_SECRET>`. Unset secret: 404, as if there were no route.
 *   The SMTP adapter sends `Message-ID: <messageId@domain>` (infra/mail/smtp.ts), so the local part is
 *   the platform's message id.
 * - POST /webhooks/twilio-status: Twilio's status callback (form fields MessageSid, MessageStatus,
 *   ErrorCode), which the Twilio adapter asks for per message when PUBLIC_URL is set, with the
 *   message id in the callback's query. Verified with X-Twilio-Signature: base64 HMAC-SHA1, keyed
 *   with SMS_URL's auth token, of the callback's full URL (built from PUBLIC_URL, as Twilio was
 *   given it) followed by every form field's name and value, sorted by name. `undelivered` and
 *   `failed` are bounces; other statuses (queued, sent, delivered...) are answered and ignored.
 *   No SMS_URL: 404.
 *
 * Both record MessageBounced through the command bus as the system actor; a repeated report records
 * nothing. Secrets are compared in constant time and never logged. Both routes are rate-limited
 * per client address (api/http/rate-limits.ts).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordMessageBounced } from '../../domain/message/handlers';
import { messageMessages } from '../../domain/message/messages';
import { messageAggregate, type MessageState } from '../../domain/message/state';
import type { Actor } from '../../domain/shared/events';
import type { Message } from '../../domain/shared/i18n';
import { publicUrl } from '../../infra/config';
import { parseSmsUrl } from '../../infra/sms/twilio';
import { translate } from '../i18n/catalogue';
import { localeFromHeader } from '../i18n/locale';
import type { Services } from '../services';

/** Bounces are reported by machines on nobody's behalf: breadcrumbs name no person. */
export const BOUNCE_ACTOR: Actor = { userId: '00000000-0000-0000-0000-000000000000', role: 'SYSTEM' };

export const MAIL_BOUNCES_PATH = '/webhooks/mail-bounces';
export const TWILIO_STATUS_PATH = '/webhooks/twilio-status';
const BODY_LIMIT = 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Twilio's statuses that mean the text did not reach the phone. */
const UNDELIVERED = new Set(['undelivered', 'failed']);

const mailBounceSchema = z.object({ messageId: z.string().min(1).max(998), reason: z.string().max(10_000).optional() });

/** `<id@domain>`, `id@domain` or the bare id: the platform's message id, or null when it is not one of ours. */
export function messageIdFromHeader(header: string): string | null {
  const local = header.trim().replace(/^<|>$/g, '').split('@')[0] ?? '';
  return UUID.test(local) ? local.toLowerCase() : null;
}

/** Equal in constant time, whatever the lengths (digests first, so the length leaks nothing). */
export function sameSecret(expected: string, given: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given)) && expected.length > 0;
}

/** Twilio's request signature (https://www.twilio.com/docs/usage/security#validating-requests). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params).sort().reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

type Outcome = { status: number; body: Record<string, unknown> };

function refusal(status: number, code: string, message: Message | null, request: FastifyRequest): Outcome {
  return { status, body: { code, ...(message ? { error: translate(message, localeFromHeader(request.headers['accept-language'])) } : {}) } };
}

export function bounceRoutes(services: Services) {
  const { config, bus } = services;

  /** Records the bounce unless the message is not ours, not on this channel, or not sent. */
  async function bounce(request: FastifyRequest, messageId: string | null, channel: 'EMAIL' | 'SMS', data: { reason: string | null; source: 'mail-webhook' | 'twilio'; providerMessageId: string | null }): Promise<Outcome> {
    const state: MessageState = messageId ? await bus.load(messageAggregate, messageId) : { status: 'NONE' };
    if (!messageId || state.status === 'NONE' || state.message.channel !== channel) return refusal(404, 'NOT_FOUND', messageMessages.notFound, request);
    if (state.status === 'BOUNCED') return { status: 200, body: { status: 'BOUNCED', recorded: false } };
    if (state.status !== 'SENT' && state.status !== 'UNCERTAIN') return refusal(409, 'NOT_SENT', messageMessages.bounceNotSent, request);
    const result = await bus.dispatch(recordMessageBounced, { messageId, ...data, reason: data.reason?.slice(0, 2000) ?? null }, {
      actor: BOUNCE_ACTOR, commandId: crypto.randomUUID(), correlationId: messageId, now: services.clock().toISOString(),
    });
    return { status: 200, body: { status: result.state.status === 'NONE' ? 'NONE' : result.state.status, recorded: result.events.length > 0 } };
  }

  const send = (reply: FastifyReply, outcome: Outcome) =>
    reply.status(outcome.status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(outcome.body);

  return async (app: FastifyInstance): Promise<void> => {
    // Twilio posts form fields; kept as the strings they came as, for the signature.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.post(MAIL_BOUNCES_PATH, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const secret = config.MAIL_BOUNCE_WEBHOOK_SECRET;
      if (!secret) return send(reply, refusal(404, 'NOT_FOUND', null, request));
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      if (!sameSecret(secret, given)) return send(reply, refusal(401, 'UNAUTHENTICATED', messageMessages.bounceUnauthorized, request));
      const parsed = mailBounceSchema.safeParse(request.body);
      if (!parsed.success) return send(reply, refusal(400, 'BAD_USER_INPUT', messageMessages.bounceInvalid, request));
      return send(reply, await bounce(request, messageIdFromHeader(parsed.data.messageId), 'EMAIL', {
        reason: parsed.data.reason ?? null, source: 'mail-webhook', providerMessageId: null,
      }));
    });

    app.post(TWILIO_STATUS_PATH, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      if (!config.SMS_URL) return send(reply, refusal(404, 'NOT_FOUND', null, request));
      const { authToken } = parseSmsUrl(config.SMS_URL);
      const params = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
        ? Object.fromEntries(Object.entries(request.body as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>
        : {};
      const url = publicUrl(config, request.url);
      const signature = request.headers['x-twilio-signature'];
      if (typeof signature !== 'string' || !sameSecret(twilioSignature(authToken, url, params), signature)) {
        return send(reply, refusal(401, 'UNAUTHENTICATED', messageMessages.bounceUnauthorized, request));
      }
      const status = params.MessageStatus ?? '';
      if (!UNDELIVERED.has(status)) return send(reply, { status: 200, body: { status: 'IGNORED', recorded: false } });
      const id = (request.query as { messageId?: unknown }).messageId;
      const reason = `Twilio: ${status}${params.ErrorCode ? ` (error ${params.ErrorCode})` : ''}`;
      return send(reply, await bounce(request, typeof id === 'string' && UUID.test(id) ? id.toLowerCase() : null, 'SMS', {
        reason, source: 'twilio', providerMessageId: params.MessageSid ? params.MessageSid.slice(0, 500) : null,
      }));
    });
  };
}
