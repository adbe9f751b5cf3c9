/**
 * Security headers on every response (API answers, static files, errors, 404s, the feature-flag
 * stream, /healthz), set in an onRequest hook before anything else can answer. Helmet sets them on
 * the raw response, so a hijacked stream that writes its own head keeps them too.
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
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  // On the raw response, as helmet does, so that a hijacked stream's own writeHead keeps them.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    done();
  });
}
