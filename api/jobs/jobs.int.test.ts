import { randomUUID } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveEcosystem, createEcosystem } from '../../domain/ecosystem/handlers';
import { CommandBus } from '../../infra/commandbus';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { allProjections } from '../../projections/registry';
import { ProjectionRunner } from '../../projections/runner';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { createActivities } from '../../workflows/activities';
import { PgBossWorkflowEngine } from '../../workflows/engine/pgboss';
import type { StartResult, WorkflowEngine } from '../../workflows/engine/port';
import type { Viewer } from '../context';
import { ask, contextFor, jobsSchema, type Harness } from './testing';

/** An engine that accepts runs and never executes them, so jobs stay active until cancelled. */
class HeldEngine implements WorkflowEngine {
  readonly kind = 'pg-boss' as const;
  readonly started: string[] = [];
  readonly cancelled: string[] = [];
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  async startWorkflow(_name: string, workflowId: string): Promise<StartResult> {
    this.started.push(workflowId);
    return { started: true };
  }
  async cancelWorkflow(workflowId: string): Promise<void> {
    this.cancelled.push(workflowId);
  }
  async schedule(): Promise<void> {}
  async unschedule(): Promise<void> {}
}

const ecosystemId = randomUUID();
const heldEcosystemId = randomUUID();
const archivedEcosystemId = randomUUID();
const platformAdmin: Viewer = { userId: randomUUID(), email: 'admin@example.org', platformAdmin: true, roles: [] };
const ecosystemAdmin: Viewer = { userId: randomUUID(), email: 'eco@example.org', platformAdmin: false, roles: [{ ecosystemId, role: 'SUPER_ADMIN', programId: null }] };

const JOB = 'id jobId ecosystemId jobName metadata state isActive progress { done total } error finishedAt';
const CREATE = `mutation($e: ID!, $d: Date!) { createEcosystemDemoData(ecosystemId: $e, demoSessionsStartDate: $d) { ${JOB} } }`;
const DELETE = `mutation($e: ID!) { deleteEcosystemDemoData(ecosystemId: $e) { ${JOB} } }`;
const RECENT = `query($e: ID!) { getRecentBatchJob(ecosystemId: $e) { ${JOB} } }`;
type Job = { id: string; jobId: string; state: string; isActive: boolean; progress: { done: number; total: number }; error: string | null; metadata: Record<string, unknown> };

let db: TestDatabase;
let stores: EventStore[];
let runner: ProjectionRunner;
let live: Harness;
let held: Harness & { engine: HeldEngine };
let schema: GraphQLSchema;

const eventCount = async () => (await db.ownerPool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0].n;

async function recentWhenEnded(id: string): Promise<Job> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await ask<{ getRecentBatchJob: Job }>(schema, contextFor(live, platformAdmin), RECENT, { e: id });
    const job = r.data?.getRecentBatchJob;
    if (job && !job.isActive) return job;
    if (Date.now() > deadline) throw new Error(`job did not end: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  // As in api/platform.ts: the command bus appends through the owner connection, like the projections.
  const appendStore = createPostgresEventStore(db.ownerPool);
  const projectionStore = createPostgresEventStore(db.ownerPool);
  stores = [appendStore, projectionStore];
  const bus = new CommandBus(appendStore);
  runner = new ProjectionRunner(db.ownerPool, projectionStore, allProjections(), { pollIntervalMs: 20, onError: () => undefined });
  await runner.start();
  const engine = new PgBossWorkflowEngine({ connectionString: db.url, activities: createActivities({ bus }), pollingIntervalSeconds: 0.5, log: () => undefined });
  await engine.start();
  live = { db, bus, runner, engine };
  held = { db, bus, runner, engine: new HeldEngine() };
  schema = await jobsSchema();
  const actor = { userId: platformAdmin.userId, role: 'PLATFORM_ADMIN' as const };
  for (const [id, name] of [[ecosystemId, 'Lakeside Tutoring'], [heldEcosystemId, 'Hillside Mentors'], [archivedEcosystemId, 'Closed Academy']]) {
    const r = await bus.dispatch(createEcosystem, { ecosystemId: id, details: { name, organizationType: 'NON_PROFIT' } }, { actor, commandId: randomUUID() });
    if (r.position) await runner.waitFor(r.position, undefined, 10_000);
  }
  const archived = await bus.dispatch(archiveEcosystem, { ecosystemId: archivedEcosystemId }, { actor, commandId: randomUUID() });
  if (archived.position) await runner.waitFor(archived.position, undefined, 10_000);
});

afterAll(async () => {
  await live.engine.stop();
  await runner.stop();
  await Promise.all(stores.map((s) => s.close()));
  await db.drop();
});

describe('jobs API: demo data', () => {
  it('queues createEcosystemDemoData as a background job that finishes with its progress', async () => {
    const r = await ask<{ createEcosystemDemoData: Job }>(schema, contextFor(live, platformAdmin), CREATE, { e: ecosystemId, d: '2026-12-01' });
    expect(r.errors).toEqual([]);
    const job = r.data!.createEcosystemDemoData;
    expect(job).toMatchObject({ jobName: 'createEcosystemDemoData', metadata: { demoSessionsStartDate: '2026-12-01' }, ecosystemId });
    expect(['SUBMITTED', 'PROCESSING', 'FINISHED']).toContain(job.state);
    expect(await recentWhenEnded(ecosystemId)).toMatchObject({ jobId: job.jobId, state: 'FINISHED', progress: { done: 3, total: 3 }, error: null });
  });

  it('refuses to create demo data again with CONFLICT, writing nothing', async () => {
    const before = await eventCount();
    const r = await ask(schema, contextFor(live, platformAdmin), CREATE, { e: ecosystemId, d: '2026-12-01' });
    expect(r.errors).toEqual([{ code: 'CONFLICT', conflictType: 'DEMO_DATA_EXISTS', message: expect.stringContaining('already has demo data') }]);
    expect(await eventCount()).toBe(before);
  });

  it('answers FORBIDDEN to an ecosystem admin and UNAUTHENTICATED to nobody, writing nothing', async () => {
    const before = await eventCount();
    expect((await ask(schema, contextFor(live, ecosystemAdmin), DELETE, { e: ecosystemId })).errors[0].code).toBe('FORBIDDEN');
    expect((await ask(schema, contextFor(live, null), DELETE, { e: ecosystemId })).errors[0].code).toBe('UNAUTHENTICATED');
    expect((await ask(schema, contextFor(live, ecosystemAdmin), RECENT, { e: ecosystemId })).errors[0].code).toBe('FORBIDDEN');
    expect(await eventCount()).toBe(before);
  });

  it('answers BAD_USER_INPUT to malformed input, with the field, writing nothing', async () => {
    const before = await eventCount();
    const badId = await ask(schema, contextFor(live, platformAdmin), DELETE, { e: 'not-an-id' });
    expect(badId.errors[0].code).toBe('BAD_USER_INPUT');
    const badName = await ask(schema, contextFor(live, platformAdmin), 'mutation($e: ID!) { createBatchJob(ecosystemId: $e, jobName: "mineBitcoin") { id } }', { e: ecosystemId });
    expect(badName.errors[0]).toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringContaining('Unknown job name') });
    const badMeta = await ask(schema, contextFor(live, platformAdmin),
      'mutation($e: ID!) { createBatchJob(ecosystemId: $e, jobName: "deleteEcosystemDemoData", metadata: [1]) { id } }', { e: ecosystemId });
    expect(badMeta.errors[0].code).toBe('BAD_USER_INPUT');
    expect(await eventCount()).toBe(before);
  });

  it('refuses every job on an archived ecosystem with CONFLICT, writing nothing', async () => {
    const before = await eventCount();
    const startedBefore = held.engine.started.length;
    const ctx = contextFor(held, platformAdmin);
    const attempts = [
      await ask(schema, ctx, CREATE, { e: archivedEcosystemId, d: '2026-12-01' }),
      await ask(schema, ctx, DELETE, { e: archivedEcosystemId }),
      await ask(schema, ctx, 'mutation($e: ID!) { createBatchJob(ecosystemId: $e, jobName: "createEcosystemDemoData", metadata: { demoSessionsStartDate: "2027-01-04" }) { id } }', { e: archivedEcosystemId }),
    ];
    for (const r of attempts) {
      expect(r.errors).toEqual([{ code: 'CONFLICT', conflictType: 'ARCHIVED', message: 'This ecosystem is archived; unarchive it before changing it.' }]);
    }
    expect(held.engine.started.length).toBe(startedBefore);
    expect(await eventCount()).toBe(before);
  });

  it('answers NOT_FOUND for an ecosystem that does not exist', async () => {
    const r = await ask(schema, contextFor(live, platformAdmin), CREATE, { e: randomUUID(), d: '2026-12-01' });
    expect(r.errors[0].code).toBe('NOT_FOUND');
  });

  it('deletes the demo data through deleteEcosystemDemoData, and refuses a second delete', async () => {
    const r = await ask<{ deleteEcosystemDemoData: Job }>(schema, contextFor(live, platformAdmin), DELETE, { e: ecosystemId });
    expect(r.errors).toEqual([]);
    expect(await recentWhenEnded(ecosystemId)).toMatchObject({ jobId: r.data!.deleteEcosystemDemoData.jobId, state: 'FINISHED' });
    const demo = await db.ownerPool.query('SELECT count(*)::int AS n FROM read.programs WHERE ecosystem_id = $1 AND is_demo', [ecosystemId]);
    expect(demo.rows[0].n).toBe(0);
    const again = await ask(schema, contextFor(live, platformAdmin), DELETE, { e: ecosystemId });
    expect(again.errors[0]).toMatchObject({ code: 'CONFLICT', conflictType: 'NO_DEMO_DATA' });
  });
});

describe('jobs API: job management', () => {
  it('cancels every active job of an ecosystem and asks the engine to stop each run', async () => {
    const ctx = contextFor(held, platformAdmin);
    const created = await ask<{ createBatchJob: Job }>(schema, ctx,
      'mutation($e: ID!) { createBatchJob(ecosystemId: $e, jobName: "createEcosystemDemoData", metadata: { demoSessionsStartDate: "2027-02-01" }) { state jobId } }', { e: heldEcosystemId });
    expect(created.data!.createBatchJob.state).toBe('SUBMITTED');
    const busy = await ask(schema, ctx, CREATE, { e: heldEcosystemId, d: '2027-02-01' });
    expect(busy.errors[0]).toMatchObject({ code: 'CONFLICT', conflictType: 'DEMO_DATA_BUSY' });

    const r = await ask<{ cancelActiveBatchJobs: Job[] }>(schema, ctx, `mutation($e: ID!) { cancelActiveBatchJobs(ecosystemId: $e) { ${JOB} } }`, { e: heldEcosystemId });
    expect(r.data!.cancelActiveBatchJobs.map((j) => [j.jobId, j.state, j.isActive])).toEqual([[created.data!.createBatchJob.jobId, 'CANCELLED', false]]);
    expect(held.engine.cancelled).toEqual([`batch-job-${created.data!.createBatchJob.jobId}`]);
    const none = await ask<{ cancelActiveBatchJobs: Job[] }>(schema, ctx, 'mutation($e: ID!) { cancelActiveBatchJobs(ecosystemId: $e) { id } }', { e: heldEcosystemId });
    expect(none.data!.cancelActiveBatchJobs).toEqual([]);
  });

  it('lists jobs newest first as a Relay connection, per ecosystem or for all, and loads one as a node', async () => {
    const ctx = contextFor(live, platformAdmin);
    const all = await ask<{ getAllEcosystemJobs: { edges: Array<{ cursor: string; node: Job & { ecosystemId: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string } } }>(
      schema, ctx, `query { getAllEcosystemJobs(first: 2) { edges { cursor node { ${JOB} } } pageInfo { hasNextPage endCursor } } }`);
    expect(all.data!.getAllEcosystemJobs.edges.map((e) => e.node.ecosystemId)).toEqual([heldEcosystemId, ecosystemId]);
    expect(all.data!.getAllEcosystemJobs.pageInfo.hasNextPage).toBe(true);
    const next = await ask<{ getAllEcosystemJobs: { edges: Array<{ node: { jobName: string } }> } }>(schema, ctx,
      'query($a: String, $e: ID) { getAllEcosystemJobs(ecosystemId: $e, first: 10, after: $a) { edges { node { jobName } } } }',
      { a: all.data!.getAllEcosystemJobs.pageInfo.endCursor, e: ecosystemId });
    expect(next.data!.getAllEcosystemJobs.edges.map((e) => e.node.jobName)).toEqual(['createEcosystemDemoData']);
    const node = await ask<{ node: { jobName: string } }>(schema, ctx, 'query($id: ID!) { node(id: $id) { ... on BatchJob { jobName } } }', { id: all.data!.getAllEcosystemJobs.edges[1].node.id });
    expect(node.data!.node).toEqual({ jobName: 'deleteEcosystemDemoData' });
    expect((await ask(schema, contextFor(live, ecosystemAdmin), 'query { getAllEcosystemJobs { edges { cursor } } }')).errors[0].code).toBe('FORBIDDEN');
  });
});
