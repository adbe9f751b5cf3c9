/**
 * The "all matching" session actions end to end on a real Temporal server (`npm run test:temporal`):
 * the same suite as on pg-boss (testing/bulk-sessions-suite.ts), the activities running in this process's worker.
 */
import { randomUUID } from 'node:crypto';
import { TemporalWorkflowEngine } from './engine/temporal';
import { bulkSessionsSuite } from './testing/bulk-sessions-suite';
import { temporalTestAddress } from './testing/temporal-server';

const taskQueue = `bulk-sessions-${randomUUID()}`;
bulkSessionsSuite('Temporal', (activities) => new TemporalWorkflowEngine({
  address: temporalTestAddress(), namespace: 'default', taskQueue, activities, shutdownGraceMs: 300, log: () => undefined,
}));
