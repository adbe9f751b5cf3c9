/** The stalled-job reaper on pg-boss, fired by its real schedule (the suite: testing/reaper-suite.ts). */
import { PgBossWorkflowEngine } from './engine/pgboss';
import { reaperSuite } from './testing/reaper-suite';

reaperSuite('pg-boss', (activities, connectionString) => new PgBossWorkflowEngine({
  connectionString, activities, pollingIntervalSeconds: 0.5, cronCheckSeconds: 1, log: () => undefined,
}), { firings: 1, firingWithinMs: 20_000 });
