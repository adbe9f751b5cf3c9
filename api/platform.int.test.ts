/**
 * The wired platform over HTTP: health, feature flags and their event stream, the audit trail,
 * node lookup, and error shapes. Area-specific behaviour is tested beside each area.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../tests/setup/api';

let api: TestApi;
let adminToken: string;
beforeAll(async () => {
  api = await startTestApi();
  adminToken = await api.loginAs('platformAdmin');
});
afterAll(async () => { await api.stop(); });

/** Reads server-sent events from /feature-flags until `count` events arrived. */
async function readFlagEvents(count: number, trigger: () => Promise<void>): Promise<Array<{ event: string; data: unknown }>> {
  const controller = new AbortController();
  const res = await fetch(`${api.url}/feature-flags`, { signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Array<{ event: string; data: unknown }> = [];
  await reader.read().then(({ value }) => { buffer += decoder.decode(value); });
  await trigger();
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value);
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
  }
  controller.abort();
  return events;
}

describe('the platform', () => {
  it('answers /healthz once ready', async () => {
    const res = await fetch(`${api.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('lists feature flags with nested ones, without log-in', async () => {
    const res = await api.graphql<{ featureFlags: Array<{ path: string; value: boolean; nested: Array<{ path: string }> }> }>(
      '{ featureFlags { path value nested { path value } } }');
    const sessions = res.data?.featureFlags.find((f) => f.path === 'sessions');
    expect(sessions?.nested.map((n) => n.path)).toContain('sessions.recurring');
  });

  it('streams a change of a nested flag as an event named for it', async () => {
    const events = await readFlagEvents(1, async () => {
      const res = await api.graphql('mutation { setFeatureFlag(name: "sessions.breakoutRooms", value: true) { path value } }', {}, { token: adminToken });
      expect(res.data).toEqual({ setFeatureFlag: { path: 'sessions.breakoutRooms', value: true } });
    });
    expect(events).toEqual([{ event: 'sessions.breakoutRooms', data: { name: 'sessions.breakoutRooms', value: true } }]);
  });

  it('lets only platform admins change flags, writing nothing otherwise', async () => {
    const before = await api.eventCount();
    const anonymous = await api.graphql('mutation { setFeatureFlag(name: "messaging", value: false) { value } }');
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const ecoAdmin = await api.loginAs('ecosystemAdmin');
    const forbidden = await api.graphql('mutation { setFeatureFlag(name: "messaging", value: false) { value } }', {}, { token: ecoAdmin });
    expect(forbidden.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const unknown = await api.graphql('mutation { setFeatureFlag(name: "nope", value: false) { value } }', {}, { token: adminToken });
    expect(unknown.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await api.eventCount()).toBe(before);
  });

  it('shows an ecosystem admin the breadcrumbs of their ecosystem with actors and summaries', async () => {
    const ecoAdmin = await api.loginAs('ecosystemAdmin');
    const ecosystemId = api.platform.demo!.ecosystemId;
    const res = await api.graphql<{ getEcosystemBreadcrumbs: { edges: Array<{ node: { summary: string; actorRole: string; eventType: string } }> } }>(
      'query B($id: ID!) { getEcosystemBreadcrumbs(ecosystemId: $id, first: 20) { edges { node { summary actorRole actorName eventType occurredAt targetType targetName } } pageInfo { hasNextPage } } }',
      { id: ecosystemId }, { token: ecoAdmin });
    expect(res.errors).toBeUndefined();
    const types = res.data!.getEcosystemBreadcrumbs.edges.map((e) => e.node.eventType);
    expect(types).toEqual(expect.arrayContaining(['EcosystemCreated', 'ProgramCreated']));
    expect(res.data!.getEcosystemBreadcrumbs.edges.every((e) => e.node.summary.length > 0)).toBe(true);
    const nodes = res.data!.getEcosystemBreadcrumbs.edges.map((e) => e.node as unknown as { targetType: string; targetName: string | null; actorName: string | null });
    expect(nodes.filter((n) => n.targetType === 'program').map((n) => n.targetName)).toEqual(expect.arrayContaining(['Math Tutoring', 'Reading Buddies']));
  });

  it('hides breadcrumbs from anyone not administering the ecosystem', async () => {
    const ecosystemId = api.platform.demo!.ecosystemId;
    const res = await api.graphql('query B($id: ID!) { getEcosystemBreadcrumbs(ecosystemId: $id) { edges { cursor } } }', { id: ecosystemId });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('resolves nodes by global id, answers null for unknown ones and BAD_USER_INPUT for malformed ones', async () => {
    const list = await api.graphql<{ getEcosystems: { edges: Array<{ node: { id: string; name: string } }> } }>('{ getEcosystems { edges { node { id name } } } }', {}, { token: adminToken });
    const eco = list.data!.getEcosystems.edges[0].node;
    const unknown = Buffer.from('Ecosystem:00000000-0000-4000-8000-000000000000').toString('base64url');
    const res = await api.graphql('query N($id: ID!, $unknown: ID!, $bad: ID!) { node(id: $id) { id ... on Ecosystem { name } } unknown: node(id: $unknown) { id } bad: node(id: $bad) { id } }',
      { id: eco.id, unknown, bad: 'bm9wZTox' }, { token: adminToken });
    expect(res.data).toEqual({ node: { id: eco.id, name: eco.name }, unknown: null, bad: null });
    expect(res.errors).toEqual([expect.objectContaining({ path: ['bad'], extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'id', message: 'This id is not valid.' }] } })]);
  });

  it('answers a malformed body with 400 and a GraphQL error, without internals', async () => {
    const res = await fetch(`${api.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": "{ featureFlags {' });
    expect(res.status).toBe(400);
    const body = await res.json() as { errors: Array<{ message: string }> };
    expect(body.errors[0].message).toBeTruthy();
    expect(JSON.stringify(body)).not.toMatch(/node_modules|\.ts:\d+/);
  });

  it('treats an invalid bearer token as UNAUTHENTICATED so the client refreshes', async () => {
    const res = await api.graphql('{ getCurrentUserV2 { id } }', {}, { token: 'not-a-token' });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
