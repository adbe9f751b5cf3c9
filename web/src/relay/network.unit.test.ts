import type { RequestParameters } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import { createRelayEnvironment } from './environment';
import { GraphQLRequestError, isNetworkError, NetworkError, SessionExpiredError } from './errors';
import { createGraphQLFetch, isRetryable, RETRY_DELAY_MS, type NetworkDeps } from './network';
import { createSessionStore, memoryStorage } from './session';

const persisted: RequestParameters = {
  id: 'abc123', name: 'HomePageQuery', operationKind: 'query', text: null, metadata: {},
};
const raw: RequestParameters = {
  id: null, cacheID: 'c2', name: 'HomePageQuery', operationKind: 'query', text: 'query HomePageQuery { ping }', metadata: {},
};

interface Call { url: string; headers: Record<string, string>; body: unknown }

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown = { ok: true }) => json({ data });
const unauthenticated = () => json({ errors: [{ message: 'Not logged in', extensions: { code: 'UNAUTHENTICATED' } }], data: null });

/** A fake server: `graphql` answers /graphql calls, `refresh` answers /refresh-tokens, every call is recorded. */
function setup(options: {
  graphql: (call: Call, index: number) => Response | Promise<Response>;
  refresh?: () => Response | Promise<Response>;
  token?: string | null;
}) {
  const storage = memoryStorage({
    ...(options.token === null ? {} : { accessToken: options.token ?? 'old-token' }),
    ecosystemProfileId: 'eco-profile-1', reviewAppSecret: 'review-secret',
  });
  const session = createSessionStore(storage);
  const calls: Call[] = [];
  const refreshCalls: RequestInit[] = [];
  const sleeps: number[] = [];
  const onSessionExpired = vi.fn(() => storage.clear());
  const fakeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (url === '/refresh-tokens') {
      refreshCalls.push(init ?? {});
      return (options.refresh ?? (() => json({ accessToken: 'new-token' })))();
    }
    const call: Call = { url, headers: { ...(init?.headers as Record<string, string>) }, body: JSON.parse(String(init?.body)) };
    calls.push(call);
    return options.graphql(call, calls.length - 1);
  };
  const deps: NetworkDeps = {
    fetch: fakeFetch as typeof fetch, session, onSessionExpired,
    sleep: async (ms) => { sleeps.push(ms); },
  };
  return { fetchGraphQL: createGraphQLFetch(deps), deps, calls, refreshCalls, sleeps, onSessionExpired, storage, session };
}

const signal = () => new AbortController().signal;

describe('request shape', () => {
  it('sends the persisted id and variables with the four headers of SPEC section 7', async () => {
    const { fetchGraphQL, calls } = setup({ graphql: () => ok() });
    await fetchGraphQL(persisted, { first: 2 }, signal());
    expect(calls[0].url).toBe('/graphql');
    expect(calls[0].body).toEqual({ doc_id: 'abc123', variables: { first: 2 } });
    expect(calls[0].headers).toMatchObject({
      authorization: 'Bearer old-token', 'x-platform-mode': 'platform',
      'x-ecosystem-profile-id': 'eco-profile-1', 'x-review-app-secret': 'review-secret',
    });
  });

  it("sends the interface language as Accept-Language, as it is at each request", async () => {
    const { deps, calls } = setup({ graphql: () => ok() });
    let language = 'es';
    const fetchGraphQL = createGraphQLFetch({ ...deps, language: () => language });
    await fetchGraphQL(persisted, {}, signal());
    language = 'en';
    await fetchGraphQL(persisted, {}, signal());
    expect(calls.map((call) => call.headers['accept-language'])).toEqual(['es', 'en']);
  });

  it('sends it with the token refresh too', async () => {
    const { deps, refreshCalls } = setup({ graphql: (call) => (call.headers.authorization === 'Bearer new-token' ? ok() : unauthenticated()) });
    await createGraphQLFetch({ ...deps, language: () => 'es' })(persisted, {}, signal());
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0].headers).toMatchObject({ 'accept-language': 'es' });
  });

  it('turns a request that got no answer into a NetworkError, and leaves an abort an abort', async () => {
    const offline = setup({ graphql: () => { throw new TypeError('Failed to fetch'); } });
    const failure: unknown = await offline.fetchGraphQL(persisted, {}, signal()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(isNetworkError(failure)).toBe(true);
    expect(isNetworkError(new Error('wrapped', { cause: failure }))).toBe(true);
    expect(isNetworkError(new GraphQLRequestError([{ message: 'Not allowed' }]))).toBe(false);
    const controller = new AbortController();
    const aborted = setup({ graphql: () => { controller.abort(); throw new DOMException('aborted', 'AbortError'); } });
    await expect(aborted.fetchGraphQL(persisted, {}, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends the query text when the operation has no persisted id', async () => {
    const { fetchGraphQL, calls } = setup({ graphql: () => ok() });
    await fetchGraphQL(raw, {}, signal());
    expect(calls[0].body).toEqual({ query: 'query HomePageQuery { ping }', variables: {} });
  });

  it('sends the text in development and the id in production when an operation has both', async () => {
    const both = { ...raw, id: 'abc123' } as unknown as RequestParameters;
    const { deps, calls } = setup({ graphql: () => ok() });
    await createGraphQLFetch({ ...deps, send: 'text' })(both, { a: 1 }, signal());
    await createGraphQLFetch(deps)(both, { a: 1 }, signal());
    expect(calls.map((c) => c.body)).toEqual([
      { query: 'query HomePageQuery { ping }', variables: { a: 1 } },
      { doc_id: 'abc123', variables: { a: 1 } },
    ]);
  });

  it('sends no authorization header before log-in', async () => {
    const { fetchGraphQL, calls } = setup({ graphql: () => ok(), token: null });
    await fetchGraphQL(persisted, {}, signal());
    expect(calls[0].headers.authorization).toBeUndefined();
    expect(calls[0].headers['x-platform-mode']).toBe('platform');
  });
});

describe('UNAUTHENTICATED', () => {
  it('refreshes once, then retries with the new token', async () => {
    const { fetchGraphQL, calls, refreshCalls, session } = setup({
      graphql: (call) => (call.headers.authorization === 'Bearer new-token' ? ok({ me: 1 }) : unauthenticated()),
    });
    const response = await fetchGraphQL(persisted, {}, signal());
    expect(response).toEqual({ data: { me: 1 } });
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(calls.map((c) => c.headers.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(session.accessToken()).toBe('new-token');
  });

  it('shares one refresh between concurrent requests and holds new requests until it ends', async () => {
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => { releaseRefresh = resolve; });
    const { fetchGraphQL, calls, refreshCalls } = setup({
      graphql: (call) => (call.headers.authorization === 'Bearer new-token' ? ok() : unauthenticated()),
      refresh: async () => { await refreshGate; return json({ accessToken: 'new-token' }); },
    });
    const first = fetchGraphQL(persisted, { n: 1 }, signal());
    const second = fetchGraphQL(persisted, { n: 2 }, signal());
    await vi.waitFor(() => expect(refreshCalls).toHaveLength(1));
    const third = fetchGraphQL(persisted, { n: 3 }, signal());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls.filter((c) => (c.body as { variables: { n: number } }).variables.n === 3)).toHaveLength(0);
    releaseRefresh();
    await Promise.all([first, second, third]);
    expect(refreshCalls).toHaveLength(1);
    const thirdCalls = calls.filter((c) => (c.body as { variables: { n: number } }).variables.n === 3);
    expect(thirdCalls.map((c) => c.headers.authorization)).toEqual(['Bearer new-token']);
  });

  it('retries without a second refresh when the token was already renewed while the request was out', async () => {
    let refreshed: () => void = () => undefined;
    const afterRefresh = new Promise<void>((resolve) => { refreshed = resolve; });
    const { fetchGraphQL, calls, refreshCalls } = setup({
      graphql: async (call) => {
        if (call.headers.authorization === 'Bearer new-token') return ok();
        if ((call.body as { variables: { n: number } }).variables.n === 2) await afterRefresh;
        return unauthenticated();
      },
      refresh: () => { setTimeout(refreshed, 0); return json({ accessToken: 'new-token' }); },
    });
    await Promise.all([fetchGraphQL(persisted, { n: 1 }, signal()), fetchGraphQL(persisted, { n: 2 }, signal())]);
    expect(refreshCalls).toHaveLength(1);
    expect(calls.filter((c) => c.headers.authorization === 'Bearer new-token')).toHaveLength(2);
  });

  it('when the refresh fails, ends the session once and rejects every waiting request', async () => {
    const { fetchGraphQL, onSessionExpired, storage } = setup({
      graphql: () => unauthenticated(),
      refresh: () => json({ errors: [{ message: 'expired' }] }, 401),
    });
    const results = await Promise.allSettled([fetchGraphQL(persisted, {}, signal()), fetchGraphQL(persisted, {}, signal())]);
    for (const r of results) expect(r.status === 'rejected' && r.reason).toBeInstanceOf(SessionExpiredError);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(storage.getItem('accessToken')).toBeNull();
  });

  it('does not refresh twice when the retried request is still unauthenticated', async () => {
    const { fetchGraphQL, refreshCalls, onSessionExpired } = setup({ graphql: () => unauthenticated() });
    await expect(fetchGraphQL(persisted, {}, signal())).rejects.toBeInstanceOf(GraphQLRequestError);
    expect(refreshCalls).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('leaves a log-in attempt without a token to its caller', async () => {
    const { fetchGraphQL, refreshCalls } = setup({ graphql: () => unauthenticated(), token: null });
    await expect(fetchGraphQL(persisted, {}, signal())).rejects.toThrow('Not logged in');
    expect(refreshCalls).toHaveLength(0);
  });
});

describe('retry and invalid answers', () => {
  it('retries a failed request once after 700 ms', async () => {
    const { fetchGraphQL, calls, sleeps } = setup({
      graphql: (_call, index) => { if (index === 0) throw new TypeError('Failed to fetch'); return ok({ second: true }); },
    });
    await expect(fetchGraphQL(persisted, {}, signal())).resolves.toEqual({ data: { second: true } });
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([RETRY_DELAY_MS]);
    expect(RETRY_DELAY_MS).toBe(700);
  });

  it('gives up after the one retry', async () => {
    const { fetchGraphQL, calls } = setup({ graphql: () => { throw new TypeError('Failed to fetch'); } });
    await expect(fetchGraphQL(persisted, {}, signal())).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toHaveLength(2);
  });

  it('retries a gateway error but not a GraphQL error', async () => {
    const gateway = setup({ graphql: (_c, i) => (i === 0 ? new Response('bad gateway', { status: 502 }) : ok()) });
    await gateway.fetchGraphQL(persisted, {}, signal());
    expect(gateway.calls).toHaveLength(2);
    const badInput = setup({ graphql: () => json({ errors: [{ message: 'Name is required', extensions: { code: 'BAD_USER_INPUT' } }] }, 400) });
    await expect(badInput.fetchGraphQL(persisted, {}, signal())).rejects.toThrow('Name is required');
    expect(badInput.calls).toHaveLength(1);
  });

  it('sends a mutation again after a network failure or a gateway error, with the same Idempotency-Key', async () => {
    const mutation = { ...persisted, name: 'CreateProgramMutation', operationKind: 'mutation' } as RequestParameters;
    const lost = setup({ graphql: (_c, i) => { if (i === 0) throw new TypeError('Failed to fetch'); return ok({ created: true }); } });
    await expect(lost.fetchGraphQL(mutation, {}, signal())).resolves.toEqual({ data: { created: true } });
    expect(lost.calls).toHaveLength(2);
    expect(lost.sleeps).toEqual([RETRY_DELAY_MS]);
    const key = lost.calls[0].headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(lost.calls[1].headers['idempotency-key']).toBe(key);
    const down = setup({ graphql: () => { throw new TypeError('Failed to fetch'); } });
    await expect(down.fetchGraphQL(mutation, {}, signal())).rejects.toBeInstanceOf(NetworkError);
    expect(down.calls).toHaveLength(2);
    const gateway = setup({ graphql: () => new Response('gateway timeout', { status: 504 }) });
    await expect(gateway.fetchGraphQL(mutation, {}, signal())).rejects.toThrow(/^Invalid response$/);
    expect(gateway.calls).toHaveLength(2);
    expect(isRetryable(mutation)).toBe(true);
    expect(isRetryable(persisted)).toBe(true);
    expect(isRetryable({ operationKind: 'subscription' })).toBe(false);
  });

  it('gives each mutation commit its own key, and queries none', async () => {
    const mutation = { ...persisted, operationKind: 'mutation' } as RequestParameters;
    const { fetchGraphQL, calls } = setup({ graphql: () => ok() });
    await fetchGraphQL(mutation, {}, signal());
    await fetchGraphQL(mutation, {}, signal());
    await fetchGraphQL(persisted, {}, signal());
    expect(calls[0].headers['idempotency-key']).not.toBe(calls[1].headers['idempotency-key']);
    expect(calls[2].headers).not.toHaveProperty('idempotency-key');
  });

  it('still sends a mutation again after refreshing an expired token, with the same key', async () => {
    const mutation = { ...persisted, operationKind: 'mutation' } as RequestParameters;
    const { fetchGraphQL, calls } = setup({
      graphql: (call) => (call.headers.authorization === 'Bearer new-token' ? ok({ done: true }) : unauthenticated()),
    });
    await expect(fetchGraphQL(mutation, {}, signal())).resolves.toEqual({ data: { done: true } });
    expect(calls).toHaveLength(2);
    expect(calls[1].headers['idempotency-key']).toBe(calls[0].headers['idempotency-key']);
  });

  it("answers 'Invalid response' to a body that is not JSON", async () => {
    const { fetchGraphQL } = setup({ graphql: () => new Response('<html>oops</html>', { status: 200 }) });
    await expect(fetchGraphQL(persisted, {}, signal())).rejects.toThrow(/^Invalid response$/);
  });

  it("answers 'Invalid GraphQl query response' to JSON without data or errors", async () => {
    const { fetchGraphQL } = setup({ graphql: () => json({ hello: 'world' }) });
    await expect(fetchGraphQL(persisted, {}, signal())).rejects.toThrow(/^Invalid GraphQl query response$/);
  });

  it('passes partial data with errors through to Relay', async () => {
    const body = { data: { a: 1 }, errors: [{ message: 'one field failed', path: ['b'] }] };
    const { fetchGraphQL } = setup({ graphql: () => json(body) });
    await expect(fetchGraphQL(persisted, {}, signal())).resolves.toEqual(body);
  });
});

describe('Relay environment', () => {
  it('aborts the HTTP request when the operation is disposed', async () => {
    let seen: AbortSignal | undefined;
    const { deps } = setup({ graphql: () => ok() });
    const environment = createRelayEnvironment({
      ...deps,
      fetch: ((_input: string, init?: RequestInit) => {
        seen = init?.signal ?? undefined;
        return new Promise<Response>(() => undefined);
      }) as typeof fetch,
    });
    const subscription = environment.getNetwork().execute(persisted, {}, {}).subscribe({});
    await vi.waitFor(() => expect(seen).toBeDefined());
    subscription.unsubscribe();
    expect(seen?.aborted).toBe(true);
  });
});
