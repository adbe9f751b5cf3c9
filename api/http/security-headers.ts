/**
 * Security headers on every response (API answers, static files, errors, 404s, the feature-flag
 * stream, /healthz), set in an onRequest hook before anything else can answer; the values are
 * helmet's (the library @fastify/helmet wraps). A hijacked stream copies them into its own head.
 *
 * - Content-Security-Policy: scripts only from this origin (no inline script, no eval), no
 *   plugins, no framing (`frame-ancestors 'none'`). Styles allow 'unsafe-inline' because Mantine
 *   injects <style> elements at run time (docs/decisions/0013). Images may come from any https
 *   address: ecosystem logos and backgrounds are admin-given web addresses.
 * - HSTS only when the request came over TLS, directly or as a trusted proxy says
 *   (X-Forwarded-Proto is believed exactly when TRUST_PROXY believes the proxy): sent over plain
 *   http it would be ignored at best, and a local `npm start` must stay reachable over http.
 * - Permissions-Policy (helmet does not set it): no camera, microphone, geolocation, payment...
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Features the app never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()', 'autoplay=()', 'camera=()', 'display-capture=()', 'geolocation=()', 'gyroscope=()',
  'magnetometer=()', 'microphone=()', 'midi=()', 'payment=()', 'publickey-credentials-get=()', 'usb=()',
  'xr-spatial-tracking=()', 'browsing-topics=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets for these options. Nothing in them depends on the request (no nonces, no
 * functions), so they are computed once: @fastify/helmet would rebuild helmet's middleware for every
 * request and set them on the raw response, pushing every reply down Node's header-merging path.
 */
export function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = { setHeader: (name: string, value: string) => { headers[name.toLowerCase()] = value; }, removeHeader: () => undefined };
  let failure: unknown = null;
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => { failure = err ?? null; });
  if (failure) throw failure;
  return { ...headers, 'permissions-policy': PERMISSIONS_POLICY };
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers);
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}
