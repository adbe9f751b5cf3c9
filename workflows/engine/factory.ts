/**
 * Picks the engine from configuration (DESIGN.md section 6): Temporal when TEMPORAL_ADDRESS is
 * set, otherwise pg-boss on the platform's own PostgreSQL. Both run the same activities.
 */
import type { Config } from '../../infra/config';
import { createActivities, type JobReads } from '../activities';
import type { CommandDispatcher } from '../dispatch';
import { PgBossWorkflowEngine } from './pgboss';
import type { WorkflowEngine } from './port';
import { TemporalWorkflowEngine } from './temporal';

export interface WorkflowEngineDeps {
  config: Pick<Config, 'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE'> & Partial<Pick<Config, 'TEMPORAL_WORKER'>>;
  /** The command bus: activities act only through domain commands. */
  bus: CommandDispatcher;
  /** The jobs read model, for the stalled-job reaper. */
  reads?: JobReads;
  clock?: () => Date;
  log?: (line: string) => void;
}

/**
 * `ownerUrl` is the platform database's owner connection URL: pg-boss creates and owns its schema
 * `pgboss` there. Call `start()` on the result before the server takes requests, `stop()` on exit.
 * With Temporal, TEMPORAL_WORKER=off makes it a client only (workers run as `npm run worker`);
 * pg-boss always works in the process that starts it.
 */
export function createWorkflowEngine(deps: WorkflowEngineDeps, ownerUrl: string): WorkflowEngine {
  const activities = createActivities({ bus: deps.bus, reads: deps.reads, clock: deps.clock });
  const { TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_TASK_QUEUE, TEMPORAL_WORKER } = deps.config;
  if (TEMPORAL_ADDRESS) {
    return new TemporalWorkflowEngine({
      address: TEMPORAL_ADDRESS, namespace: TEMPORAL_NAMESPACE, taskQueue: TEMPORAL_TASK_QUEUE, activities, log: deps.log,
      worker: TEMPORAL_WORKER !== 'off',
    });
  }
  return new PgBossWorkflowEngine({ connectionString: ownerUrl, activities, log: deps.log });
}
