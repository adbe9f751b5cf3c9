import { createOperationDescriptor, getRequest } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import AdminRootPageQuery from './__generated__/viewerAreasQuery.graphql';
import type { viewerAreasQuery as AdminRootPageQueryType } from './__generated__/viewerAreasQuery.graphql';
import { createRelayEnvironment } from '../relay/environment';
import { createSessionStore, memoryStorage } from '../relay/session';
import { preloadQuery, ROUTE_FETCH_POLICY } from './preload';

const user = (isInternalTeamAccount: boolean) => ({ getCurrentUserV2: { id: 'VXNlcjox', isInternalTeamAccount, ecosystemRoles: [], programRoles: [] } });

function environmentAnswering(answer: (signal: AbortSignal, index: number) => Promise<Response>) {
  const requests: AbortSignal[] = [];
  const environment = createRelayEnvironment({
    session: createSessionStore(memoryStorage({ accessToken: 't' })),
    onSessionExpired: () => undefined,
    sleep: async () => undefined,
    fetch: ((_input: string, init?: RequestInit) => {
      const signal = init?.signal ?? new AbortController().signal;
      requests.push(signal);
      return answer(signal, requests.length - 1);
    }) as typeof fetch,
  });
  return { environment, requests };
}

const operation = createOperationDescriptor(getRequest(AdminRootPageQuery), {});
const preload = (environment: ReturnType<typeof createRelayEnvironment>, signal = new AbortController().signal) =>
  preloadQuery<AdminRootPageQueryType>(environment, AdminRootPageQuery, {}, signal);
const isAdminInStore = (environment: ReturnType<typeof createRelayEnvironment>) =>
  (environment.lookup(operation.fragment).data as AdminRootPageQueryType['response']).getCurrentUserV2?.isInternalTeamAccount;

describe('preloadQuery', () => {
  it('resolves once the data is in the store, with one request', async () => {
    const { environment, requests } = environmentAnswering(async () => Response.json({ data: user(true) }));
    const ref = await preload(environment);
    expect(ref.kind).toBe('PreloadedQuery');
    expect(requests).toHaveLength(1);
    expect(environment.check(operation).status).toBe('available');
    ref.dispose();
  });

  it('on a revisit renders the cached data at once and refetches it (store-and-network)', async () => {
    expect(ROUTE_FETCH_POLICY).toBe('store-and-network');
    let answerSecond: (response: Response) => void = () => undefined;
    const { environment, requests } = environmentAnswering((_signal, index) => (index === 0
      ? Promise.resolve(Response.json({ data: user(false) }))
      : new Promise<Response>((resolve) => { answerSecond = resolve; })));
    const first = await preload(environment);
    expect(isAdminInStore(environment)).toBe(false);

    // The second visit does not wait for the network, but it does ask it again.
    const second = await preload(environment);
    expect(second.fetchPolicy).toBe('store-and-network');
    expect(requests).toHaveLength(2);
    expect(isAdminInStore(environment)).toBe(false);

    answerSecond(Response.json({ data: user(true) }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isAdminInStore(environment)).toBe(true);
    first.dispose();
    second.dispose();
  });

  it('rejects and aborts the HTTP request when the navigation is abandoned', async () => {
    const { environment, requests } = environmentAnswering(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const pending = preload(environment, controller.signal);
    controller.abort(new DOMException('superseded', 'AbortError'));
    await expect(pending).rejects.toThrow('superseded');
    expect(requests).toHaveLength(1);
    expect(requests[0].aborted).toBe(true);
  });

  it("answers NOT_FOUND and FORBIDDEN with the route tree's 404, so a bad id reads as the not-found page", async () => {
    for (const code of ['NOT_FOUND', 'FORBIDDEN']) {
      const { environment } = environmentAnswering(async () => Response.json({ errors: [{ message: 'No', extensions: { code } }], data: null }));
      const failure: unknown = await preload(environment).catch((error: unknown) => error);
      expect(failure, code).toMatchObject({ type: 'DataWithResponseInit', init: { status: 404 } });
    }
  });

  it('rejects with the first GraphQL error so the route shows it', async () => {
    const { environment } = environmentAnswering(async () => Response.json({ errors: [{ message: 'Not allowed', extensions: { code: 'INTERNAL_SERVER_ERROR' } }], data: null }));
    await expect(preload(environment)).rejects.toThrow('Not allowed');
  });
});
