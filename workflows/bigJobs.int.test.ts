/** Big jobs end to end on the embedded engine, pg-boss (the suite: testing/big-jobs-suite.ts), a worker killed mid-job included. */
import { PgBossWorkflowEngine } from './engine/pgboss';
import { bigJobsSuite } from './testing/big-jobs-suite';

bigJobsSuite('pg-boss', (activities, connectionString) => new PgBossWorkflowEngine({
  connectionString, activities, pollingIntervalSeconds: 0.5, shutdownGraceMs: 300, runRetryDelaySeconds: 1, log: () => undefined,
}), { killWorker: true });
