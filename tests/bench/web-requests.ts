/**
 * GraphQL requests as the web app sends them: the persisted documents of web/persisted-queries.json
 * by operation name, Relay's `{ doc_id, variables }` body, the web client's headers, and an
 * Idempotency-Key of its own for every mutation (web/src/relay/network.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER_HEADERS, decodeBody, type Endpoint, type HttpAnswer } from './http-client';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let persisted: Map<string, string> | null = null;

/** The persisted id of the web app's operation `name` (e.g. ManageEcosystemsPageQuery). */
export function docId(name: string): string {
  persisted ??= new Map(Object.entries(JSON.parse(readFileSync(path.join(ROOT, 'web/persisted-queries.json'), 'utf8')) as Record<string, string>)
    .map(([id, text]) => [/^(?:query|mutation|subscription)\s+(\w+)/.exec(text)?.[1] ?? '', id]));
  const id = persisted.get(name);
  if (!id) throw new Error(`web/persisted-queries.json has no operation ${name} (run npm run build)`);
  return id;
}

export interface WebRequestOptions {
  label: string;
  base: string;
  operation: string;
  variables: () => Record<string, unknown>;
  token?: string | null;
  /** Mutations carry a fresh Idempotency-Key per request, as each is a user action of its own. */
  mutation?: boolean;
  /** Also refuse answers whose JSON has `errors` (decodes every answer: for latency runs and checks). */
  strict?: boolean;
}

function headers(o: WebRequestOptions): Record<string, string> {
  const h: Record<string, string> = { ...BROWSER_HEADERS, accept: 'application/json', 'x-platform-mode': 'platform' };
  if (o.token) h.authorization = `Bearer ${o.token}`;
  if (o.mutation) h['idempotency-key'] = randomUUID();
  return h;
}

export function hasErrors(answer: HttpAnswer): boolean {
  return (JSON.parse(decodeBody(answer)) as { errors?: unknown }).errors !== undefined;
}

export function webRequest(o: WebRequestOptions): Endpoint {
  const id = docId(o.operation);
  return {
    label: o.label,
    url: new URL(o.base),
    request: () => ({ path: '/graphql', body: JSON.stringify({ doc_id: id, variables: o.variables() }), headers: headers(o) }),
    ...(o.strict ? { ok: (a: HttpAnswer) => a.status === 200 && !hasErrors(a) } : {}),
  };
}

/** A raw query text (development mode accepts it), for the trivial query of benchmark 5. */
export function rawQuery(label: string, base: string, query: string): Endpoint {
  const body = JSON.stringify({ query });
  return { label, url: new URL(base), request: () => ({ path: '/graphql', body, headers: { ...BROWSER_HEADERS, accept: 'application/json' } }) };
}
