/**
 * The request path's reads through the real server (docs/decisions/0025): a mutation reads what it
 * wrote, including rows a lookup had loaded before its command; the connections go back to the pool
 * when a request ends; and the internal metrics show the pools' waits for a connection.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../tests/setup/api';

let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await startTestApi({ METRICS_PORT: '0', DATABASE_POOL_API_MAX: '7' });
  token = await api.loginAs('platformAdmin');
});
afterAll(async () => { await api.stop(); });

type Named = { name: string };

describe('reads of a request', () => {
  it('show a mutation its own writes, also rows looked up before a later command of the same request', async () => {
    const created = await api.graphql<{ createEcosystem: { id: string } }>(
      'mutation($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { id } }',
      { input: { name: 'Old Name District', organizationType: 'NON_PROFIT' } }, { token });
    const ecosystemId = created.data?.createEcosystem.id;
    // Mutation fields run one after another: the first payload loads the ecosystem (and keeps it
    // for the request), the second renames it, the third must show the new name.
    const res = await api.graphql<{ first: { ecosystem: Named }; renamed: Named; second: { ecosystem: Named } }>(
      `mutation($e: ID!, $rename: EcosystemInput!) {
        first: createProgram(programInput: { ecosystemId: $e, name: "First" }) { ecosystem { name } }
        renamed: editEcosystem(ecosystemId: $e, ecosystemInput: $rename) { name }
        second: createProgram(programInput: { ecosystemId: $e, name: "Second" }) { ecosystem { name } }
      }`,
      { e: ecosystemId, rename: { name: 'New Name District', organizationType: 'NON_PROFIT' } }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      first: { ecosystem: { name: 'Old Name District' } },
      renamed: { name: 'New Name District' },
      second: { ecosystem: { name: 'New Name District' } },
    });
    expect(res.extensions?.warnings).toBeUndefined();
  });

  it('return every connection to the pool when a request ends, also a failed one', async () => {
    const pool = api.platform.pools.api;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => api.graphql(i % 3 === 0
      ? 'query { getEcosystemById(ecosystemId: "not an id") { id } }'
      : 'query { searchEcosystems(first: 5) { edges { node { name programs(first: 3) { edges { node { name ecosystem { name } } } } } } } }',
    {}, { token })));
    expect(answers.filter((a) => a.errors)).toHaveLength(4);
    expect(pool.totalCount).toBeLessThanOrEqual(7);
    // A request's read transaction ends while its answer is sent (decision 0030): back soon after.
    await vi.waitFor(() => expect(pool.idleCount).toBe(pool.totalCount), { timeout: 2000, interval: 10 });
    expect(pool.waitingCount).toBe(0);
  });
});

describe('the metrics listener', () => {
  it('shows each pool\'s waits for a connection, queries and size, in the Prometheus text format', async () => {
    const url = api.platform.metricsUrl;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    await api.graphql('query { searchEcosystems(first: 1) { edges { node { id } } } }', {}, { token });
    const res = await fetch(url!);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const value = (sample: string) => Number(new RegExp(`^${sample.replace(/[{}"+.]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('db_pool_acquire_seconds_count{pool="api"}')).toBeGreaterThan(0);
    expect(value('db_pool_acquire_seconds_bucket{pool="api",le="+Inf"}')).toBe(value('db_pool_acquire_seconds_count{pool="api"}'));
    expect(value('db_pool_acquire_seconds_sum{pool="api"}')).toBeGreaterThanOrEqual(0);
    expect(value('db_pool_queries_total{pool="api"}')).toBeGreaterThan(0);
    expect(value('db_pool_max_connections{pool="api"}')).toBe(7);
    expect(value('db_pool_max_connections{pool="owner"}')).toBe(16);
    expect(value('db_pool_acquire_queued_total{pool="owner"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('# TYPE db_pool_acquire_seconds histogram');
    expect((await fetch(url!.replace('/metrics', '/graphql'))).status).toBe(404);
  });

  it('is not served on the public port', async () => {
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
  });
});
