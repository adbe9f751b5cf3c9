import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { withTenantScope } from '../scope';
import { newEvent, TENANT_A, TENANT_B } from '../testing/fixtures';
import { activeBatchJobs, findBatchJob, findDemoData, jobsProjection, listBatchJobs, recentBatchJob } from '.';

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
const finished = randomUUID();
const cancelled = randomUUID();
const running = randomUUID();
const other = randomUUID();
const item = { kind: 'program', id: randomUUID(), label: 'Math Foundations Tutoring (Demo)' };

const queued = (jobId: string, ecosystemId: string, at: string) => newEvent('BatchJobQueued', {
  jobId, ecosystemId, jobName: 'createEcosystemDemoData', metadata: { demoSessionsStartDate: '2026-12-01' }, createdBy: 'admin-1',
}, { ecosystemId, occurredAt: at });

async function append(stream: string, events: ReturnType<typeof newEvent>[]) {
  return store.append(stream, events, { expectedRevision: 'any' });
}

const asAdmin = <T>(fn: (c: import('pg').PoolClient) => Promise<T>) => withTenantScope(db.apiPool, { platformAdmin: true, ecosystemIds: [] }, fn);

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  runner = new ProjectionRunner(db.ownerPool, store, [jobsProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
  const e = (type: string, data: unknown, at: string, ecosystemId = TENANT_A) => newEvent(type, data, { ecosystemId, occurredAt: at });
  await append(`batchjob-${finished}`, [
    queued(finished, TENANT_A, '2026-11-22T10:00:00.000Z'),
    e('BatchJobSubmitted', { jobId: finished, workflowId: `batch-job-${finished}` }, '2026-11-22T10:00:01.000Z'),
    e('BatchJobStarted', { jobId: finished, total: 3 }, '2026-11-22T10:00:02.000Z'),
    e('BatchJobProgressed', { jobId: finished, done: 3, total: 3 }, '2026-11-22T10:00:03.000Z'),
    e('BatchJobFinished', { jobId: finished, result: { items: [item] } }, '2026-11-22T10:00:04.000Z'),
  ]);
  await append(`batchjob-${cancelled}`, [queued(cancelled, TENANT_A, '2026-11-22T11:00:00.000Z'), e('BatchJobCancelled', { jobId: cancelled }, '2026-11-22T11:00:05.000Z')]);
  await append(`batchjob-${running}`, [queued(running, TENANT_A, '2026-11-22T12:00:00.000Z'), e('BatchJobStarted', { jobId: running, total: 3 }, '2026-11-22T12:00:01.000Z'),
    e('BatchJobProgressed', { jobId: running, done: 1, total: 3 }, '2026-11-22T12:00:02.000Z')]);
  await append(`batchjob-${other}`, [queued(other, TENANT_B, '2026-11-22T13:00:00.000Z')]);
  const ledger = (type: string, data: Record<string, unknown>) => e(type, { ecosystemId: TENANT_A, jobId: finished, ...data }, '2026-11-22T10:00:02.000Z');
  await append(`demodata-${TENANT_A}`, [ledger('DemoDataCreationBegan', { demoSessionsStartDate: '2026-12-01' }), ledger('DemoDataItemAdded', { item }), ledger('DemoDataCreated', {})]);
  const last = await append(`demodata-${TENANT_B}`, [
    e('DemoDataCreationBegan', { ecosystemId: TENANT_B, jobId: other, demoSessionsStartDate: '2026-12-01' }, '2026-11-22T13:00:00.000Z', TENANT_B),
    e('DemoDataCreationAbandoned', { ecosystemId: TENANT_B, jobId: other, reason: 'x' }, '2026-11-22T13:00:00.000Z', TENANT_B),
    e('DemoDataDeletionBegan', { ecosystemId: TENANT_B, jobId: other }, '2026-11-22T13:00:00.000Z', TENANT_B),
    e('DemoDataDeleted', { ecosystemId: TENANT_B, jobId: other }, '2026-11-22T13:00:00.000Z', TENANT_B),
  ]);
  expect(await runner.waitFor(last.position, ['jobs'], 10_000)).toBe(true);
});

afterAll(async () => {
  await runner.stop();
  await store.close();
  await db.drop();
});

describe('jobs projection', () => {
  it('follows a job from QUEUED to FINISHED with its progress and end time', async () => {
    expect(await asAdmin((c) => findBatchJob(c, finished))).toMatchObject({
      state: 'FINISHED', workflowId: `batch-job-${finished}`, progressDone: 3, progressTotal: 3, error: null,
      metadata: { demoSessionsStartDate: '2026-12-01' }, createdAt: '2026-11-22T10:00:00.000000Z', finishedAt: '2026-11-22T10:00:04.000000Z',
    });
    expect(await asAdmin((c) => findBatchJob(c, cancelled))).toMatchObject({ state: 'CANCELLED', finishedAt: '2026-11-22T11:00:05.000000Z' });
  });

  it('answers the recent and the active jobs of one ecosystem', async () => {
    expect((await asAdmin((c) => recentBatchJob(c, TENANT_A)))?.id).toBe(running);
    expect((await asAdmin((c) => activeBatchJobs(c, TENANT_A))).map((j) => [j.id, j.state, j.progressDone])).toEqual([[running, 'PROCESSING', 1]]);
  });

  it('pages newest first by keyset, across or within ecosystems', async () => {
    const page1 = await asAdmin((c) => listBatchJobs(c, { limit: 2 }));
    expect(page1.map((j) => j.id)).toEqual([other, running]);
    const last = page1[1];
    const page2 = await asAdmin((c) => listBatchJobs(c, { limit: 5, after: [last.createdAt, last.id] }));
    expect(page2.map((j) => j.id)).toEqual([cancelled, finished]);
    expect((await asAdmin((c) => listBatchJobs(c, { ecosystemId: TENANT_B, limit: 5 }))).map((j) => j.id)).toEqual([other]);
  });

  it('keeps tenants apart: a viewer scoped to one ecosystem sees only its jobs', async () => {
    const rows = await withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds: [TENANT_B] }, (c) => listBatchJobs(c, { limit: 10 }));
    expect(rows.map((j) => j.id)).toEqual([other]);
  });

  it('shows the demo-data ledger while present, and no row once deleted', async () => {
    expect(await asAdmin((c) => findDemoData(c, TENANT_A))).toEqual({
      ecosystemId: TENANT_A, status: 'PRESENT', jobId: finished, demoSessionsStartDate: '2026-12-01', items: [item], complete: true,
    });
    expect(await asAdmin((c) => findDemoData(c, TENANT_B))).toBeNull();
  });
});
