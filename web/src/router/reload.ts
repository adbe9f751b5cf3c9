/**
 * SPEC section 8: "Render or route failure: logged; reloads the page if it happened on the current
 * navigation after first render". A page that worked when the app loaded but fails on a later
 * in-app navigation (typically a deploy replaced the page's code, or the client's state went bad)
 * gets one fresh start. The marker in sessionStorage keeps it to one reload until a navigation
 * succeeds again, so a page that also fails after the reload shows its error instead of looping.
 * A module that failed to load reloads once even on the first render (a stale cached page).
 */
import { isRouteErrorResponse } from 'react-router-dom';
import { SessionExpiredError } from '../relay/errors';
import type { KeyValueStorage } from '../relay/session';

export const RELOAD_MARKER_KEY = 'reloadedAfterRouteError';

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

/** The route's not-found answer (router/ids.ts, router/preload.ts): the not-found page, not a failure. */
export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

export interface ReloadContext {
  /** A route has rendered successfully since the page was loaded. */
  renderedBefore: boolean;
  /** The page was already reloaded for a failure and no navigation has succeeded since. */
  reloadedAlready: boolean;
}

export function shouldReload(error: unknown, { renderedBefore, reloadedAlready }: ReloadContext): boolean {
  if (reloadedAlready) return false;
  // Not failures of the app: the not-found page, and an ended session (which goes home by itself).
  if (isNotFound(error)) return false;
  if (error instanceof SessionExpiredError) return false;
  return renderedBefore || isChunkLoadError(error);
}

export interface ReloadGuard {
  /** A route rendered: later failures happen "after first render", and the marker is cleared. */
  rendered(): void;
  /** Reloads the page when SPEC section 8 says so; true when it did. */
  failed(error: unknown): boolean;
}

export function createReloadGuard(storage: Pick<KeyValueStorage, 'getItem' | 'setItem' | 'removeItem'>, reload: () => void): ReloadGuard {
  let renderedBefore = false;
  return {
    rendered: () => {
      renderedBefore = true;
      storage.removeItem(RELOAD_MARKER_KEY);
    },
    failed: (error) => {
      if (!shouldReload(error, { renderedBefore, reloadedAlready: storage.getItem(RELOAD_MARKER_KEY) !== null })) return false;
      storage.setItem(RELOAD_MARKER_KEY, '1');
      reload();
      return true;
    },
  };
}

let browserGuard: ReloadGuard | null = null;

/** The browser's guard: sessionStorage and a real reload (created on first use, so tests need no window). */
export function reloadGuard(): ReloadGuard {
  browserGuard ??= createReloadGuard(window.sessionStorage, () => window.location.reload());
  return browserGuard;
}
