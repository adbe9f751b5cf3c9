/**
 * The browser's session and its one connection to the API, without Relay's runtime: the log-in
 * page and the feature flags send their operations through `sendOperation`, and the Relay
 * environment (relay/browser.ts, loaded with the first page that shows data) sends through the
 * same `browserFetch`, so one token refresh serves both.
 */
import { useSyncExternalStore } from 'react';
import type { ConcreteRequest, OperationType } from 'relay-runtime';
import { currentLanguageTag, LOCALE_STORAGE_KEY } from '../i18n/language';
import { GraphQLRequestError } from './errors';
import { createGraphQLFetch, type GraphQLFetch } from './network';
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
  void fetch('/logout', { method: 'POST', credentials: 'include', headers: { 'accept-language': currentLanguageTag() } })
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

export const browserFetch: GraphQLFetch = createGraphQLFetch({
  fetch: (input, init) => window.fetch(input, init),
  session: browserSession,
  onSessionExpired: endExpiredSession,
  send: import.meta.env.DEV ? 'text' : 'id',
  language: currentLanguageTag,
});

/**
 * Sends one operation outside Relay and answers its data; errors reject, a partial answer too
 * (as usePromiseMutation does), so a half success never reads as a success.
 */
export async function sendOperation<T extends OperationType>(
  operation: ConcreteRequest, variables: T['variables'], signal: AbortSignal = new AbortController().signal,
): Promise<T['response']> {
  const answer = await browserFetch(operation.params, variables, signal);
  if ('errors' in answer && answer.errors && answer.errors.length > 0) throw new GraphQLRequestError(answer.errors);
  if (!('data' in answer) || !answer.data) throw new GraphQLRequestError([]);
  return answer.data as T['response'];
}
