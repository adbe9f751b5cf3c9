/**
 * The single sign-on routes (docs/decisions/0046): `GET /sso/:provider/start?ecosystemId=...` sends
 * the browser to the provider; `GET /sso/:provider/callback` takes it back, logs the person in (the
 * refresh cookie, as loginPaas sets it) and sends the browser to the provider's return page of spec
 * section 2, or to its auth-fail page with a reason code. `GET /sso/:provider/link?ticket=...` starts
 * linking an account to the signed-in person instead (decision 0047) and ends on the linked-accounts
 * settings page. No token ever travels in an address: the
 * return page gets its access token from /refresh-tokens; an MFA step gets the short-lived
 * userIdToken in the fragment, which no server or Referer sees.
 */
import type {} from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isUuid } from '../../domain/shared/ids';
import { providerPath, ssoProviderSchema, type SsoProvider } from '../../domain/sso/providers';
import { setRefreshCookies } from '../auth/cookie';
import { cookieJar } from '../request-context';
import { anyIdOf } from '../relay';
import type { Services } from '../services';
import { SsoFailure } from './failures';
import { FLOW_TTL_MS } from './flows';
import { afterLogin, fail, STATE_COOKIE, STATE_COOKIE_PATH, successPath } from './routes-common';
import { registerSamlRoutes } from './saml-routes';
import type { LinkResult, SsoService } from './service';

type SsoRouteServices = Pick<Services, 'config' | 'clock'> & { sso: SsoService };

export function callbackUrl(services: Pick<Services, 'config'>, request: FastifyRequest, provider: SsoProvider): string {
  const origin = services.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  return `${origin}/sso/${providerPath(provider)}/callback`;
}

/** Back to the settings page after linking: which provider was linked, or the failure's code. */
function linkedAccountsPath(provider: SsoProvider, result: LinkResult): string {
  const query = result.linked ? `linked=${provider}` : `failed=${result.failure}`;
  return `/account-settings/linked-accounts?${query}`;
}

function providerOf(request: FastifyRequest): SsoProvider | null {
  const parsed = ssoProviderSchema.safeParse(String((request.params as { provider?: string }).provider ?? '').toUpperCase());
  return parsed.success ? parsed.data : null;
}

export function ssoRoutes(services: SsoRouteServices, log: (line: string) => void = () => undefined): FastifyPluginAsync {
  const secure = services.config.NODE_ENV === 'production';
  return async (app) => {
    registerSamlRoutes(app, services, log);
    app.get('/sso/:provider/start', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const provider = providerOf(request);
      if (!provider) return reply.status(404).send({ code: 'NOT_FOUND' });
      const raw = String((request.query as { ecosystemId?: string }).ecosystemId ?? '');
      const ecosystemId = anyIdOf(raw);
      if (!isUuid(ecosystemId)) return fail(reply, provider, new SsoFailure('NOT_CONFIGURED', 'no ecosystem id'), log);
      try {
        const { url, state } = await services.sso.begin(ecosystemId, provider, callbackUrl(services, request, provider));
        // Lax: the provider's redirect back is a cross-site top-level GET, which must carry it.
        void reply.setCookie(STATE_COOKIE, state, { path: STATE_COOKIE_PATH, maxAge: FLOW_TTL_MS / 1000, httpOnly: true, sameSite: 'lax', secure });
        return reply.redirect(url.href, 303);
      } catch (err) {
        return fail(reply, provider, err, log);
      }
    });

    // Linking from the settings page (decision 0047): a ticket from startSsoLink stands for the person.
    app.get('/sso/:provider/link', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const provider = providerOf(request);
      if (!provider) return reply.status(404).send({ code: 'NOT_FOUND' });
      const ticket = String((request.query as { ticket?: string }).ticket ?? '');
      try {
        const { url, state } = await services.sso.beginLink(ticket, provider, callbackUrl(services, request, provider));
        void reply.setCookie(STATE_COOKIE, state, { path: STATE_COOKIE_PATH, maxAge: FLOW_TTL_MS / 1000, httpOnly: true, sameSite: 'lax', secure });
        return reply.redirect(url.href, 303);
      } catch (err) {
        if (err instanceof SsoFailure) return reply.redirect(linkedAccountsPath(provider, { linked: false, failure: err.code }), 303);
        return fail(reply, provider, err, log);
      }
    });

    app.get('/sso/:provider/callback', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const provider = providerOf(request);
      if (!provider) return reply.status(404).send({ code: 'NOT_FOUND' });
      const cookieState = request.cookies[STATE_COOKIE] ?? null;
      void reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
      try {
        const current = new URL(request.url, callbackUrl(services, request, provider));
        const result = await services.sso.complete(provider, current, cookieState);
        if ('linked' in result) return reply.redirect(linkedAccountsPath(provider, result), 303);
        if (result.tokens) setRefreshCookies(cookieJar(request, reply, secure), result.tokens.refreshToken, result.tokens.refreshTokenExpiresAt, services.clock());
        return reply.redirect(afterLogin(result, successPath(provider)), 303);
      } catch (err) {
        return fail(reply, provider, err, log);
      }
    });
  };
}
