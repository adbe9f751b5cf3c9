/**
 * A rebuild's large batches are written in slices (write.ts, docs/decisions/0022): people named,
 * job runs started and facets seen in one slice must carry into the next exactly as they carry
 * across batches. A rebuild in one batch of several slices must equal a build in small batches.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../domain/shared/events';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { newEvent, rows, TENANT_A, TENANT_B, waitUntilServing } from '../testing/fixtures';
import { auditProjection } from './index';

let db: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const JOB = randomUUID();
const people = [randomUUID(), randomUUID(), randomUUID()];

/** Event n of the log: people registering early, a job whose steps span the whole log, others acting. */
function eventAt(n: number): [string, NewEvent] {
  const tenant = n % 3 === 0 ? TENANT_B : TENANT_A;
  const actor = { userId: people[n % 3], role: 'SUPER_ADMIN' as const, ecosystemId: tenant };
  if (n < 3) {
    return [`user-${people[n]}`, newEvent('UserRegistered', { userId: people[n], email: `p${n}@example.org`, firstName: `Person ${n}`, lastName: 'Doe' }, actor)];
  }
  if (n === 3) return [`batchjob-${JOB}`, newEvent('BatchJobQueued', { jobId: JOB, ecosystemId: TENANT_A, jobName: 'demo', createdBy: people[0] }, actor)];
  if (n === 1_150) return [`batchjob-${JOB}`, newEvent('BatchJobFinished', { jobId: JOB, result: {} }, actor)];
  if (n % 97 === 0) {
    const e = newEvent('DemoDataItemAdded', { item: { kind: 'program', label: `Demo ${n}` } }, actor);
    return [`demodata-${TENANT_A}`, { ...e, metadata: { ...e.metadata, correlationId: JOB } }];
  }
  return [`program-${randomUUID()}`, newEvent('ProgramEdited', { name: `Program ${n}`, capacity: n }, actor)];
}

const snapshot = async () => ({
  breadcrumbs: await rows(db.ownerPool, 'SELECT * FROM read.breadcrumbs ORDER BY position_commit, position_prepare'),
  runs: await rows(db.ownerPool, 'SELECT * FROM read.breadcrumb_runs ORDER BY run_id'),
  facets: await rows(db.ownerPool, 'SELECT * FROM read.breadcrumb_facets ORDER BY ecosystem_id, kind, value'),
});

describe('audit batches written in slices', () => {
  it('give exactly the rows small batches give', async () => {
    let last = null;
    for (let n = 0; n < 1_300; n++) {
      const [stream, event] = eventAt(n);
      last = (await store.append(stream, [event], { expectedRevision: 'any' })).position;
    }
    const small = new ProjectionRunner(db.ownerPool, store, [auditProjection], { pollIntervalMs: 10, batchSize: 7 });
    await small.start();
    expect(await small.waitFor(last!, ['audit'], 60_000)).toBe(true);
    await small.stop();
    const built = await snapshot();
    expect(built.breadcrumbs).toHaveLength(1_300);
    expect(built.runs).toEqual([expect.objectContaining({ run_id: JOB, status: 'FINISHED' })]);

    // One batch of 1,300 events: three slices of the audit's statement.
    const large = new ProjectionRunner(db.ownerPool, store, [auditProjection], { pollIntervalMs: 10, batchSize: 2_000 });
    await large.start();
    try {
      const [schema] = await large.rebuild(['audit']);
      await waitUntilServing(db.ownerPool, schema, 60_000);
    } finally {
      await large.stop();
    }
    expect(await snapshot()).toEqual(built);
  }, 120_000);
});
