/**
 * The contract every WorkflowEngine adapter passes (pg-boss in `npm test`, Temporal in
 * `npm run test:temporal`): the real workflows over recording activities (fake-activities.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkflowId, type CreateDemoDataArgs, type WorkflowEngine } from '../engine/port';
import { FakeActivities } from './fake-activities';

export interface EngineUnderTest {
  /** A new engine (not started) over the same queue or task queue: called again to replace a stopped worker. */
  create(): WorkflowEngine;
  /** How long a schedule due every minute may take to fire (pg-boss: seconds; Temporal: the next minute). */
  firstFiringWithinMs: number;
  /** Releases what setup created besides the engine (databases, connections). */
  teardown(): Promise<void>;
}

const ecosystemId = '4d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a';
const args = (jobId: string): CreateDemoDataArgs => ({
  jobId, ecosystemId, actor: { userId: 'admin-1', role: 'PLATFORM_ADMIN' }, demoSessionsStartDate: '2026-12-01',
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function workflowEngineContract(label: string, setup: (fake: FakeActivities) => Promise<EngineUnderTest>): void {
  describe(`${label} engine: workflow engine contract`, () => {
    const fake = new FakeActivities();
    let subject: EngineUnderTest;
    let engine: WorkflowEngine;

    beforeAll(async () => {
      subject = await setup(fake);
      engine = subject.create();
      await engine.start();
    });
    afterAll(async () => {
      await engine.unschedule('reapStalledJobs');
      await engine.stop();
      await subject.teardown();
    });

    it('runs a workflow to completion, one activity after another', async () => {
      const jobId = randomUUID();
      expect(await engine.startWorkflow('createEcosystemDemoData', jobWorkflowId(jobId), args(jobId))).toEqual({ started: true });
      expect(await fake.ended(jobId)).toEqual({ outcome: 'completed', failure: null });
      expect(fake.stepsOf(jobId)).toEqual(['begin', 'add:0', 'add:1', 'add:2', 'complete']);
    });

    it('starts a workflow id once: a repeated start, during or after the run, starts nothing', async () => {
      const jobId = randomUUID();
      const id = jobWorkflowId(jobId);
      const [first, second] = await Promise.all([
        engine.startWorkflow('createEcosystemDemoData', id, args(jobId)),
        engine.startWorkflow('createEcosystemDemoData', id, args(jobId)),
      ]);
      expect([first.started, second.started].sort()).toEqual([false, true]);
      await fake.ended(jobId);
      expect(await engine.startWorkflow('createEcosystemDemoData', id, args(jobId))).toEqual({ started: false });
      await sleep(1500);
      expect(fake.stepsOf(jobId).filter((s) => s === 'begin')).toHaveLength(1);
    });

    it('retries an activity after a transient failure, then carries on', async () => {
      const jobId = randomUUID();
      fake.failTransientlyOnce(jobId);
      await engine.startWorkflow('createEcosystemDemoData', jobWorkflowId(jobId), args(jobId));
      expect(await fake.ended(jobId)).toEqual({ outcome: 'completed', failure: null });
      expect(fake.stepsOf(jobId)).toEqual(['begin', 'add:0', 'add:0', 'add:1', 'add:2', 'complete']);
    });

    it('does not retry a refused activity: the workflow abandons with the reason', async () => {
      const jobId = randomUUID();
      fake.refuseItems(jobId);
      await engine.startWorkflow('createEcosystemDemoData', jobWorkflowId(jobId), args(jobId));
      expect(await fake.ended(jobId)).toEqual({ outcome: 'abandoned', failure: 'Refused by the domain.' });
      expect(fake.stepsOf(jobId)).toEqual(['begin', 'add:0', 'abandon']);
    });

    it('cancels a running workflow: no further step runs, but the cleanup does', async () => {
      const jobId = randomUUID();
      const gate = fake.block(jobId);
      await engine.startWorkflow('createEcosystemDemoData', jobWorkflowId(jobId), args(jobId));
      await gate.entered;
      await engine.cancelWorkflow(jobWorkflowId(jobId));
      gate.release();
      expect(await fake.ended(jobId)).toEqual({ outcome: 'abandoned', failure: null });
      await sleep(1000);
      expect(fake.stepsOf(jobId)).toEqual(['begin', 'add:0', 'add:1', 'abandon']);
    });

    it('ignores the cancellation of a workflow it does not know', async () => {
      await expect(engine.cancelWorkflow(jobWorkflowId(randomUUID()))).resolves.toBeUndefined();
    });

    it('runs the deletion workflow over the items its first step returns', async () => {
      const jobId = randomUUID();
      const { demoSessionsStartDate: _unused, ...deletionArgs } = args(jobId);
      await engine.startWorkflow('deleteEcosystemDemoData', jobWorkflowId(jobId), deletionArgs);
      expect(await fake.ended(jobId)).toEqual({ outcome: 'completed', failure: null });
      expect(fake.stepsOf(jobId)).toEqual(['begin-deletion', 'remove:Fake A', 'remove:Fake B', 'complete-deletion']);
    });

    it('finishes a run whose worker stopped mid-activity on a new worker, each step done once', async () => {
      const jobId = randomUUID();
      const gate = fake.block(jobId);
      await engine.startWorkflow('createEcosystemDemoData', jobWorkflowId(jobId), args(jobId));
      await gate.entered;
      // The old worker's attempt never returns, as if its process had died; the new one takes over.
      await engine.stop();
      engine = subject.create();
      await engine.start();
      expect(await fake.ended(jobId, 90_000)).toEqual({ outcome: 'completed', failure: null });
      expect(fake.doneStepsOf(jobId)).toEqual(['begin', 'add:0', 'add:1', 'add:2', 'complete']);
      const steps = fake.stepsOf(jobId);
      expect(steps.filter((s) => s === 'add:1')).toHaveLength(2);
      expect(steps.filter((s) => s === 'complete')).toHaveLength(1);
      expect(steps).not.toContain('abandon');
    }, 120_000);

    it('schedules a recurring workflow: created, updated in place on a second call, fired, removed', async () => {
      const runsBefore = fake.reaperRuns.length;
      // Yearly first, so that only the updated schedule can fire during the test.
      await engine.schedule('reapStalledJobs', { cron: '0 0 1 1 *', timezone: 'UTC' }, { stalledAfterMs: 60_000 });
      await engine.schedule('reapStalledJobs', { cron: '* * * * *', timezone: 'Europe/Madrid' }, { stalledAfterMs: 120_000 });
      await fake.reaperRan(runsBefore + 1, subject.firstFiringWithinMs);
      // Every firing (a second one if a minute turned meanwhile) runs with the updated arguments.
      expect(new Set(fake.reaperRuns.slice(runsBefore).map((r) => r.stalledAfterMs))).toEqual(new Set([120_000]));
      await engine.unschedule('reapStalledJobs');
      await expect(engine.unschedule('reapStalledJobs')).resolves.toBeUndefined();
    }, 150_000);

    it('refuses a schedule the engines would read differently', async () => {
      await expect(engine.schedule('reapStalledJobs', { cron: '*/5 * * * * *', timezone: 'UTC' }, { stalledAfterMs: 60_000 }))
        .rejects.toThrow(/five fields/);
    });
  });
}
