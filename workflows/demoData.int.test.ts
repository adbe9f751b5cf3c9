/** Demo data end to end on the embedded engine, pg-boss (the suite: testing/demo-data-suite.ts). */
import { PgBossWorkflowEngine } from './engine/pgboss';
import { demoDataSuite } from './testing/demo-data-suite';

demoDataSuite('pg-boss', (activities, connectionString) => new PgBossWorkflowEngine({
  connectionString, activities, pollingIntervalSeconds: 0.5, shutdownGraceMs: 300, runRetryDelaySeconds: 1, log: () => undefined,
}));
