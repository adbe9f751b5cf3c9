/** The "all matching" session actions end to end on the embedded engine, pg-boss (the suite: testing/bulk-sessions-suite.ts). */
import { PgBossWorkflowEngine } from './engine/pgboss';
import { bulkSessionsSuite } from './testing/bulk-sessions-suite';

bulkSessionsSuite('pg-boss', (activities, connectionString) => new PgBossWorkflowEngine({
  connectionString, activities, pollingIntervalSeconds: 0.5, shutdownGraceMs: 300, runRetryDelaySeconds: 1, log: () => undefined,
}));
