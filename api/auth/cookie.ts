/**
 * The refresh-token cookie: HttpOnly (no script reads it), SameSite=Strict (no cross-site request
 * carries it), Secure in production, and sent only where it is needed. A cookie has one path, and
 * the two calls that need it (SPEC section 7) share no prefix but `/`, so the same token is set
 * twice under one name: for /refresh-tokens, which exchanges it, and for /logout, which ends its
 * session. No other request (GraphQL, assets) carries it, so no other handler or log can see it.
 */
import type { CookieJar } from '../context';

export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATHS = ['/refresh-tokens', '/logout'] as const;

export function refreshCookieMaxAge(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
}

export function setRefreshCookies(jar: Pick<CookieJar, 'set'>, token: string, expiresAt: Date, now: Date): void {
  const maxAgeSeconds = refreshCookieMaxAge(expiresAt, now);
  for (const path of REFRESH_COOKIE_PATHS) jar.set(REFRESH_COOKIE, token, { path, maxAgeSeconds });
}

export function clearRefreshCookies(jar: Pick<CookieJar, 'clear'>): void {
  for (const path of REFRESH_COOKIE_PATHS) jar.clear(REFRESH_COOKIE, path);
}
