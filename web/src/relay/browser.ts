/**
 * The browser's single session store and Relay environment. Kept apart from environment.ts so
 * that tests build environments without touching `window`.
 */
import { useSyncExternalStore } from 'react';
import { LOCALE_STORAGE_KEY } from '../i18n/locale';
import { createRelayEnvironment } from './environment';
import { createSessionStore, type SessionStore } from './session';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const stored = createSessionStore(window.localStorage);

export const browserSession: SessionStore = {
  ...stored,
  setAccessToken: (token) => { stored.setAccessToken(token); notify(); },
  clearAccessToken: () => { stored.clearAccessToken(); notify(); },
  clear: () => { stored.clear(); notify(); },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, () => browserSession.accessToken() !== null);
}

/** The current access token (null when logged out); changes on log-in, refresh and log-out. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, () => browserSession.accessToken());
}

function postLogoutThenGoHome(): void {
  void fetch('/logout', { method: 'POST', credentials: 'include' })
    .catch((error: unknown) => console.error('Logout request failed', error))
    .finally(() => window.location.assign('/'));
}

/** SPEC section 7: when the refresh fails, clear local storage, log out and go to the home page. */
export function endExpiredSession(): void {
  browserSession.clear();
  postLogoutThenGoHome();
}

/** The log-out control: the same, except that the chosen language is the reader's, not the session's. */
export function logOut(): void {
  const locale = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  browserSession.clear();
  if (locale) window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  postLogoutThenGoHome();
}

export const relayEnvironment = createRelayEnvironment({
  fetch: (input, init) => window.fetch(input, init),
  session: browserSession,
  onSessionExpired: endExpiredSession,
  send: import.meta.env.DEV ? 'text' : 'id',
});
