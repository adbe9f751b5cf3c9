/**
 * The load runs' side requests (log-ins, seeding, token refresh, the final checks), sent with
 * fetch as the web app sends them: persisted ids, its headers, an Idempotency-Key per mutation,
 * and the refresh-token cookie kept from the log-in and exchanged at POST /refresh-tokens
 * (web/src/relay/network.ts). The load itself goes through autocannon or node:http (load-*.ts).
 */
import { randomUUID } from 'node:crypto';
import { docId } from './web-requests';

export interface GraphQLError {
  message: string;
  extensions?: { code?: string };
}

export interface Answer<T> {
  status: number;
  data: T | null;
  errors: GraphQLError[] | null;
  setCookies: string[];
}

/** The headers of web/src/relay/network.ts requestHeaders(); no Accept-Encoding (see decision 0028). */
export function webHeaders(token: string | null, mutation: boolean): Record<string, string> {
  const h: Record<string, string> = {
    'content-type': 'application/json', accept: 'application/json', 'accept-language': 'en',
    'x-platform-mode': 'platform', 'x-ecosystem-profile-id': '', 'x-review-app-secret': '',
  };
  if (token) h.authorization = `Bearer ${token}`;
  if (mutation) h['idempotency-key'] = randomUUID();
  return h;
}

export function requestBody(operation: string, variables: Record<string, unknown>): string {
  return JSON.stringify({ doc_id: docId(operation), variables });
}

export async function call<T>(base: string, operation: string, variables: Record<string, unknown>, token: string | null): Promise<Answer<T>> {
  const mutation = !/Query$/.test(operation);
  const response = await fetch(`${base}/graphql`, { method: 'POST', headers: webHeaders(token, mutation), body: requestBody(operation, variables) });
  const text = await response.text();
  let json: { data?: T | null; errors?: GraphQLError[] };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    throw new Error(`${operation} answered ${response.status} with no JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, data: json.data ?? null, errors: json.errors ?? null, setCookies: response.headers.getSetCookie() };
}

/** call() that throws unless the answer has data and no errors. */
export async function must<T>(base: string, operation: string, variables: Record<string, unknown>, token: string | null): Promise<T> {
  const a = await call<T>(base, operation, variables, token);
  if (a.status !== 200 || a.errors || !a.data) throw new Error(`${operation} answered ${a.status}: ${JSON.stringify(a.errors ?? a.data).slice(0, 300)}`);
  return a.data;
}

const REFRESH_COOKIE = /^refresh_token=([^;]*)/;

/**
 * A signed-in user as the web app holds one: the access token (localStorage) and the refresh
 * token (the HttpOnly cookie). refresh() exchanges the cookie once at a time; callers that ask
 * while one runs join it, as web/src/relay/network.ts does.
 */
export class Session {
  private cookie: string | null = null;
  private inFlight: Promise<void> | null = null;
  refreshes = 0;

  constructor(readonly base: string, public token: string, setCookies: string[]) {
    this.keepCookie(setCookies);
  }

  static async logIn(base: string, email: string, password: string): Promise<Session> {
    const a = await call<{ loginPaas: { token: string | null } }>(base, 'useLoginPaasMutation', { email, password, ecosystemId: null }, null);
    const token = a.data?.loginPaas.token;
    if (a.errors || !token) throw new Error(`log-in of ${email} answered ${a.status}: ${JSON.stringify(a.errors).slice(0, 300)}`);
    return new Session(base, token, a.setCookies);
  }

  private keepCookie(setCookies: string[]): void {
    for (const c of setCookies) {
      const m = REFRESH_COOKIE.exec(c);
      if (m && m[1]) this.cookie = m[1];
    }
  }

  /** Resolves once no refresh is running (new requests wait for one, as in the web app). */
  async settled(): Promise<void> {
    // A failed refresh is reported to the request that started it (refresh()); waiters just go on.
    if (this.inFlight) await this.inFlight.catch(() => undefined);
  }

  /** Exchanges the refresh cookie for a new access token (and a new cookie). */
  refresh(): Promise<void> {
    this.inFlight ??= this.exchange().finally(() => { this.inFlight = null; });
    return this.inFlight;
  }

  private async exchange(): Promise<void> {
    if (!this.cookie) throw new Error('no refresh cookie to exchange');
    const response = await fetch(`${this.base}/refresh-tokens`, {
      method: 'POST', headers: { accept: 'application/json', 'accept-language': 'en', cookie: `refresh_token=${this.cookie}` },
    });
    const body = await response.json() as { accessToken?: string; error?: string };
    if (!response.ok || !body.accessToken) throw new Error(`POST /refresh-tokens answered ${response.status}: ${body.error ?? ''}`);
    this.keepCookie(response.headers.getSetCookie());
    this.token = body.accessToken;
    this.refreshes += 1;
  }
}
