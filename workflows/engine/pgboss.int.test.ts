import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/setup/db';
import { FakeActivities } from '../testing/fake-activities';
import { workflowEngineContract } from '../testing/engine-contract';
import { PgBossWorkflowEngine, pgBossJobId, queueName } from './pgboss';
import { jobWorkflowId } from './port';

const quickRetries = { startToCloseMs: 10_000, retry: { initialIntervalMs: 50, backoffCoefficient: 2, maximumIntervalMs: 200, maximumAttempts: 3 } };

workflowEngineContract('pg-boss', async (fake) => {
  const db = await createTestDatabase();
  const create = () => new PgBossWorkflowEngine({
    connectionString: db.url, activities: fake.activities, pollingIntervalSeconds: 0.5, activityProfile: quickRetries, log: () => undefined,
    shutdownGraceMs: 300, runRetryDelaySeconds: 1, cronCheckSeconds: 1,
  });
  return { create, firstFiringWithinMs: 20_000, teardown: () => db.drop() };
});

describe('pg-boss engine', () => {
  it('keeps its tables in schema pgboss, out of reach of the API role, with one queue per workflow', async () => {
    const db = await createTestDatabase();
    const fake = new FakeActivities();
    const engine = new PgBossWorkflowEngine({ connectionString: db.url, activities: fake.activities, pollingIntervalSeconds: 0.5, log: () => undefined });
    try {
      await engine.start();
      const queues = await db.ownerPool.query<{ name: string }>(`SELECT name FROM pgboss.queue WHERE name LIKE 'workflow_%' ORDER BY name`);
      expect(queues.rows.map((r) => r.name)).toEqual([
        'workflow_adminArchiveAllUser', 'workflow_adminCancelAllLabelSession', 'workflow_adminRestoreAllSessions', 'workflow_adminSaveAllLabelSession', 'workflow_adminUpdateAllUserPermissions',
        'workflow_createEcosystemDemoData', 'workflow_deleteEcosystemDemoData', 'workflow_deliverMessage', 'workflow_inviteUsersFromFile', 'workflow_reapStalledJobs',
        'workflow_runBigJob', 'workflow_runScheduledReports', 'workflow_runSessionTimers', 'workflow_runWeeklyParentReports', 'workflow_syncMeetingRoom',
      ]);
      // A run may take as long as its profile allows: an invitation file an hour, other jobs 15 minutes (workflows/profiles.ts).
      const expiry = await db.ownerPool.query<{ name: string; expire_seconds: number }>(
        `SELECT name, expire_seconds FROM pgboss.queue WHERE name IN ('workflow_inviteUsersFromFile', 'workflow_adminArchiveAllUser') ORDER BY name`);
      expect(expiry.rows).toEqual([{ name: 'workflow_adminArchiveAllUser', expire_seconds: 900 }, { name: 'workflow_inviteUsersFromFile', expire_seconds: 3600 }]);
      const usage = await db.ownerPool.query<{ ok: boolean }>(`SELECT has_schema_privilege('app_api', 'pgboss', 'USAGE') AS ok`);
      expect(usage.rows[0].ok).toBe(false);

      // The pg-boss job is the workflow run, under an id derived from the workflow id.
      const jobId = randomUUID();
      const gate = fake.block(jobId);
      await engine.startWorkflow('createEcosystemDemoData', jobWorkflowId(jobId), {
        jobId, ecosystemId: randomUUID(), actor: { userId: 'u', role: 'PLATFORM_ADMIN' }, demoSessionsStartDate: '2026-12-01',
      });
      await gate.entered;
      const running = await db.ownerPool.query<{ state: string; singleton_key: string }>(
        'SELECT state, singleton_key FROM pgboss.job WHERE name = $1 AND id = $2', [queueName('createEcosystemDemoData'), pgBossJobId(jobWorkflowId(jobId))]);
      expect(running.rows).toEqual([{ state: 'active', singleton_key: jobWorkflowId(jobId) }]);
      await engine.cancelWorkflow(jobWorkflowId(jobId));
      gate.release();
      await fake.ended(jobId);
      const after = await db.ownerPool.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [pgBossJobId(jobWorkflowId(jobId))]);
      expect(after.rows[0].state).toBe('cancelled');

      // One schedule per workflow, upserted: a second call (a restart) updates it in place.
      await engine.schedule('reapStalledJobs', { cron: '*/10 * * * *', timezone: 'UTC' }, { stalledAfterMs: 900_000 });
      await engine.schedule('reapStalledJobs', { cron: '*/15 * * * *', timezone: 'Europe/Madrid' }, { stalledAfterMs: 900_000 });
      const schedules = await db.ownerPool.query('SELECT name, cron, timezone FROM pgboss.schedule');
      expect(schedules.rows).toEqual([{ name: 'workflow_reapStalledJobs', cron: '*/15 * * * *', timezone: 'Europe/Madrid' }]);
      await engine.unschedule('reapStalledJobs');
      expect((await db.ownerPool.query('SELECT 1 FROM pgboss.schedule')).rowCount).toBe(0);
    } finally {
      await engine.stop();
      await db.drop();
    }
  });
});
