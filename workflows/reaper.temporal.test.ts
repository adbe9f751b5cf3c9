/**
 * The stalled-job reaper on a real Temporal server, fired by a real Temporal Schedule due every
 * minute: the first firing reaps the jobs stalled before it, the next one a job stalled after
 * (the suite: testing/reaper-suite.ts).
 */
import { randomUUID } from 'node:crypto';
import { TemporalWorkflowEngine } from './engine/temporal';
import { reaperSuite } from './testing/reaper-suite';
import { temporalTestAddress } from './testing/temporal-server';

const taskQueue = `reaper-${randomUUID()}`;
reaperSuite('Temporal', (activities) => new TemporalWorkflowEngine({
  address: temporalTestAddress(), namespace: 'default', taskQueue, activities, shutdownGraceMs: 300, log: () => undefined,
}), { firings: 2, firingWithinMs: 75_000 });
