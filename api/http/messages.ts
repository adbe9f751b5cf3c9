/**
 * The HTTP layer's own answers (429s, 404s), rendered in the language the request asks for
 * (Accept-Language); the words are catalogue messages (api/i18n/messages.ts, Spanish in es/).
 */
import type { FastifyRequest } from 'fastify';
import type { Message } from '../../domain/shared/i18n';
import { translate } from '../i18n/catalogue';
import { localeFromHeader } from '../i18n/locale';

export function wordedFor(request: Pick<FastifyRequest, 'headers'>, message: Message): string {
  return translate(message, localeFromHeader(request.headers['accept-language']));
}
