/** The refresh-token cookie: httpOnly (no script reads it), SameSite=Strict (no cross-site request carries it). */
export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/';

export function refreshCookieMaxAge(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
}
