/**
 * The picture routes (docs/decisions/0051):
 * - POST /uploads/profile-picture?rotation=&userId= with the image as the raw body (any Content-Type:
 *   the content decides), at most PICTURE_MAX_BYTES; answers `{ src, rotation }`.
 * - DELETE /uploads/profile-picture?userId= removes it.
 * - GET /files/pictures/:name serves a stored picture as image/webp, never sniffed, sandboxed,
 *   cached for good (a new picture gets a new name).
 * Errors answer `{ error, code, fields }` in the reader's language, with the GraphQL codes' statuses.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { toClientError } from '../errors';
import { localeFromHeader } from '../i18n/locale';
import { createRequestContext, endRequestContext } from '../request-context';
import type { Services } from '../services';
import { fileStorageFor, type FileStorage } from '../../infra/storage';
import { PICTURE_NAME, removePicture, rotationOf, uploadPicture } from './picture';

const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, BAD_USER_INPUT: 400, CONFLICT: 409, NOT_FOUND: 404, RATE_LIMITED: 429 };

type Query = { userId?: string; rotation?: string };

async function inContext(services: Services, request: FastifyRequest, reply: FastifyReply, fn: (ctx: RequestContext) => Promise<unknown>): Promise<FastifyReply> {
  const locale = localeFromHeader(request.headers['accept-language']);
  void reply.header('cache-control', 'no-store');
  const ctx = await createRequestContext(services, request, reply, randomUUID(), locale);
  try {
    requireViewer(ctx);
    return await reply.send(await fn(ctx));
  } catch (err) {
    const error = toClientError(err, locale);
    const code = String(error.extensions.code ?? 'INTERNAL_SERVER_ERROR');
    return reply.status(STATUS[code] ?? 500).send({ error: error.message, code, fields: error.extensions.fields });
  } finally {
    await endRequestContext(ctx);
  }
}

async function serve(storage: FileStorage, name: string, reply: FastifyReply): Promise<FastifyReply> {
  const file = PICTURE_NAME.test(name) ? await storage.get(`pictures/${name}`) : null;
  if (!file) return reply.status(404).type('application/json; charset=utf-8').send({ error: 'Not found', code: 'NOT_FOUND' });
  return reply
    .header('content-type', 'image/webp')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-disposition', 'inline')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(file.body);
}

export function pictureRoutes(services: Services, storage: FileStorage = fileStorageFor(services.config)): FastifyPluginAsync {
  return async (app) => {
    // This scope only: the raw body whatever its Content-Type, JSON and text included (the bytes decide), up to the picture limit.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: services.config.PICTURE_MAX_BYTES }, (_request, body, done) => done(null, body));
    app.post<{ Querystring: Query }>('/uploads/profile-picture', (request, reply) => inContext(services, request, reply, (ctx) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return uploadPicture(ctx, storage, body, { userId: request.query.userId, rotation: rotationOf(request.query.rotation) });
    }));
    app.delete<{ Querystring: Query }>('/uploads/profile-picture', (request, reply) =>
      inContext(services, request, reply, async (ctx) => { await removePicture(ctx, storage, request.query.userId); return { src: null }; }));
    app.get<{ Params: { name: string } }>('/files/pictures/:name', (request, reply) => serve(storage, request.params.name, reply));
  };
}
