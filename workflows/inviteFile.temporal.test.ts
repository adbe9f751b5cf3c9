/**
 * Invitation files end to end on a real Temporal server (`npm run test:temporal`): the same suite as
 * on pg-boss (testing/invite-file-suite.ts), the activities running in this process's worker.
 */
import { randomUUID } from 'node:crypto';
import { TemporalWorkflowEngine } from './engine/temporal';
import { inviteFileSuite } from './testing/invite-file-suite';
import { temporalTestAddress } from './testing/temporal-server';

const taskQueue = `invite-file-${randomUUID()}`;
inviteFileSuite('Temporal', (activities) => new TemporalWorkflowEngine({
  address: temporalTestAddress(), namespace: 'default', taskQueue, activities, shutdownGraceMs: 300, log: () => undefined,
}));
