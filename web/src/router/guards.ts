import { replace } from 'react-router-dom';
import { browserSession } from '../relay/client';

/**
 * For loaders of pages that need a signed-in user: without an access token the navigation is
 * redirected to the log-in page, replacing the history entry, with the wanted path to return to.
 */
export function requireLogin(request: Request): void {
  if (browserSession.accessToken() !== null) return;
  const url = new URL(request.url);
  throw replace(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Only same-site paths are followed after log-in, never an absolute URL from the query string. */
export function safeNext(value: string | null | undefined): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}
