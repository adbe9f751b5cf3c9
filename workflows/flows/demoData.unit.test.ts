import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { FakeActivities } from '../testing/fake-activities';
import { createEcosystemDemoDataFlow, deleteEcosystemDemoDataFlow } from './demoData';
import type { FlowRuntime } from './runtime';

class EngineCancelled extends Error {}
class WorkerStopped extends Error {}

const args = {
  jobId: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d', ecosystemId: '4d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a',
  actor: { userId: 'admin-1', role: 'PLATFORM_ADMIN' as const }, demoSessionsStartDate: '2026-12-01',
};

function runtime(): FlowRuntime & { shieldedCalls: number } {
  const rt = {
    shieldedCalls: 0,
    isEngineCancellation: (err: unknown) => err instanceof EngineCancelled,
    isInterruption: (err: unknown) => err instanceof WorkerStopped,
    async nonCancellable<T>(fn: () => Promise<T>) {
      rt.shieldedCalls++;
      return fn();
    },
  };
  return rt;
}

describe('demo-data flows', () => {
  it('create: begin, each planned item, complete', async () => {
    const fake = new FakeActivities();
    expect(await createEcosystemDemoDataFlow(fake.activities, args, runtime())).toEqual({ state: 'FINISHED' });
    expect(fake.stepsOf(args.jobId)).toEqual(['begin', 'add:0', 'add:1', 'add:2', 'complete']);
  });

  it('a failed step abandons with the innermost message, shielded from cancellation, and reports FAILED', async () => {
    const fake = new FakeActivities();
    const rt = runtime();
    // Temporal hands the workflow an ActivityFailure whose cause is the activity's own failure.
    const wrapped = Object.assign(new Error('Activity task failed'), { cause: ApplicationFailure.create({ message: 'Demo data is being deleted for this ecosystem.', type: 'DomainError' }) });
    const activities = { ...fake.activities, beginDemoDataCreation: async () => { throw wrapped; } };
    expect(await createEcosystemDemoDataFlow(activities, args, rt)).toEqual({ state: 'FAILED', error: 'Demo data is being deleted for this ecosystem.' });
    expect(await fake.ended(args.jobId, 100)).toEqual({ outcome: 'abandoned', failure: 'Demo data is being deleted for this ecosystem.' });
    expect(rt.shieldedCalls).toBe(1);
  });

  it('a job cancelled in the domain ends the run as CANCELLED, abandoning without a failure', async () => {
    const fake = new FakeActivities();
    const activities = { ...fake.activities, addDemoItem: async () => { throw ApplicationFailure.create({ message: 'This job was cancelled.', type: 'JobCancelledError', nonRetryable: true }); } };
    expect(await createEcosystemDemoDataFlow(activities, args, runtime())).toEqual({ state: 'CANCELLED' });
    expect(await fake.ended(args.jobId, 100)).toEqual({ outcome: 'abandoned', failure: null });
  });

  it('engine cancellation is rethrown after the cleanup, so the engine records the run as cancelled', async () => {
    const fake = new FakeActivities();
    const cancelled = new EngineCancelled('cancelled');
    const activities = { ...fake.activities, addDemoItem: async () => { throw cancelled; } };
    await expect(createEcosystemDemoDataFlow(activities, args, runtime())).rejects.toBe(cancelled);
    expect(fake.stepsOf(args.jobId)).toEqual(['begin', 'abandon']);
  });

  it('a stopped worker interrupts the run without cleanup: the engine resumes it elsewhere', async () => {
    const fake = new FakeActivities();
    const stopped = new WorkerStopped('worker stopped');
    const rt = runtime();
    const activities = { ...fake.activities, addDemoItem: async () => { throw stopped; } };
    await expect(createEcosystemDemoDataFlow(activities, args, rt)).rejects.toBe(stopped);
    expect(fake.stepsOf(args.jobId)).toEqual(['begin']);
    expect(rt.shieldedCalls).toBe(0);
  });

  it('delete: removes each item the first step returned, then completes', async () => {
    const fake = new FakeActivities();
    expect(await deleteEcosystemDemoDataFlow(fake.activities, args, runtime())).toEqual({ state: 'FINISHED' });
    expect(fake.stepsOf(args.jobId)).toEqual(['begin-deletion', 'remove:Fake A', 'remove:Fake B', 'complete-deletion']);
  });
});
