/**
 * The engine contract against a real Temporal server (`npm run test:temporal` starts one, or uses
 * TEMPORAL_ADDRESS). Each run uses its own task queue, and so its own schedule ids, so that runs
 * never pick up each other's workflows.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { workflowEngineContract } from '../testing/engine-contract';
import { FakeActivities } from '../testing/fake-activities';
import { TemporalWorkflowEngine } from './temporal';
import { temporalTestAddress } from '../testing/temporal-server';

workflowEngineContract('Temporal', async (fake) => {
  const taskQueue = `contract-${randomUUID()}`;
  const create = () => new TemporalWorkflowEngine({
    address: temporalTestAddress(), namespace: 'default', taskQueue, activities: fake.activities, shutdownGraceMs: 300, log: () => undefined,
  });
  // A schedule due every minute fires at the next minute boundary.
  return { create, firstFiringWithinMs: 75_000, teardown: async () => undefined };
});

describe('Temporal engine: schedules and client-only mode', () => {
  it('keeps one schedule per workflow and task queue, updated in place, with the overlap policy SKIP', async () => {
    const taskQueue = `schedules-${randomUUID()}`;
    const engine = new TemporalWorkflowEngine({ address: temporalTestAddress(), namespace: 'default', taskQueue, activities: new FakeActivities().activities, worker: false });
    await engine.start();
    try {
      await engine.schedule('reapStalledJobs', { cron: '*/10 * * * *', timezone: 'UTC' }, { stalledAfterMs: 900_000 });
      await engine.schedule('reapStalledJobs', { cron: '*/15 * * * *', timezone: 'Europe/Madrid' }, { stalledAfterMs: 600_000 });
      const description = await engine.temporalClient.schedule.getHandle(engine.scheduleIdOf('reapStalledJobs')).describe();
      expect(description.spec.timezone).toBe('Europe/Madrid');
      expect(description.spec.calendars?.[0]?.minute).toEqual([{ start: 0, end: 59, step: 15 }]);
      expect(description.policies.overlap).toBe('SKIP');
      expect(description.action).toMatchObject({ type: 'startWorkflow', workflowType: 'reapStalledJobs', taskQueue, args: [{ stalledAfterMs: 600_000 }] });
      await engine.unschedule('reapStalledJobs');
      await expect(engine.temporalClient.schedule.getHandle(engine.scheduleIdOf('reapStalledJobs')).describe()).rejects.toThrow(/not found/i);
    } finally {
      await engine.stop();
    }
  });
});
