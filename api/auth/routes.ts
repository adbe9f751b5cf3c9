/**
 * The non-GraphQL auth calls of spec section 7: POST /refresh-tokens and POST /logout. The refresh
 * token travels only in its HttpOnly cookie (api/auth/cookie.ts), never in a body, either way: a
 * token in a request body is ignored, and the answer carries only the access token.
 */
import type {} from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../../domain/shared/errors';
import { cookieJar } from '../request-context';
import type { Message } from '../../domain/shared/i18n';
import { translate } from '../i18n/catalogue';
import { localeFromHeader } from '../i18n/locale';
import type { Services } from '../services';
import { clearRefreshCookies, REFRESH_COOKIE, setRefreshCookies } from './cookie';
import { authMessages } from './messages';

type AuthRouteServices = Pick<Services, 'auth' | 'config' | 'clock'>;

function unauthenticated(request: FastifyRequest, reply: FastifyReply, jar: ReturnType<typeof cookieJar>, message: Message): FastifyReply {
  clearRefreshCookies(jar);
  return reply.status(401).send({ error: translate(message, localeFromHeader(request.headers['accept-language'])), code: 'UNAUTHENTICATED' });
}

export function authRoutes(services: AuthRouteServices): FastifyPluginAsync {
  const secure = services.config.NODE_ENV === 'production';
  return async (app) => {
    app.post('/refresh-tokens', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const jar = cookieJar(request, reply, secure);
      const presented = jar.get(REFRESH_COOKIE);
      if (!presented) return unauthenticated(request, reply, jar, authMessages.sessionExpired);
      try {
        const pair = await services.auth.refresh(presented);
        setRefreshCookies(jar, pair.refreshToken, pair.refreshTokenExpiresAt, services.clock());
        return reply.send({ accessToken: pair.accessToken });
      } catch (err) {
        if (err instanceof UnauthenticatedError) return unauthenticated(request, reply, jar, err.userMessage);
        throw err;
      }
    });

    // Ending a session twice (a retried request) answers the same: the second finds it already ended.
    app.post('/logout', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const jar = cookieJar(request, reply, secure);
      const presented = jar.get(REFRESH_COOKIE);
      if (presented) await services.auth.logout(presented);
      clearRefreshCookies(jar);
      return reply.send({ ok: true });
    });
  };
}
