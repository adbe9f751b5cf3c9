/**
 * The client behaviour of SPEC section 7, independent of the browser so it can be unit-tested:
 * headers on every request, persisted query ids, one refresh on UNAUTHENTICATED while other
 * requests wait, one retry of a failed request after 700 ms, and an Idempotency-Key per mutation.
 */
import type { GraphQLResponse, GraphQLResponseWithData, RequestParameters, Variables } from 'relay-runtime';
import {
  GraphQLRequestError, INVALID_GRAPHQL_RESPONSE, INVALID_RESPONSE, NetworkError, SessionExpiredError, type GraphQLErrorShape,
} from './errors';
import type { SessionStore } from './session';

export const RETRY_DELAY_MS = 700;
const RETRYABLE_STATUS = new Set([502, 503, 504]);

export interface NetworkDeps {
  fetch: typeof fetch;
  session: SessionStore;
  /** Called once when the refresh token is rejected: clear storage, log out, go home. */
  onSessionExpired: () => void;
  endpoint?: string;
  refreshEndpoint?: string;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /**
   * 'id' (production): send the persisted query id, the only form the production server accepts.
   * 'text' (development): send the query text, so a query edited while the API runs needs no restart.
   * Either falls back to the other when an operation lacks it.
   */
  send?: 'id' | 'text';
  /** The interface language as a BCP 47 tag (`en`, `es`), sent as Accept-Language on every request. */
  language?: () => string;
}

export type GraphQLFetch = (params: RequestParameters, variables: Variables, signal: AbortSignal) => Promise<GraphQLResponse>;

/** Relay's wire format: `{ doc_id, variables }` for a persisted query, `{ query, variables }` otherwise. */
export function requestBody(params: RequestParameters, variables: Variables, send: 'id' | 'text' = 'id'): string {
  const byId = params.id ? JSON.stringify({ doc_id: params.id, variables }) : null;
  const byText = params.text ? JSON.stringify({ query: params.text, variables }) : null;
  const body = send === 'text' ? byText ?? byId : byId ?? byText;
  if (body === null) throw new Error(`Operation ${params.name} has neither a persisted id nor text`);
  return body;
}

export function createGraphQLFetch(deps: NetworkDeps): GraphQLFetch {
  const endpoint = deps.endpoint ?? '/graphql';
  const sleep = deps.sleep ?? abortableSleep;
  const refresher = createRefresher(deps);

  const post = async (body: string, signal: AbortSignal, idempotencyKey: string | null): Promise<Response> => {
    await refresher.settled();
    const headers: Record<string, string> = { ...requestHeaders(deps.session), ...languageHeader(deps) };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    try {
      return await deps.fetch(endpoint, { method: 'POST', headers, body, signal, credentials: 'include' });
    } catch (error) {
      // fetch rejects only when no answer came back ("Failed to fetch"); an abort stays an abort.
      if (signal.aborted) throw error;
      throw new NetworkError(error);
    }
  };

  // A failed request is sent once more after a pause. A mutation may be too: it carries the same
  // Idempotency-Key both times, so the server carries it out once, whether or not the first
  // attempt reached it (the answer was lost, or a gateway timed out).
  const postWithRetry = async (body: string, signal: AbortSignal, retry: boolean, key: string | null): Promise<Response> => {
    if (!retry) return post(body, signal, key);
    try {
      const response = await post(body, signal, key);
      if (!RETRYABLE_STATUS.has(response.status)) return response;
    } catch (error) {
      if (signal.aborted) throw error;
    }
    await sleep(RETRY_DELAY_MS, signal);
    return post(body, signal, key);
  };

  return async (params, variables, signal) => {
    const body = requestBody(params, variables, deps.send);
    const retry = isRetryable(params);
    // One key per commit (one user action), kept by every resend of it below.
    const key = params.operationKind === 'mutation' ? newIdempotencyKey() : null;
    const tokenSent = deps.session.accessToken();
    const first = await readResponse(await postWithRetry(body, signal, retry, key));
    // Without a token there is nothing to refresh: a failed log-in is the caller's to show.
    if (!isUnauthenticated(first) || tokenSent === null) return checked(first);
    if (!(await refresher.refresh(tokenSent))) throw new SessionExpiredError();
    // UNAUTHENTICATED is answered before anything runs, and the key is the same: sending again is safe.
    return checked(await readResponse(await postWithRetry(body, signal, retry, key)));
  };
}

/** Whether a failed request may be sent again: queries, and mutations (they carry an Idempotency-Key). */
export function isRetryable(params: Pick<RequestParameters, 'operationKind'>): boolean {
  return params.operationKind === 'query' || params.operationKind === 'mutation';
}

/** A random key; randomUUID exists only in secure contexts (https, localhost), so fall back to random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function requestHeaders(session: SessionStore): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-platform-mode': session.platformMode(),
    'x-ecosystem-profile-id': session.ecosystemProfileId(),
    'x-review-app-secret': session.reviewAppSecret(),
  };
  const token = session.accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** The server answers in the language the interface shows (its error catalogue is English and Spanish). */
export function languageHeader(deps: Pick<NetworkDeps, 'language'>): Record<string, string> {
  const language = deps.language?.();
  return language ? { 'accept-language': language } : {};
}

/**
 * One refresh at a time: requests that hit UNAUTHENTICATED while a refresh runs join it, and new
 * requests wait for it before they are sent. A request whose token was already replaced just retries.
 */
function createRefresher(deps: NetworkDeps) {
  let inFlight: Promise<boolean> | null = null;
  let expired = false;

  const run = async (): Promise<boolean> => {
    try {
      const response = await deps.fetch(deps.refreshEndpoint ?? '/refresh-tokens', {
        method: 'POST', credentials: 'include', headers: { accept: 'application/json', ...languageHeader(deps) },
      });
      const body: unknown = response.ok ? await response.json() : null;
      const token = isRecord(body) && typeof body.accessToken === 'string' ? body.accessToken : null;
      if (token) deps.session.setAccessToken(token);
      return token !== null;
    } catch (error) {
      console.error('Token refresh failed', error);
      return false;
    }
  };

  return {
    settled: async (): Promise<void> => { if (inFlight) await inFlight; },
    refresh: async (tokenSent: string): Promise<boolean> => {
      if (expired) return false;
      const current = deps.session.accessToken();
      if (!inFlight && current !== null && current !== tokenSent) return true;
      if (!inFlight) {
        inFlight = run().finally(() => { inFlight = null; });
        const ok = await inFlight;
        if (!ok && !expired) {
          expired = true;
          deps.onSessionExpired();
        }
        return ok;
      }
      return inFlight;
    },
  };
}

async function readResponse(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new Error(INVALID_RESPONSE);
  }
}

function checked(body: unknown): GraphQLResponse {
  if (!isRecord(body)) throw new Error(INVALID_RESPONSE);
  const errors = Array.isArray(body.errors) ? body.errors.filter(isGraphQLError) : [];
  const { data, extensions } = body;
  if (!isRecord(data)) {
    if (errors.length > 0) throw new GraphQLRequestError(errors);
    throw new Error(INVALID_GRAPHQL_RESPONSE);
  }
  const response: GraphQLResponseWithData = { data };
  if (errors.length > 0) response.errors = errors.map(({ message, path }) => ({ message, ...(path ? { path: [...path] } : {}) }));
  if (isRecord(extensions)) response.extensions = extensions;
  return response;
}

function isUnauthenticated(body: unknown): boolean {
  return isRecord(body) && Array.isArray(body.errors)
    && body.errors.some((e) => isGraphQLError(e) && e.extensions?.code === 'UNAUTHENTICATED');
}

function isGraphQLError(value: unknown): value is GraphQLErrorShape {
  return isRecord(value) && typeof value.message === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
  });
}
