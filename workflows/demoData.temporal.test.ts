/**
 * Demo data end to end on a real Temporal server (`npm run test:temporal`): the same suite as on
 * pg-boss (testing/demo-data-suite.ts), the activities running in this process's worker.
 */
import { randomUUID } from 'node:crypto';
import { TemporalWorkflowEngine } from './engine/temporal';
import { demoDataSuite } from './testing/demo-data-suite';
import { temporalTestAddress } from './testing/temporal-server';

const taskQueue = `demo-data-${randomUUID()}`;
demoDataSuite('Temporal', (activities) => new TemporalWorkflowEngine({
  address: temporalTestAddress(), namespace: 'default', taskQueue, activities, shutdownGraceMs: 300, log: () => undefined,
}));
