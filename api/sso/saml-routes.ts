/**
 * SAML routes for Schoology (docs/decisions/0046): `GET /sso/schoology/saml/metadata?ecosystemId=`
 * (the SP metadata), `GET .../start?ecosystemId=` (AuthnRequest by redirect), `POST .../acs` (the
 * IdP's response, HTTP-POST binding) and `GET .../finish?state=`, where the browser's Lax state
 * cookie is present again and the log-in happens. The ACS is a cross-site POST, which carries no
 * SameSite=Lax cookie: so it only records who the checked assertion names, and sends the browser on.
 */
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../domain/shared/ids';
import { setRefreshCookies } from '../auth/cookie';
import { cookieJar } from '../request-context';
import { anyIdOf } from '../relay';
import type { Services } from '../services';
import { SsoFailure } from './failures';
import { FLOW_TTL_MS } from './flows';
import { afterLogin, fail as failRoute, STATE_COOKIE, STATE_COOKIE_PATH, successPath } from './routes-common';
import type { SsoService } from './service';

type Deps = Pick<Services, 'config' | 'clock'> & { sso: SsoService };
const BASE = '/sso/schoology/saml';
/** A SAMLResponse is a few kilobytes; the limit leaves room for long certificates and attributes. */
const ACS_BODY_LIMIT = 512 * 1024;

function origin(deps: Deps, request: FastifyRequest): string {
  return deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
}

const acsUrl = (deps: Deps, request: FastifyRequest): string => `${origin(deps, request)}${BASE}/acs`;

function ecosystemOf(request: FastifyRequest): string | null {
  const id = anyIdOf(String((request.query as { ecosystemId?: string }).ecosystemId ?? ''));
  return isUuid(id) ? id : null;
}

function fail(reply: FastifyReply, err: unknown, log: (line: string) => void): FastifyReply {
  return failRoute(reply, 'SCHOOLOGY', err, (line) => log(`${line} (saml)`));
}

export function registerSamlRoutes(app: FastifyInstance, deps: Deps, log: (line: string) => void): void {
  const secure = deps.config.NODE_ENV === 'production';
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(`${BASE}/metadata`, async (request, reply) => {
    const ecosystemId = ecosystemOf(request);
    try {
      if (!ecosystemId) throw new SsoFailure('NOT_CONFIGURED');
      return await reply.type('application/samlmetadata+xml').send(await deps.sso.samlMetadata(ecosystemId, acsUrl(deps, request)));
    } catch (err) {
      if (err instanceof SsoFailure) return reply.status(404).send({ code: 'NOT_FOUND' });
      throw err;
    }
  });

  app.get(`${BASE}/start`, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      const ecosystemId = ecosystemOf(request);
      if (!ecosystemId) throw new SsoFailure('NOT_CONFIGURED', 'no ecosystem id');
      const { url, state } = await deps.sso.beginSaml(ecosystemId, acsUrl(deps, request));
      void reply.setCookie(STATE_COOKIE, state, { path: STATE_COOKIE_PATH, maxAge: FLOW_TTL_MS / 1000, httpOnly: true, sameSite: 'lax', secure });
      return await reply.redirect(url, 303);
    } catch (err) {
      return fail(reply, err, log);
    }
  });

  app.post(`${BASE}/acs`, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, string | undefined>;
    const relayState = body.RelayState ?? '';
    try {
      await deps.sso.acceptSamlResponse(relayState, body.SAMLResponse ?? '', acsUrl(deps, request));
      return await reply.redirect(`${BASE}/finish?state=${encodeURIComponent(relayState)}`, 303);
    } catch (err) {
      return fail(reply, err, log);
    }
  });

  app.get(`${BASE}/finish`, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const cookieState = request.cookies[STATE_COOKIE] ?? null;
    void reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
    try {
      const result = await deps.sso.finishSaml(String((request.query as { state?: string }).state ?? ''), cookieState);
      if (result.tokens) setRefreshCookies(cookieJar(request, reply, secure), result.tokens.refreshToken, result.tokens.refreshTokenExpiresAt, deps.clock());
      return await reply.redirect(afterLogin(result, successPath('SCHOOLOGY', 'SAML')), 303);
    } catch (err) {
      return fail(reply, err, log);
    }
  });
}
