/**
 * The HTTP server: /graphql, /healthz, the auth routes (/refresh-tokens, /logout), the
 * feature-flag event stream, and the built web app with a single-page fallback. Every response
 * carries the security headers and is compressed when the client accepts it; the public endpoints
 * are rate-limited per client address (docs/decisions/0013). Any error that escapes a route
 * becomes a JSON error without internals.
 */
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { GraphQLSchema } from 'graphql';
import { authRoutes } from './auth/routes';
import { ssoRoutes } from './sso/routes';
import { createRequestContext, endRequestContext } from './request-context';
import { flagRoutes } from './flags/routes';
import { notificationRoutes } from './notifications/stream';
import { pictureRoutes } from './settings/picture-routes';
import { rosterExportRoutes } from './roster/export';
import { sessionAdminExportRoutes } from './sessions-admin/export';
import { bigJobDownloadRoutes } from './bigjobs/download';
import { bounceRoutes } from './messages/bounces';
import { createGraphQLHandler } from './graphql/handler';
import { DocumentCache, type PersistedQueries } from './graphql/documents';
import { RateLimitedHttpError, registerRateLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerNotFound, registerStaticWeb } from './http/static-web';
import type { Services } from './services';
import { genericMessage } from './errors';
import { translate } from './i18n/catalogue';
import { localeFromHeader, type Locale } from './i18n/locale';
import { apiMessages } from './i18n/messages';

export interface ServerOptions {
  services: Services;
  schema: GraphQLSchema;
  persisted: PersistedQueries;
  /** Folder of the built web app (dist/web); not served when absent (API-only tests). */
  webDir: string | null;
  isReady(): boolean;
}

function trustProxySetting(value: string | undefined): boolean | string[] {
  if (!value) return false;
  if (value === 'true') return true;
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}

function codeOf(err: FastifyError | RateLimitedHttpError, status: number): string {
  if (err instanceof RateLimitedHttpError) return err.code;
  return status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST';
}

/** fastify's own refusals of a request body, worded through the catalogue; anything else as it came. */
function requestErrorText(err: FastifyError, locale: Locale): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return translate(apiMessages.bodyTooLarge, locale);
    case 'FST_ERR_CTP_INVALID_JSON_BODY': case 'FST_ERR_CTP_EMPTY_JSON_BODY': return translate(apiMessages.badRequestBody, locale);
    default: return err.message;
  }
}

/** The one answer for errors that escape a route, in the shape of the route that failed. */
function handleError(err: FastifyError | RateLimitedHttpError, request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status === 500) console.error(`[http] ${request.method} ${request.url}`, err);
  const locale = localeFromHeader(request.headers['accept-language']);
  const message = status === 500 ? genericMessage(locale) : err instanceof RateLimitedHttpError ? translate(err.userMessage, locale) : requestErrorText(err, locale);
  const code = codeOf(err, status);
  if (err instanceof RateLimitedHttpError) void reply.header('retry-after', String(err.retryAfterSeconds));
  const body = request.url.startsWith('/graphql') ? { errors: [{ message, extensions: { code } }] } : { error: message, code };
  void reply.status(status).type('application/json; charset=utf-8').send(body);
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { services } = options;
  const production = services.config.NODE_ENV === 'production';
  // X-Forwarded-For is believed only from configured proxies: rate limits key on the address.
  const app = Fastify({ logger: false, bodyLimit: 1_000_000, trustProxy: trustProxySetting(services.config.TRUST_PROXY) });
  app.setErrorHandler(handleError);

  await registerSecurityHeaders(app);
  await registerRateLimits(app, services.config);
  // Brotli at a middle quality: answers are compressed as they are sent, so speed matters as much as size.
  await app.register(compress, { encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });
  await app.register(cookie);

  app.get('/healthz', async (_request, reply) =>
    options.isReady() ? reply.send({ status: 'ok' }) : reply.status(503).send({ status: 'starting' }));

  const graphql = createGraphQLHandler({
    schema: options.schema,
    documents: new DocumentCache({ introspection: !production }),
    persisted: options.persisted,
    mode: services.config.PERSISTED_QUERIES ?? (production ? 'only' : 'allow-raw'),
    production,
    createContext: (request: FastifyRequest, reply: FastifyReply, requestId: string, locale: Locale) =>
      createRequestContext(services, request, reply, requestId, locale),
    endContext: endRequestContext,
  });
  app.post('/graphql', graphql);
  app.get('/graphql', graphql);

  await app.register(authRoutes(services));
  await app.register(flagRoutes(services));
  await app.register(notificationRoutes(services));
  await app.register(pictureRoutes(services));
  await app.register(ssoRoutes(services, (line) => app.log.warn(line)));
  await app.register(rosterExportRoutes(services));
  await app.register(sessionAdminExportRoutes(services));
  await app.register(bigJobDownloadRoutes(services));
  await app.register(bounceRoutes(services));

  const withWebApp = Boolean(options.webDir && existsSync(path.join(options.webDir, 'index.html')));
  if (withWebApp && options.webDir) await registerStaticWeb(app, options.webDir);
  registerNotFound(app, withWebApp);
  return app;
}
