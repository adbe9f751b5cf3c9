/**
 * Ecosystem.recentBatchJob and Ecosystem.demoDataStatus through the real server: a list of
 * ecosystems with their job status is one request whose database cost does not grow with its rows
 * (the fields are batched per request), and only those who manage jobs see them.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { trustedCache } from '../auth/testing';

let api: TestApi;
let token: string;

const LIST = `query($first: Int) { searchEcosystems(first: $first, includeArchived: true) {
  edges { node { id name demoDataStatus recentBatchJob { jobName state isActive } } } } }`;

type Row = { id: string; name: string; demoDataStatus: string | null; recentBatchJob: { jobName: string; state: string; isActive: boolean } | null };
type ListAnswer = { searchEcosystems: { edges: Array<{ node: Row }> } };

/**
 * Counts the statements the API's own role (app_api) sends while `run` runs, until the request's
 * connection is back: the least of two runs, so that a background statement cannot count.
 */
async function apiQueriesDuring(run: () => Promise<unknown>): Promise<number> {
  return Math.min(await apiQueriesOnce(run), await apiQueriesOnce(run));
}

async function apiQueriesOnce(run: () => Promise<unknown>): Promise<number> {
  // Until the revocation cache is trusted, authentication asks the database (decision 0023): those
  // statements are not the page's.
  expect(await trustedCache(api.platform.services.auth)).toBe(true);
  type Counted = { user?: string; connectionParameters?: { application_name?: string } };
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown } & Counted;
  const original = proto.query;
  let count = 0;
  proto.query = function counted(this: Counted, ...args: unknown[]) {
    // The revocation listener's heartbeat (SELECT 1 every 100 ms, also as app_api) is not the page's.
    if (this.user === 'app_api' && this.connectionParameters?.application_name !== 'auth-listener') count += 1;
    return Reflect.apply(original, this, args);
  };
  try {
    await run();
    await api.readsEnded();
  } finally {
    proto.query = original;
  }
  return count;
}

async function createEcosystems(count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const r = await api.graphql<{ createEcosystem: { id: string } }>(
      'mutation($input: EcosystemInput!) { createEcosystem(ecosystemInput: $input) { id } }',
      { input: { name: `${prefix} ${i}`, organizationType: 'NON_PROFIT' } }, { token });
    if (!r.data) throw new Error(JSON.stringify(r.errors));
    ids.push(r.data.createEcosystem.id);
  }
  return ids;
}

async function list(first: number, as = token): Promise<Row[]> {
  const r = await api.graphql<ListAnswer>(LIST, { first }, { token: as });
  expect(r.errors).toBeUndefined();
  return r.data?.searchEcosystems.edges.map((e) => e.node) ?? [];
}

beforeAll(async () => {
  api = await startTestApi();
  token = await api.loginAs('platformAdmin');
});

afterAll(async () => {
  await api.stop();
});

describe('the job status of listed ecosystems', () => {
  it("shows each row's newest job and demo data, and costs as many queries for 3 rows as for 12", async () => {
    const [withJob] = await createEcosystems(2, 'Batch');
    const started = await api.graphql(`mutation($e: ID!) { createEcosystemDemoData(ecosystemId: $e, demoSessionsStartDate: "2026-12-01") { jobId } }`,
      { e: withJob }, { token });
    expect(started.errors).toBeUndefined();

    // The ledger is written by the job's first step, after the mutation answered: wait for the job.
    let rows = await list(50);
    for (let tries = 0; rows.find((r) => r.id === withJob)?.recentBatchJob?.isActive && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await list(50);
    }
    const row = rows.find((r) => r.id === withJob);
    expect(row?.recentBatchJob).toMatchObject({ jobName: 'createEcosystemDemoData', state: 'FINISHED', isActive: false });
    expect(row?.demoDataStatus).toBe('PRESENT');
    for (const other of rows.filter((r) => r.id !== withJob && r.name.startsWith('Batch'))) {
      expect(other).toMatchObject({ recentBatchJob: null, demoDataStatus: 'ABSENT' });
    }

    // A list reads jobs without their result; asked for, it is read for the page's rows in one statement.
    const withResults = await api.graphql<{ searchEcosystems: { edges: Array<{ node: { id: string; recentBatchJob: { result: { items?: unknown[] } | null } | null } }> } }>(
      `{ searchEcosystems(first: 50, includeArchived: true) { edges { node { id recentBatchJob { result } } } } }`, {}, { token });
    expect(withResults.errors).toBeUndefined();
    const listedResult = withResults.data!.searchEcosystems.edges.find((e) => e.node.id === withJob)?.node.recentBatchJob?.result;
    expect(listedResult?.items?.length).toBeGreaterThan(0);
    const own = await api.graphql<{ getRecentBatchJob: { result: unknown } }>(`query($e: ID!) { getRecentBatchJob(ecosystemId: $e) { result } }`, { e: withJob }, { token });
    expect(listedResult).toEqual(own.data!.getRecentBatchJob.result);

    const few = await apiQueriesDuring(() => list(3));
    await createEcosystems(10, 'More');
    expect((await list(12))).toHaveLength(12);
    const many = await apiQueriesDuring(() => list(12));
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
  });

  it('answers null to an ecosystem admin, who may not manage jobs, instead of failing the list', async () => {
    const rows = await list(50, await api.loginAs('ecosystemAdmin'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ recentBatchJob: null, demoDataStatus: null });
  });
});
