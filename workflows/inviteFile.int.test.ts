/** Invitation files end to end on the embedded engine, pg-boss (the suite: testing/invite-file-suite.ts). */
import { PgBossWorkflowEngine } from './engine/pgboss';
import { inviteFileSuite } from './testing/invite-file-suite';

inviteFileSuite('pg-boss', (activities, connectionString) => new PgBossWorkflowEngine({
  connectionString, activities, pollingIntervalSeconds: 0.5, shutdownGraceMs: 300, runRetryDelaySeconds: 1, log: () => undefined,
}));
