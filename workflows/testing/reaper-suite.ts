/**
 * The stalled-job reaper on each engine (reaper.int.test.ts: pg-boss; reaper.temporal.test.ts:
 * Temporal), end to end: the platform's own schedule (workflows/schedules.ts, due every minute
 * here) fires, the reaper reads the jobs read model and fails, through domain commands, the jobs
 * left active for longer than a workflow may run, releasing their demo-data ledger. With
 * `firings: 2` it waits for the schedule to fire again and reap a job stalled after the first.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEcosystem } from '../../domain/ecosystem/handlers';
import { beginDemoDataCreation } from '../../domain/job/demo-data/handlers';
import { queueBatchJob, startBatchJob, submitBatchJob } from '../../domain/job/handlers';
import { REAPER_ACTOR } from '../activities';
import { jobWorkflowId } from '../engine/port';
import { STALLED_FAILURE } from '../failures';
import { REAPER_STALLED_AFTER_MS, scheduleRecurringWorkflows } from '../schedules';
import { jobWhen, startWorkflowHarness, type EngineMaker, type WorkflowHarness } from './harness';

export interface ReaperSuiteOptions {
  /** How many firings to watch: 1, or 2 to see the schedule recur. */
  firings: 1 | 2;
  /** The longest wait for one firing of an every-minute schedule. */
  firingWithinMs: number;
}

export function reaperSuite(label: string, makeEngine: EngineMaker, options: ReaperSuiteOptions): void {
  describe(`stalled-job reaper on the ${label} engine`, () => {
    let h: WorkflowHarness;

    /** A creation job that went as far as `upTo` at `at` and was then left by its workflow. */
    async function jobLeftAt(at: Date, upTo: 'QUEUED' | 'PROCESSING'): Promise<{ jobId: string; ecosystemId: string }> {
      const jobId = randomUUID();
      const ecosystemId = randomUUID();
      await h.executeAt(at, createEcosystem, { ecosystemId, details: { name: `Reaper test ${jobId.slice(0, 8)}`, organizationType: 'NON_PROFIT' } });
      await h.executeAt(at, queueBatchJob, { jobId, ecosystemId, jobName: 'createEcosystemDemoData', metadata: { demoSessionsStartDate: '2026-12-01' } });
      if (upTo === 'PROCESSING') {
        await h.executeAt(at, submitBatchJob, { jobId, workflowId: jobWorkflowId(jobId) });
        await h.executeAt(at, startBatchJob, { jobId, total: 3 });
        await h.executeAt(at, beginDemoDataCreation, { ecosystemId, jobId, demoSessionsStartDate: '2026-12-01' });
      }
      return { jobId, ecosystemId };
    }

    const longAgo = () => new Date(Date.now() - REAPER_STALLED_AFTER_MS - 60_000);
    const ledgerOf = async (ecosystemId: string) => (await h.db.ownerPool.query<{ status: string }>(
      'SELECT status FROM read.demo_data WHERE ecosystem_id = $1', [ecosystemId])).rows[0]?.status;

    beforeAll(async () => {
      h = await startWorkflowHarness(makeEngine);
    });

    afterAll(async () => {
      await h.engine.unschedule('reapStalledJobs');
      await h.stop();
    });

    it('fails jobs left active past the run timeout, as the platform, releasing their ledger; recent jobs are left alone', async () => {
      const processing = await jobLeftAt(longAgo(), 'PROCESSING');
      const queued = await jobLeftAt(longAgo(), 'QUEUED');
      const recent = await jobLeftAt(new Date(), 'PROCESSING');
      expect(await ledgerOf(processing.ecosystemId)).toBe('CREATING');

      await scheduleRecurringWorkflows(h.engine, { STALLED_JOB_REAPER_CRON: '* * * * *' });
      for (const stalled of [processing, queued]) {
        expect(await jobWhen(h.db, stalled.jobId, ['FAILED'], options.firingWithinMs)).toMatchObject({ error: STALLED_FAILURE });
      }
      // The ledger is released: deleting (or creating again) is possible, and the job's partial work stays on record.
      expect(await ledgerOf(processing.ecosystemId)).toBe('PRESENT');
      expect((await jobWhen(h.db, recent.jobId, ['PROCESSING'])).state).toBe('PROCESSING');
      expect(await ledgerOf(recent.ecosystemId)).toBe('CREATING');

      const failed = await h.db.ownerPool.query<{ actor: unknown; correlation: string }>(
        `SELECT metadata->'actor' AS actor, metadata->>'correlationId' AS correlation FROM events WHERE type = 'BatchJobFailed' AND data->>'jobId' = $1`, [processing.jobId]);
      expect(failed.rows).toEqual([{ actor: REAPER_ACTOR, correlation: processing.jobId }]);
    }, options.firingWithinMs + 30_000);

    if (options.firings === 2) {
      it('fires again on schedule: a job stalled after the first firing is reaped by the next', async () => {
        const later = await jobLeftAt(longAgo(), 'PROCESSING');
        expect(await jobWhen(h.db, later.jobId, ['FAILED'], options.firingWithinMs)).toMatchObject({ error: STALLED_FAILURE });
      }, options.firingWithinMs + 30_000);
    }

    it('removes its schedule when configured off', async () => {
      await scheduleRecurringWorkflows(h.engine, { STALLED_JOB_REAPER_CRON: 'off' });
      await expect(scheduleRecurringWorkflows(h.engine, { STALLED_JOB_REAPER_CRON: 'off' })).resolves.toBeUndefined();
    });
  });
}
