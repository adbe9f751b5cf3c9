/**
 * The non-GraphQL auth calls of spec section 7: POST /refresh-tokens and POST /logout. The refresh
 * token comes from the httpOnly cookie (the web app) or a JSON body (other clients); a client that
 * sent it in the body gets the rotated one back in the body, since it cannot read the cookie.
 */
import type {} from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UnauthenticatedError } from '../../domain/shared/errors';
import type { Message } from '../../domain/shared/i18n';
import { translate } from '../i18n/catalogue';
import { localeFromHeader } from '../i18n/locale';
import type { Services } from '../services';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, refreshCookieMaxAge } from './cookie';
import { authMessages } from './messages';

const bodySchema = z.object({ refreshToken: z.string().min(1).max(512).optional() }).nullish();

type AuthRouteServices = Pick<Services, 'auth' | 'config' | 'clock'>;

function presentedToken(request: FastifyRequest): { token: string; fromBody: boolean } | null {
  const body = bodySchema.safeParse(request.body);
  const fromBody = body.success ? body.data?.refreshToken : undefined;
  if (fromBody) return { token: fromBody, fromBody: true };
  const fromCookie = request.cookies[REFRESH_COOKIE];
  return fromCookie ? { token: fromCookie, fromBody: false } : null;
}

function clearRefreshCookie(reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
}

function unauthenticated(request: FastifyRequest, reply: FastifyReply, message: Message): FastifyReply {
  clearRefreshCookie(reply);
  return reply.status(401).send({ error: translate(message, localeFromHeader(request.headers['accept-language'])), code: 'UNAUTHENTICATED' });
}

export function authRoutes(services: AuthRouteServices): FastifyPluginAsync {
  const secure = services.config.NODE_ENV === 'production';
  return async (app) => {
    app.post('/refresh-tokens', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const presented = presentedToken(request);
      if (!presented) return unauthenticated(request, reply, authMessages.sessionExpired);
      try {
        const pair = await services.auth.refresh(presented.token);
        void reply.setCookie(REFRESH_COOKIE, pair.refreshToken, {
          path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure,
          maxAge: refreshCookieMaxAge(pair.refreshTokenExpiresAt, services.clock()),
        });
        return reply.send(presented.fromBody ? { accessToken: pair.accessToken, refreshToken: pair.refreshToken } : { accessToken: pair.accessToken });
      } catch (err) {
        if (err instanceof UnauthenticatedError) return unauthenticated(request, reply, err.userMessage);
        throw err;
      }
    });

    app.post('/logout', async (request, reply) => {
      const presented = presentedToken(request);
      if (presented) await services.auth.logout(presented.token);
      clearRefreshCookie(reply);
      return reply.send({ ok: true });
    });
  };
}
