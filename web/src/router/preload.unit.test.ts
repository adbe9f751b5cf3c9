import { createOperationDescriptor, getRequest } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import HomePageQuery from '../pages/home/__generated__/HomePageQuery.graphql';
import type { HomePageQuery as HomePageQueryType } from '../pages/home/__generated__/HomePageQuery.graphql';
import { createRelayEnvironment } from '../relay/environment';
import { createSessionStore, memoryStorage } from '../relay/session';
import { preloadQuery } from './preload';

const user = { getCurrentUserV2: { isInternalTeamAccount: true, email: { address: 'admin@example.org' }, ecosystemRoles: [] } };

function environmentAnswering(answer: (signal: AbortSignal) => Promise<Response>) {
  const requests: AbortSignal[] = [];
  const environment = createRelayEnvironment({
    session: createSessionStore(memoryStorage({ accessToken: 't' })),
    onSessionExpired: () => undefined,
    sleep: async () => undefined,
    fetch: ((_input: string, init?: RequestInit) => {
      const signal = init?.signal ?? new AbortController().signal;
      requests.push(signal);
      return answer(signal);
    }) as typeof fetch,
  });
  return { environment, requests };
}

describe('preloadQuery', () => {
  it('resolves once the data is in the store, with one request', async () => {
    const { environment, requests } = environmentAnswering(async () => Response.json({ data: user }));
    const ref = await preloadQuery<HomePageQueryType>(environment, HomePageQuery, {}, new AbortController().signal);
    expect(ref.kind).toBe('PreloadedQuery');
    expect(requests).toHaveLength(1);
    expect(environment.check(createOperationDescriptor(getRequest(HomePageQuery), {})).status).toBe('available');
    ref.dispose();
  });

  it('rejects and aborts the HTTP request when the navigation is abandoned', async () => {
    const { environment, requests } = environmentAnswering(() => new Promise<Response>(() => undefined));
    const controller = new AbortController();
    const pending = preloadQuery<HomePageQueryType>(environment, HomePageQuery, {}, controller.signal);
    controller.abort(new DOMException('superseded', 'AbortError'));
    await expect(pending).rejects.toThrow('superseded');
    expect(requests).toHaveLength(1);
    expect(requests[0].aborted).toBe(true);
  });

  it('rejects with the first GraphQL error so the route shows it', async () => {
    const { environment } = environmentAnswering(async () => Response.json({ errors: [{ message: 'Not allowed', extensions: { code: 'FORBIDDEN' } }], data: null }));
    await expect(preloadQuery<HomePageQueryType>(environment, HomePageQuery, {}, new AbortController().signal)).rejects.toThrow('Not allowed');
  });
});
