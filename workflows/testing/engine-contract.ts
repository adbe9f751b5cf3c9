/**
 * The contract every WorkflowEngine adapter passes (pg-boss always, Temporal when
 * TEMPORAL_ADDRESS is set): the real workflows over recording activities (fake-activities.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkflowId, type CreateDemoDataArgs, type WorkflowEngine } from '../engine/port';
import { FakeActivities } from './fake-activities';

export interface EngineUnderTest {
  engine: WorkflowEngine;
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

    beforeAll(async () => {
      subject = await setup(fake);
      await subject.engine.start();
    });
    afterAll(async () => {
      await subject.engine.stop();
      await subject.teardown();
    });

    it('runs a workflow to completion, one activity after another', async () => {
      const jobId = randomUUID();
      expect(await subject.engine.startWorkflow('createEcosystemDemoData', jobWorkflowId(jobId), args(jobId))).toEqual({ started: true });
      expect(await fake.ended(jobId)).toEqual({ outcome: 'completed', failure: null });
      expect(fake.stepsOf(jobId)).toEqual(['begin', 'add:0', 'add:1', 'add:2', 'complete']);
    });

    it('starts a workflow id once: a repeated start, during or after the run, starts nothing', async () => {
      const jobId = randomUUID();
      const id = jobWorkflowId(jobId);
      const [first, second] = await Promise.all([
        subject.engine.startWorkflow('createEcosystemDemoData', id, args(jobId)),
        subject.engine.startWorkflow('createEcosystemDemoData', id, args(jobId)),
      ]);
      expect([first.started, second.started].sort()).toEqual([false, true]);
      await fake.ended(jobId);
      expect(await subject.engine.startWorkflow('createEcosystemDemoData', id, args(jobId))).toEqual({ started: false });
      await sleep(1500);
      expect(fake.stepsOf(jobId).filter((s) => s === 'begin')).toHaveLength(1);
    });

    it('retries an activity after a transient failure, then carries on', async () => {
      const jobId = randomUUID();
      fake.failTransientlyOnce(jobId);
      await subject.engine.startWorkflow('createEcosystemDemoData', jobWorkflowId(jobId), args(jobId));
      expect(await fake.ended(jobId)).toEqual({ outcome: 'completed', failure: null });
      expect(fake.stepsOf(jobId)).toEqual(['begin', 'add:0', 'add:0', 'add:1', 'add:2', 'complete']);
    });

    it('does not retry a refused activity: the workflow abandons with the reason', async () => {
      const jobId = randomUUID();
      fake.refuseItems(jobId);
      await subject.engine.startWorkflow('createEcosystemDemoData', jobWorkflowId(jobId), args(jobId));
      expect(await fake.ended(jobId)).toEqual({ outcome: 'abandoned', failure: 'Refused by the domain.' });
      expect(fake.stepsOf(jobId)).toEqual(['begin', 'add:0', 'abandon']);
    });

    it('cancels a running workflow: no further step runs, but the cleanup does', async () => {
      const jobId = randomUUID();
      const gate = fake.block(jobId);
      await subject.engine.startWorkflow('createEcosystemDemoData', jobWorkflowId(jobId), args(jobId));
      await gate.entered;
      await subject.engine.cancelWorkflow(jobWorkflowId(jobId));
      gate.release();
      expect(await fake.ended(jobId)).toEqual({ outcome: 'abandoned', failure: null });
      await sleep(1000);
      expect(fake.stepsOf(jobId)).toEqual(['begin', 'add:0', 'add:1', 'abandon']);
    });

    it('ignores the cancellation of a workflow it does not know', async () => {
      await expect(subject.engine.cancelWorkflow(jobWorkflowId(randomUUID()))).resolves.toBeUndefined();
    });

    it('runs the deletion workflow over the items its first step returns', async () => {
      const jobId = randomUUID();
      const { demoSessionsStartDate: _unused, ...deletionArgs } = args(jobId);
      await subject.engine.startWorkflow('deleteEcosystemDemoData', jobWorkflowId(jobId), deletionArgs);
      expect(await fake.ended(jobId)).toEqual({ outcome: 'completed', failure: null });
      expect(fake.stepsOf(jobId)).toEqual(['begin-deletion', 'remove:Fake A', 'remove:Fake B', 'complete-deletion']);
    });
  });
}
