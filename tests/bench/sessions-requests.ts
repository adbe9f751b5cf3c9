/**
 * The requests of benchmarks 9 and 10 as the web app sends them: persisted documents where main's
 * web/persisted-queries.json has them (the admin summary's SessionSummaryListQuery), else the query
 * text the page would send (the /sessions page's list and createSession are not in main's web app
 * yet: their text copies web/src/pages/sessions/sessionOperations.ts of the sessions pages' branch).
 * The bench's server accepts raw text (PERSISTED_QUERIES=allow-raw, tests/bench/http-server.ts).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER_HEADERS, decodeBody, sendOnce, type Endpoint, type HttpAnswer } from './http-client';
import { webRequest } from './web-requests';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SESSION_FIELDS = `
  id rawId seriesId recurringSessionId programId subject status sessionType
  date startTime endTime timeZoneId startAt endAt durationMinutes
  meetingSolution isInPerson joinUrl physicalSessionOptions { locationName }
  maxStudents numLearners fullness frequency cancelReason
  participants { userId userType isLeader joinedTime user { id profile { firstName lastName preferredName } } }
  viewerCanEdit viewerCanCancel viewerIsParticipant`;

/** The /sessions page's list (sessionOperationsListQuery), its fragment inlined. */
export const SESSIONS_LIST_QUERY = `query sessionOperationsListQuery($input: SessionsFilterInput!) {
  getSessionsForUserV2(input: $input) { sessions { ${SESSION_FIELDS} } hasMore pageNumber }
}`;

export const CREATE_SESSION_MUTATION = `mutation createSession($input: CreateSessionInput!) {
  createSession(input: $input) { count conflicts { type date userId } session { id rawId recurringSessionId } }
}`;

/** The persisted id of the admin summary's list as the page asks for it now (by cursor: `$after`). */
export function summaryDocId(): string {
  const docs = JSON.parse(readFileSync(path.join(ROOT, 'web/persisted-queries.json'), 'utf8')) as Record<string, string>;
  const found = Object.entries(docs).find(([, text]) => text.startsWith('query SessionSummaryListQuery(') && text.includes('$after: String'));
  if (!found) throw new Error('web/persisted-queries.json has no SessionSummaryListQuery by cursor (run npm run build)');
  return found[0];
}

function headers(token: string, mutation: boolean): Record<string, string> {
  return {
    ...BROWSER_HEADERS, accept: 'application/json', 'x-platform-mode': 'platform', authorization: `Bearer ${token}`,
    ...(mutation ? { 'idempotency-key': randomUUID() } : {}),
  };
}

function errorFree(answer: HttpAnswer): boolean {
  return answer.status === 200 && (JSON.parse(decodeBody(answer)) as { errors?: unknown }).errors === undefined;
}

/** A request with a body of our own (raw text or a persisted id); answers with GraphQL errors do not count. */
export function graphqlRequest(o: {
  label: string; base: string; body: (variables: Record<string, unknown>) => Record<string, unknown>; variables: () => Record<string, unknown>;
  token: string; mutation?: boolean; ok?: (answer: HttpAnswer) => boolean;
}): Endpoint {
  return {
    label: o.label,
    url: new URL(o.base),
    request: () => ({ path: '/graphql', body: JSON.stringify(o.body(o.variables())), headers: headers(o.token, o.mutation ?? false) }),
    ok: o.ok ?? errorFree,
  };
}

export const rawBody = (query: string) => (variables: Record<string, unknown>) => ({ query, variables });
export const persistedBody = (id: string) => (variables: Record<string, unknown>) => ({ doc_id: id, variables });

/** Sends once and answers `data`, or throws with the answer when it has errors. */
export async function dataOf<T>(endpoint: Endpoint): Promise<T> {
  const { status, json } = await sendOnce<{ data?: T; errors?: unknown }>(endpoint);
  if (status !== 200 || json.errors || !json.data) throw new Error(`${endpoint.label} answered ${status}: ${JSON.stringify(json).slice(0, 400)}`);
  return json.data;
}

export async function logIn(base: string, email: string, password: string): Promise<string> {
  const data = await dataOf<{ loginPaas: { token: string | null } }>(webRequest({
    label: `log-in of ${email}`, base, operation: 'useLoginPaasMutation', variables: () => ({ email, password, ecosystemId: null }), mutation: true,
  }));
  if (!data.loginPaas.token) throw new Error(`loginPaas gave ${email} no token`);
  return data.loginPaas.token;
}
