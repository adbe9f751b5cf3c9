/**
 * The engine contract against a real Temporal server. Included by vitest.config.ts only when
 * TEMPORAL_ADDRESS is set (no server can run on the build machines); each run uses its own task
 * queue so that runs never pick up each other's workflows.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../infra/config';
import { workflowEngineContract } from '../testing/engine-contract';
import { TemporalWorkflowEngine } from './temporal';

workflowEngineContract('Temporal', async (fake) => {
  const config = loadConfig();
  if (!config.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS must be set for *.temporal.test.ts');
  const engine = new TemporalWorkflowEngine({
    address: config.TEMPORAL_ADDRESS,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: `contract-${randomUUID()}`,
    activities: fake.activities,
  });
  return { engine, teardown: async () => undefined };
});
