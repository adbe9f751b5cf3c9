/**
 * The one way the meeting adapters call a provider: JSON over fetch with a time limit, every
 * failure classified (port.ts MeetingFailure). Messages carry the provider's status and its own
 * error text, cut short, never a request header (the credentials travel there).
 */
import { MeetingProviderError, type RoomProvider } from './port';

export interface CallOptions {
  method: 'GET' | 'POST' | 'PATCH';
  headers: Record<string, string>;
  /** JSON, or a multipart form (room.sh's import), which fetch sends with its own boundary. */
  body?: unknown;
  timeoutMs: number;
}

export interface Answer<T> {
  status: number;
  body: T;
}

/** What a provider says went wrong, from its JSON (`message`, `error_description`, `detail`) or text. */
function reasonOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const said = parsed.message ?? parsed.error_description ?? parsed.detail ?? parsed.error ?? parsed.reason;
    if (typeof said === 'string') return said.slice(0, 200);
  } catch {
    // Not JSON: the text itself, shortened below.
  }
  return text.replace(/\s+/g, ' ').slice(0, 200) || 'no reason given';
}

function failureOf(status: number, credentialsRejected: boolean): 'credentials' | 'refused' | 'transient' {
  if (status === 429 || status >= 500) return 'transient';
  return credentialsRejected ? 'credentials' : 'refused';
}

export async function callJson<T>(provider: RoomProvider, url: string, options: CallOptions): Promise<Answer<T>> {
  let response: Response;
  const form = options.body instanceof FormData;
  try {
    response = await fetch(url, {
      method: options.method,
      headers: { accept: 'application/json', ...(options.body === undefined || form ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    const why = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'not reachable';
    throw new MeetingProviderError(provider, 'transient', why);
  }
  const text = await response.text();
  if (!response.ok) {
    const rejected = response.status === 401 || response.status === 403;
    throw new MeetingProviderError(provider, failureOf(response.status, rejected), `answered ${response.status}: ${reasonOf(text)}`, response.status);
  }
  if (text === '') return { status: response.status, body: undefined as T };
  try {
    return { status: response.status, body: JSON.parse(text) as T };
  } catch {
    throw new MeetingProviderError(provider, 'transient', `answered ${response.status} with a body that is not JSON`, response.status);
  }
}

/** A base URL without its trailing slashes, so paths join cleanly. */
export const trimBase = (base: string): string => base.replace(/\/+$/, '');
