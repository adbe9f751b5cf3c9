import { ApplicationFailure, type Logger } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActivities, type Activities } from './activities';
import { demoPlan } from './demo/catalogue';
import type { CreateDemoDataArgs } from './engine/port';
import { MemoryBus } from './testing/memory-bus';

const jobId = '1f0c5b8e-2d3a-4e6f-8a9b-0c1d2e3f4a5b';
const ecosystemId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const args: CreateDemoDataArgs = {
  jobId, ecosystemId, actor: { userId: 'admin-1', role: 'PLATFORM_ADMIN' }, demoSessionsStartDate: '2026-12-01',
};

const quiet = () => undefined;
const silent: Logger = { log: quiet, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet };

let bus: MemoryBus;
let acts: Activities;
let env: MockActivityEnvironment;

function queueJob(jobName: 'createEcosystemDemoData' | 'deleteEcosystemDemoData', id = jobId) {
  bus.seed(`batchjob-${id}`, [{
    type: 'BatchJobQueued',
    data: { jobId: id, ecosystemId, jobName, metadata: jobName === 'createEcosystemDemoData' ? { demoSessionsStartDate: '2026-12-01' } : {}, createdBy: 'admin-1' },
  }]);
}

/** env.run with its result typed (MockActivityEnvironment cannot infer it). */
const run = <P extends unknown[], R>(fn: (...params: P) => Promise<R>, ...params: P): Promise<R> => env.run(fn, ...params) as Promise<R>;

const types = (stream: string) => bus.stream(stream).map((e) => e.type);

async function runCreation(): Promise<void> {
  const { total } = await run(acts.beginDemoDataCreation, args);
  for (let i = 0; i < total; i++) await run(acts.addDemoItem, args, i);
  await run(acts.completeDemoDataCreation, args);
}

beforeEach(() => {
  bus = new MemoryBus();
  acts = createActivities({ bus, clock: () => new Date('2026-11-22T10:00:00Z') });
  // Expected failures are asserted below; the default logger would print each one.
  env = new MockActivityEnvironment({}, { logger: silent });
  queueJob('createEcosystemDemoData');
});

describe('demo-data creation activities', () => {
  it('mark the job PROCESSING and claim the ledger before any content exists', async () => {
    expect(await run(acts.beginDemoDataCreation, args)).toEqual({ total: 3 });
    expect(types(`batchjob-${jobId}`)).toEqual(['BatchJobQueued', 'BatchJobStarted']);
    expect(types(`demodata-${ecosystemId}`)).toEqual(['DemoDataCreationBegan']);
    expect(bus.log.some((e) => e.type === 'ProgramCreated')).toBe(false);
  });

  it('record each item in the ledger, then create it as a demo program, then count progress', async () => {
    await run(acts.beginDemoDataCreation, args);
    const item = await run(acts.addDemoItem, args, 0);
    const [planned] = demoPlan(jobId);
    expect(item).toEqual({ kind: 'program', id: planned.id, label: 'Math Foundations Tutoring (Demo)' });
    const order = bus.log.map((e) => e.type).slice(-3);
    expect(order).toEqual(['DemoDataItemAdded', 'ProgramCreated', 'BatchJobProgressed']);
    expect(bus.stream(`program-${planned.id}`)[0].data).toMatchObject({ ecosystemId, isDemo: true, details: { name: planned.label } });
  });

  it('act on behalf of the requesting admin, correlated by job', async () => {
    await runCreation();
    expect(new Set(bus.log.filter((e) => e.commandId.startsWith('seed') === false).map((e) => e.actorUserId))).toEqual(new Set(['admin-1']));
    expect(new Set(bus.log.filter((e) => !e.commandId.startsWith('seed')).map((e) => e.correlationId))).toEqual(new Set([jobId]));
  });

  it('are safe to repeat: a retried step appends nothing new', async () => {
    await runCreation();
    const before = bus.log.length;
    await runCreation();
    expect(bus.log.length).toBe(before);
    expect(types(`batchjob-${jobId}`)).toEqual(['BatchJobQueued', 'BatchJobStarted', 'BatchJobProgressed', 'BatchJobProgressed', 'BatchJobProgressed', 'BatchJobFinished']);
    expect(types(`demodata-${ecosystemId}`)).toEqual(['DemoDataCreationBegan', 'DemoDataItemAdded', 'DemoDataItemAdded', 'DemoDataItemAdded', 'DemoDataCreated']);
  });

  it('turn a business refusal into a non-retryable failure: demo data already present', async () => {
    await runCreation();
    const second = { ...args, jobId: '2f0c5b8e-2d3a-4e6f-8a9b-0c1d2e3f4a5b' };
    queueJob('createEcosystemDemoData', second.jobId);
    const failure = await run(acts.beginDemoDataCreation, second).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'DomainError', nonRetryable: true, message: expect.stringContaining('already has demo data') });
  });

  it('stop with JobCancelledError once the job is cancelled', async () => {
    await run(acts.beginDemoDataCreation, args);
    bus.seed(`batchjob-${jobId}`, [{ type: 'BatchJobCancelled', data: { jobId } }]);
    await expect(run(acts.addDemoItem, args, 0)).rejects.toMatchObject({ type: 'JobCancelledError', nonRetryable: true });
  });

  it('on abandonment keep what was added for deletion and fail the job with the reason', async () => {
    await run(acts.beginDemoDataCreation, args);
    await run(acts.addDemoItem, args, 0);
    await run(acts.abandonDemoDataCreation, args, 'Database went away.');
    expect(types(`demodata-${ecosystemId}`).at(-1)).toBe('DemoDataCreationAbandoned');
    expect(bus.stream(`batchjob-${jobId}`).at(-1)).toMatchObject({ type: 'BatchJobFailed', data: { error: 'Database went away.' } });
  });

  it('on cancellation of a job that already finished, leave its outcome alone', async () => {
    await runCreation();
    await run(acts.abandonDemoDataCreation, args, null);
    expect(types(`batchjob-${jobId}`).at(-1)).toBe('BatchJobFinished');
  });
});

describe('demo-data deletion activities', () => {
  const deletion = { jobId: '3f0c5b8e-2d3a-4e6f-8a9b-0c1d2e3f4a5b', ecosystemId, actor: args.actor };

  it('remove exactly what the ledger recorded, then mark it deleted and finish', async () => {
    await runCreation();
    queueJob('deleteEcosystemDemoData', deletion.jobId);
    const { items } = await run(acts.beginDemoDataDeletion, deletion);
    expect(items.map((i) => i.id)).toEqual(demoPlan(jobId).map((p) => p.id));
    for (const [i, item] of items.entries()) await run(acts.removeDemoItem, deletion, item, i + 1);
    await run(acts.completeDemoDataDeletion, deletion);
    for (const item of items) expect(types(`program-${item.id}`)).toEqual(['ProgramCreated', 'ProgramDeleted']);
    expect(types(`demodata-${ecosystemId}`).at(-1)).toBe('DemoDataDeleted');
    expect(types(`batchjob-${deletion.jobId}`)).toEqual(['BatchJobQueued', 'BatchJobStarted', 'BatchJobProgressed', 'BatchJobProgressed', 'BatchJobProgressed', 'BatchJobFinished']);
  });

  it('fail clearly when there is nothing to delete', async () => {
    const fresh = new MemoryBus();
    const freshActs = createActivities({ bus: fresh });
    fresh.seed(`batchjob-${deletion.jobId}`, [{ type: 'BatchJobQueued', data: { jobId: deletion.jobId, ecosystemId, jobName: 'deleteEcosystemDemoData', metadata: {}, createdBy: 'admin-1' } }]);
    await expect(run(freshActs.beginDemoDataDeletion, deletion)).rejects.toMatchObject({ type: 'DomainError', message: 'This ecosystem has no demo data.' });
  });
});
