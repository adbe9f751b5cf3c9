/**
 * The requests of the load runs and how their answers count. Every request is built as the web
 * app builds it (load-client.ts webHeaders/requestBody) and every answer is parsed: a 200 with
 * GraphQL `errors` is an error as much as a 500 is, since GraphQL reports most failures with 200.
 */
import { requestBody, webHeaders } from './load-client';

export type Outcome = 'ok' | 'http' | 'graphql' | 'unauthenticated';

export interface Settled {
  outcome: Outcome;
  /** extensions.code of the first error, or the HTTP status. */
  code?: string;
  data?: Record<string, unknown>;
}

/** Reads one answer: not 2xx, not JSON, or with `errors` is a failure; UNAUTHENTICATED is told apart (the token expired). */
export function settle(status: number, text: string): Settled {
  let json: { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: { code?: string } }> };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    return { outcome: 'http', code: `HTTP ${status}` };
  }
  const code = json.errors?.[0]?.extensions?.code;
  if (code === 'UNAUTHENTICATED') return { outcome: 'unauthenticated', code };
  if (status < 200 || status >= 300) return { outcome: 'http', code: code ?? `HTTP ${status}` };
  if (json.errors?.length || !json.data) return { outcome: 'graphql', code: code ?? 'NO_DATA' };
  return { outcome: 'ok', data: json.data };
}

export interface LoadRequest {
  /** Operation name as the figures show it (ProgramsPageQuery, create, ...). */
  op: string;
  write: boolean;
  body: string;
  headers: Record<string, string>;
  /** Called once with the answer; returns how it counted. */
  answer(status: number, text: string): Settled;
  /** Called instead of answer() when the request got no answer (timeout, the run ended). */
  lost?(): void;
}

/** Gives the next request to send; called once per request, synchronously. */
export interface RequestSource {
  next(): LoadRequest;
}

export type TokenSource = () => string | null;

/** One operation sent again and again: a trivial query or a page of the web app. */
export function repeat(op: string, make: (token: string | null) => { body: string; headers: Record<string, string> }, token: TokenSource, check?: (data: Record<string, unknown>) => boolean): RequestSource {
  return {
    next: () => ({
      op, write: false, ...make(token()),
      answer(status, text) {
        const s = settle(status, text);
        return s.outcome === 'ok' && check && s.data && !check(s.data) ? { outcome: 'graphql', code: 'WRONG_ANSWER' } : s;
      },
    }),
  };
}

/** `{ __typename }` as raw text (production accepts it with PERSISTED_QUERIES=allow-raw), with or without a token. */
export function trivial(token: TokenSource): RequestSource {
  const body = JSON.stringify({ query: '{ __typename }' });
  return repeat('{ __typename }', (t) => ({ body, headers: webHeaders(t, false) }), token, (d) => d.__typename === 'Query');
}

/** A persisted query of the web app by operation name. */
export function page(operation: string, variables: Record<string, unknown>, token: TokenSource, check?: (data: Record<string, unknown>) => boolean): RequestSource {
  const body = requestBody(operation, variables);
  return repeat(operation, (t) => ({ body, headers: webHeaders(t, false) }), token, check);
}

/** The programs page of the ecosystem: its first 20 programs must be there. */
export function programsPage(ecosystemId: string, token: TokenSource): RequestSource {
  return page('ProgramsPageQuery', { ecosystemId }, token, (d) => {
    const eco = d.getEcosystemById as { programs?: { edges?: unknown[] } } | null;
    return (eco?.programs?.edges?.length ?? 0) > 0;
  });
}
