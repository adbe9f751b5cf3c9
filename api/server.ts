/**
 * The HTTP server: /graphql, /healthz, the auth routes (/refresh-tokens, /logout), the
 * feature-flag event stream, and the built web app with a single-page fallback. Any error that
 * escapes a route becomes a JSON error without internals.
 */
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { authRoutes } from './auth/routes';
import { createRequestContext } from './request-context';
import { flagRoutes } from './flags/routes';
import { createGraphQLHandler } from './graphql/handler';
import { DocumentCache, type PersistedQueries } from './graphql/documents';
import type { Services } from './services';
import { genericMessage } from './errors';
import { localeFromHeader } from './i18n/locale';

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

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { services } = options;
  const production = services.config.NODE_ENV === 'production';
  // X-Forwarded-For is believed only from configured proxies: the log-in rate limit keys on the address.
  const app = Fastify({ logger: false, bodyLimit: 1_000_000, trustProxy: trustProxySetting(services.config.TRUST_PROXY) });

  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) console.error(`[http] ${request.method} ${request.url}`, err);
    const message = status === 500 ? genericMessage(localeFromHeader(request.headers['accept-language'])) : err.message;
    const body = request.url.startsWith('/graphql')
      ? { errors: [{ message, extensions: { code: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST' } }] }
      : { error: message };
    void reply.status(status).type('application/json').send(body);
  });

  await app.register(cookie);
  app.get('/healthz', async (_request, reply) =>
    options.isReady() ? reply.send({ status: 'ok' }) : reply.status(503).send({ status: 'starting' }));

  const graphql = createGraphQLHandler({
    schema: options.schema,
    documents: new DocumentCache({ introspection: !production }),
    persisted: options.persisted,
    mode: services.config.PERSISTED_QUERIES ?? (production ? 'only' : 'allow-raw'),
    createContext: (request: FastifyRequest, reply: FastifyReply, requestId: string) => createRequestContext(services, request, reply, requestId),
  });
  app.post('/graphql', graphql);
  app.get('/graphql', graphql);

  await app.register(authRoutes(services));
  await app.register(flagRoutes(services));

  if (options.webDir && existsSync(path.join(options.webDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: path.resolve(options.webDir), wildcard: false, index: ['index.html'] });
    // Client-side routes: any other GET that accepts HTML gets the app shell; the router shows not-found.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) return reply.sendFile('index.html');
      return reply.status(404).send({ error: 'Not found' });
    });
  }
  return app;
}
