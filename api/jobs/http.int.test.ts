/**
 * The jobs area through the real server (api/platform.ts wiring, pg-boss engine started by it),
 * exactly as the web app calls it: the seeded platform admin creates and deletes demo data and
 * watches the job through getRecentBatchJob.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';

let api: TestApi;
let token: string;
let ecosystemId: string;

type Job = { jobId: string; state: string; isActive: boolean; progress: { done: number; total: number }; error: string | null };
const JOB = 'jobId state isActive progress { done total } error';

async function recentWhenEnded(): Promise<Job> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await api.graphql<{ getRecentBatchJob: Job | null }>(`query($e: ID!) { getRecentBatchJob(ecosystemId: $e) { ${JOB} } }`, { e: ecosystemId }, { token });
    const job = r.data?.getRecentBatchJob;
    if (job && !job.isActive) return job;
    if (Date.now() > deadline) throw new Error(`job did not end: ${JSON.stringify(r)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

beforeAll(async () => {
  api = await startTestApi();
  token = await api.loginAs('platformAdmin');
  const r = await api.db.ownerPool.query<{ id: string }>('SELECT id FROM read.ecosystems ORDER BY created_at LIMIT 1');
  ecosystemId = r.rows[0].id;
});

afterAll(async () => {
  await api.stop();
});

describe('jobs over HTTP', () => {
  it('creates demo data in the background and deletes it again', async () => {
    const created = await api.graphql<{ createEcosystemDemoData: Job }>(
      `mutation($e: ID!, $d: Date!) { createEcosystemDemoData(ecosystemId: $e, demoSessionsStartDate: $d) { ${JOB} } }`,
      { e: ecosystemId, d: '2026-12-01' }, { token });
    expect(created.errors).toBeUndefined();
    expect(await recentWhenEnded()).toMatchObject({ jobId: created.data?.createEcosystemDemoData.jobId, state: 'FINISHED', progress: { done: 3, total: 3 } });

    const deleted = await api.graphql<{ deleteEcosystemDemoData: Job }>(`mutation($e: ID!) { deleteEcosystemDemoData(ecosystemId: $e) { ${JOB} } }`, { e: ecosystemId }, { token });
    expect(deleted.errors).toBeUndefined();
    expect(await recentWhenEnded()).toMatchObject({ jobId: deleted.data?.deleteEcosystemDemoData.jobId, state: 'FINISHED' });
  });

  it('answers FORBIDDEN to the ecosystem admin', async () => {
    const ecoToken = await api.loginAs('ecosystemAdmin');
    const r = await api.graphql(`mutation($e: ID!) { deleteEcosystemDemoData(ecosystemId: $e) { jobId } }`, { e: ecosystemId }, { token: ecoToken });
    expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
