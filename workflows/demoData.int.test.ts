/**
 * Demo data end to end on the embedded engine: the real command bus, PostgreSQL event store,
 * projection runner (every registered projection) and pg-boss. Creating then deleting demo data
 * must leave every tenant read model exactly as it was, while the audit trail keeps the history.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEcosystem } from '../domain/ecosystem/handlers';
import { createProgram } from '../domain/program/handlers';
import type { Actor } from '../domain/shared/events';
import { CommandBus } from '../infra/commandbus';
import { createPostgresEventStore } from '../infra/eventstore/postgres';
import type { EventStore } from '../infra/eventstore/port';
import { allProjections } from '../projections/registry';
import { ProjectionRunner } from '../projections/runner';
import { createTestDatabase, type TestDatabase } from '../tests/setup/db';
import { createActivities } from './activities';
import { demoPlan } from './demo/catalogue';
import { PgBossWorkflowEngine } from './engine/pgboss';
import { launchBatchJob, type Execute } from './launch';

const admin: Actor = { userId: '0b6f1e1c-6a0e-4c55-9f1a-2d3c4b5a6f70', role: 'PLATFORM_ADMIN' };
const ecosystemId = randomUUID();
/** Job history is expected to grow; every other read model must come back to what it was. */
const HISTORY_TABLES = ['batch_jobs', 'breadcrumbs', 'breadcrumb_runs', 'breadcrumb_facets'];

let db: TestDatabase;
let store: EventStore;
let bus: CommandBus;
let runner: ProjectionRunner;
let engine: PgBossWorkflowEngine;

const execute: Execute = async (handler, input) => {
  const result = await bus.dispatch(handler, input, { actor: admin, commandId: randomUUID() });
  if (result.position) await runner.waitFor(result.position, undefined, 10_000);
  return result;
};

async function snapshot(): Promise<Record<string, unknown[]>> {
  const views = await db.ownerPool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.views WHERE table_schema = 'read' ORDER BY table_name`);
  const out: Record<string, unknown[]> = {};
  for (const { name } of views.rows) {
    if (HISTORY_TABLES.includes(name)) continue;
    const rows = await db.ownerPool.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM read."${name}" t ORDER BY to_jsonb(t)::text`);
    out[name] = rows.rows.map((r) => r.row);
  }
  return out;
}

async function jobWhenEnded(jobId: string): Promise<{ state: string; error: string | null; progress_done: number; progress_total: number; metadata: Record<string, unknown> }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await db.ownerPool.query(`SELECT state, error, progress_done, progress_total, metadata FROM read.batch_jobs WHERE id = $1`, [jobId]);
    if (r.rows[0] && ['FINISHED', 'FAILED', 'CANCELLED'].includes(r.rows[0].state)) return r.rows[0];
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not end: ${JSON.stringify(r.rows[0])}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runJob(jobName: 'createEcosystemDemoData' | 'deleteEcosystemDemoData', metadata: Record<string, unknown> = {}) {
  const jobId = randomUUID();
  await launchBatchJob(execute, engine, { jobId, ecosystemId, jobName, metadata, actor: admin });
  return { jobId, job: await jobWhenEnded(jobId) };
}

const demoPrograms = async () => (await db.ownerPool.query<{ id: string; name: string }>(
  'SELECT id, name FROM read.programs WHERE ecosystem_id = $1 AND is_demo ORDER BY name', [ecosystemId])).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
  bus = new CommandBus(store);
  runner = new ProjectionRunner(db.ownerPool, store, allProjections(), { pollIntervalMs: 20, onError: () => undefined });
  await runner.start();
  engine = new PgBossWorkflowEngine({ connectionString: db.url, activities: createActivities({ bus }), pollingIntervalSeconds: 0.5, log: () => undefined });
  await engine.start();
  await execute(createEcosystem, { ecosystemId, details: { name: 'Riverside Learning', organizationType: 'NON_PROFIT' } });
  await execute(createProgram, { programId: randomUUID(), ecosystemId, details: { name: 'After-school Homework Help' }, isDemo: false });
});

afterAll(async () => {
  await engine.stop();
  await runner.stop();
  await store.close();
  await db.drop();
});

describe('demo data on the pg-boss engine', () => {
  let before: Record<string, unknown[]>;
  let createdJobId: string;

  it('creates three demo programs through commands, the job going QUEUED → FINISHED with progress', async () => {
    before = await snapshot();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['ecosystems', 'programs', 'demo_data', 'users', 'user_roles']));
    expect(before.programs).toHaveLength(1);
    const { jobId, job } = await runJob('createEcosystemDemoData', { demoSessionsStartDate: '2026-12-01' });
    createdJobId = jobId;
    expect(job).toMatchObject({ state: 'FINISHED', error: null, progress_done: 3, progress_total: 3, metadata: { demoSessionsStartDate: '2026-12-01' } });
    expect(await demoPrograms()).toEqual(demoPlan(jobId).map((p) => ({ id: p.id, name: p.label })).sort((a, b) => a.name.localeCompare(b.name)));
    const ledger = await db.ownerPool.query('SELECT status, complete, demo_sessions_start_date::text AS start FROM read.demo_data WHERE ecosystem_id = $1', [ecosystemId]);
    expect(ledger.rows).toEqual([{ status: 'PRESENT', complete: true, start: '2026-12-01' }]);
  });

  it('refuses to create demo data twice: the second job fails and nothing is duplicated', async () => {
    const { job } = await runJob('createEcosystemDemoData', { demoSessionsStartDate: '2027-01-04' });
    expect(job).toMatchObject({ state: 'FAILED', error: 'This ecosystem already has demo data. Delete it before creating it again.' });
    expect(await demoPrograms()).toHaveLength(3);
  });

  it('deletes exactly what was added: every tenant read model is as it was before', async () => {
    const { job } = await runJob('deleteEcosystemDemoData');
    expect(job).toMatchObject({ state: 'FINISHED', progress_done: 3, progress_total: 3 });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the history: the audit trail still shows the demo programs created and deleted', async () => {
    const ids = demoPlan(createdJobId).map((p) => p.id);
    const crumbs = await db.ownerPool.query<{ event_type: string }>(
      'SELECT event_type FROM read.breadcrumbs WHERE target_id = ANY($1::text[]) ORDER BY event_type', [ids]);
    expect(crumbs.rows.filter((r) => r.event_type === 'ProgramCreated')).toHaveLength(3);
    expect(crumbs.rows.filter((r) => r.event_type === 'ProgramDeleted')).toHaveLength(3);
  });

  it('can create demo data again after deleting it', async () => {
    const { job } = await runJob('createEcosystemDemoData', { demoSessionsStartDate: '2027-01-04' });
    expect(job.state).toBe('FINISHED');
    expect(await demoPrograms()).toHaveLength(3);
  });
});
