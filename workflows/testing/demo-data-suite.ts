/**
 * Demo data end to end, run on each engine (workflows/demoData.int.test.ts on pg-boss,
 * demoData.temporal.test.ts on Temporal): the real command bus, PostgreSQL event store, every
 * projection and the real activities. Creating then deleting demo data must leave every tenant
 * read model exactly as it was, while the audit trail keeps the history; a worker that stops
 * mid-job must leave no step lost or doubled.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEcosystem } from '../../domain/ecosystem/handlers';
import { createProgram } from '../../domain/program/handlers';
import type { Activities } from '../activities';
import { demoPlan } from '../demo/catalogue';
import { launchBatchJob } from '../launch';
import { admin, jobWhen, startWorkflowHarness, type EngineMaker, type WorkflowHarness } from './harness';

/** Job history is expected to grow; every other read model must come back to what it was. */
const HISTORY_TABLES = ['batch_jobs', 'breadcrumbs', 'breadcrumb_runs', 'breadcrumb_facets'];
const ENDED = ['FINISHED', 'FAILED', 'CANCELLED'];

/**
 * Makes the first addDemoItem(1) of one job do its work and then never return, as a worker that
 * dies before reporting would: its retry must find the work done, not do it twice.
 */
class DyingAttempt {
  jobId: string | null = null;
  private signal: () => void = () => undefined;
  readonly entered = new Promise<void>((resolve) => { this.signal = resolve; });

  wrap(activities: Activities): Activities {
    return {
      ...activities,
      addDemoItem: async (args, index) => {
        const item = await activities.addDemoItem(args, index);
        if (args.jobId === this.jobId && index === 1) {
          this.jobId = null;
          this.signal();
          await new Promise<never>(() => undefined);
        }
        return item;
      },
    };
  }
}

export function demoDataSuite(label: string, makeEngine: EngineMaker, jobTimeoutMs = 30_000): void {
  describe(`demo data on the ${label} engine`, () => {
    const ecosystemId = randomUUID();
    const dying = new DyingAttempt();
    let h: WorkflowHarness;
    let before: Record<string, unknown[]>;
    let createdJobId: string;

    async function snapshot(): Promise<Record<string, unknown[]>> {
      const views = await h.db.ownerPool.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.views WHERE table_schema = 'read' ORDER BY table_name`);
      const out: Record<string, unknown[]> = {};
      for (const { name } of views.rows) {
        if (HISTORY_TABLES.includes(name)) continue;
        const rows = await h.db.ownerPool.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM read."${name}" t ORDER BY to_jsonb(t)::text`);
        out[name] = rows.rows.map((r) => r.row);
      }
      return out;
    }

    async function launch(jobName: 'createEcosystemDemoData' | 'deleteEcosystemDemoData', metadata: Record<string, unknown> = {}) {
      const jobId = randomUUID();
      await launchBatchJob(h.execute, h.engine, { jobId, ecosystemId, jobName, metadata, actor: admin });
      return jobId;
    }

    async function runJob(jobName: 'createEcosystemDemoData' | 'deleteEcosystemDemoData', metadata: Record<string, unknown> = {}) {
      const jobId = await launch(jobName, metadata);
      return { jobId, job: await jobWhen(h.db, jobId, ENDED, jobTimeoutMs) };
    }

    const demoPrograms = async () => (await h.db.ownerPool.query<{ id: string; name: string }>(
      'SELECT id, name FROM read.programs WHERE ecosystem_id = $1 AND is_demo ORDER BY name', [ecosystemId])).rows;

    beforeAll(async () => {
      h = await startWorkflowHarness(makeEngine, (a) => dying.wrap(a));
      await h.execute(createEcosystem, { ecosystemId, details: { name: 'Riverside Learning', organizationType: 'NON_PROFIT' } });
      await h.execute(createProgram, { programId: randomUUID(), ecosystemId, details: { name: 'After-school Homework Help' }, isDemo: false });
    });

    afterAll(async () => {
      await h.stop();
    });

    it('creates three demo programs through commands, the job going QUEUED → FINISHED with progress', async () => {
      before = await snapshot();
      expect(Object.keys(before)).toEqual(expect.arrayContaining(['ecosystems', 'programs', 'demo_data', 'users', 'user_roles']));
      expect(before.programs).toHaveLength(1);
      const { jobId, job } = await runJob('createEcosystemDemoData', { demoSessionsStartDate: '2026-12-01' });
      createdJobId = jobId;
      expect(job).toMatchObject({ state: 'FINISHED', error: null, progress_done: 3, progress_total: 3, metadata: { demoSessionsStartDate: '2026-12-01' } });
      expect(await demoPrograms()).toEqual(demoPlan(jobId).map((p) => ({ id: p.id, name: p.label })).sort((a, b) => a.name.localeCompare(b.name)));
      const ledger = await h.db.ownerPool.query('SELECT status, complete, demo_sessions_start_date::text AS start FROM read.demo_data WHERE ecosystem_id = $1', [ecosystemId]);
      expect(ledger.rows).toEqual([{ status: 'PRESENT', complete: true, start: '2026-12-01' }]);
    });

    it('refuses to create demo data twice: the second job fails and nothing is duplicated', async () => {
      const { job } = await runJob('createEcosystemDemoData', { demoSessionsStartDate: '2027-01-04' });
      expect(job).toMatchObject({ state: 'FAILED', error: 'This ecosystem already has demo data. Delete it before creating it again.' });
      expect(await demoPrograms()).toHaveLength(3);
    });

    it('deletes exactly what was added: every tenant read model is as it was before', async () => {
      const { job } = await runJob('deleteEcosystemDemoData');
      expect(job).toMatchObject({ state: 'FINISHED', progress_done: 3, progress_total: 3 });
      expect(await snapshot()).toEqual(before);
    });

    it('keeps the history: the audit trail still shows the demo programs created and deleted', async () => {
      const ids = demoPlan(createdJobId).map((p) => p.id);
      const crumbs = await h.db.ownerPool.query<{ event_type: string }>(
        'SELECT event_type FROM read.breadcrumbs WHERE target_id = ANY($1::text[]) ORDER BY event_type', [ids]);
      expect(crumbs.rows.filter((r) => r.event_type === 'ProgramCreated')).toHaveLength(3);
      expect(crumbs.rows.filter((r) => r.event_type === 'ProgramDeleted')).toHaveLength(3);
    });

    it('finishes a creation whose worker stopped mid-job on a new worker, with no step lost or doubled', async () => {
      const jobId = randomUUID();
      dying.jobId = jobId;
      await launchBatchJob(h.execute, h.engine, { jobId, ecosystemId, jobName: 'createEcosystemDemoData', metadata: { demoSessionsStartDate: '2027-01-04' }, actor: admin });
      await dying.entered;
      await h.restartEngine();
      expect(await jobWhen(h.db, jobId, ENDED, jobTimeoutMs + 60_000)).toMatchObject({ state: 'FINISHED', progress_done: 3, progress_total: 3 });
      expect((await demoPrograms()).map((p) => p.id).sort()).toEqual(demoPlan(jobId).map((p) => p.id).sort());
      // Each step's events once: the retried step found its commands already handled.
      const events = await h.db.ownerPool.query<{ type: string; n: number }>(
        `SELECT type, count(*)::int AS n FROM events WHERE metadata->>'correlationId' = $1 GROUP BY type ORDER BY type`, [jobId]);
      expect(Object.fromEntries(events.rows.map((r) => [r.type, r.n]))).toEqual({
        BatchJobStarted: 1, BatchJobProgressed: 3, BatchJobFinished: 1,
        DemoDataCreationBegan: 1, DemoDataItemAdded: 3, DemoDataCreated: 1, ProgramCreated: 3,
      });
    }, 180_000);
  });
}
