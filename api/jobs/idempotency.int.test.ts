/**
 * Job mutations are idempotent too (decision 0017): createEcosystemDemoData sent again with the same
 * Idempotency-Key, after the first answer or at the same time, names the same job and answers it,
 * marked `extensions.replayed`, instead of refusing the repeat as a second, competing job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { idOf } from '../relay';

let api: TestApi;
let token: string;

type JobAnswer = GraphQLResponse<{ createEcosystemDemoData: { jobId: string; jobName: string } }>;
const CREATE = 'mutation($e: ID!) { createEcosystemDemoData(ecosystemId: $e, demoSessionsStartDate: "2026-12-01") { jobId jobName } }';

async function newEcosystem(name: string): Promise<string> {
  const r = await api.graphql<{ createEcosystem: { id: string } }>('mutation($i: EcosystemInput!) { createEcosystem(ecosystemInput: $i) { id } }',
    { i: { name, organizationType: 'NON_PROFIT' } }, { token });
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.createEcosystem.id;
}

const createDemo = (ecosystemId: string, key: string): Promise<JobAnswer> =>
  api.graphql(CREATE, { e: ecosystemId }, { token, headers: { 'idempotency-key': key } });

async function jobsOf(ecosystemId: string): Promise<number> {
  const r = await api.db.ownerPool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'BatchJobQueued' AND data->>'ecosystemId' = $1`,
    [idOf('Ecosystem', ecosystemId)]);
  return r.rows[0].n;
}

beforeAll(async () => {
  api = await startTestApi();
  token = await api.loginAs('platformAdmin');
});
afterAll(async () => { await api?.stop(); });

describe('Idempotency-Key on job mutations', () => {
  it('a repeated createEcosystemDemoData answers the same job, replayed, and queues one job', async () => {
    const ecosystemId = await newEcosystem('Repeat Demo');
    const key = crypto.randomUUID();
    const first = await createDemo(ecosystemId, key);
    const again = await createDemo(ecosystemId, key);
    expect(first.errors).toBeUndefined();
    expect(again.errors).toBeUndefined();
    expect(again.data?.createEcosystemDemoData.jobId).toBe(first.data?.createEcosystemDemoData.jobId);
    expect(again.extensions?.replayed).toBe(true);
    expect(await jobsOf(ecosystemId)).toBe(1);
  });

  it('two copies at the same time queue one job and both answer it', async () => {
    const ecosystemId = await newEcosystem('Raced Demo');
    const key = crypto.randomUUID();
    const answers = await Promise.all([createDemo(ecosystemId, key), createDemo(ecosystemId, key)]);
    expect(answers.map((a) => a.errors)).toEqual([undefined, undefined]);
    expect(answers[1].data).toEqual(answers[0].data);
    expect(await jobsOf(ecosystemId)).toBe(1);
  });

  it('another key is another job: refused while the first holds the demo data', async () => {
    const ecosystemId = await newEcosystem('Second Demo');
    expect((await createDemo(ecosystemId, crypto.randomUUID())).errors).toBeUndefined();
    const second = await createDemo(ecosystemId, crypto.randomUUID());
    expect(second.errors?.[0].extensions?.code).toBe('CONFLICT');
  });
});
