/**
 * Big jobs end to end on a real Temporal server (`npm run test:temporal`): the same suite as on
 * pg-boss (testing/big-jobs-suite.ts), the activities running in this process's worker. A killed
 * worker is Temporal's to resume (the run's history replays on the next worker); the pg-boss suite
 * counts chunk executions across one.
 */
import { randomUUID } from 'node:crypto';
import { TemporalWorkflowEngine } from './engine/temporal';
import { bigJobsSuite } from './testing/big-jobs-suite';
import { temporalTestAddress } from './testing/temporal-server';

const taskQueue = `big-jobs-${randomUUID()}`;
bigJobsSuite('Temporal', (activities) => new TemporalWorkflowEngine({
  address: temporalTestAddress(), namespace: 'default', taskQueue, activities, shutdownGraceMs: 300, log: () => undefined,
}), { killWorker: false });
