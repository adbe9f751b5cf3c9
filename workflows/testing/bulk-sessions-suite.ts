/**
 * The "all matching" session actions end to end (decision 0064), run on each engine
 * (workflows/bulkSessions.int.test.ts on pg-boss, bulkSessions.temporal.test.ts on Temporal): the
 * real command bus, event store, sessions projection and activities. Every session the filters
 * name changes once, a page at a time, progress reaching the total; a worker that stops midway
 * leaves no session changed twice, and the job finishes on the next worker.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEcosystem } from '../../domain/ecosystem/handlers';
import { scheduleSession } from '../../domain/session/handlers';
import { details } from '../../projections/sessions/testing';
import type { Activities } from '../activities';
import { launchBatchJob } from '../launch';
import { BULK_SESSIONS_PAGE } from '../session-bulk/activities';
import { admin, jobWhen, startWorkflowHarness, type EngineMaker, type WorkflowHarness } from './harness';

const ENDED = ['FINISHED', 'FAILED', 'CANCELLED'];
/** Two series whose subjects the filter names (52 + 8 occurrences: two pages), and one it does not. */
const WALKED = 60;

/** Makes one job's second page do its work and then never return, as a worker that dies before recording it. */
class DyingPage {
  jobId: string | null = null;
  private signal: () => void = () => undefined;
  readonly entered = new Promise<void>((resolve) => { this.signal = resolve; });

  wrap(activities: Activities): Activities {
    return {
      ...activities,
      bulkSessionsPage: async (args, after, done, total) => {
        if (args.jobId !== this.jobId || after === null) return activities.bulkSessionsPage(args, after, done, total);
        this.jobId = null;
        await activities.bulkSessionsPage(args, after, done, total);
        this.signal();
        return new Promise<never>(() => undefined);
      },
    };
  }
}

export function bulkSessionsSuite(label: string, makeEngine: EngineMaker, jobTimeoutMs = 60_000): void {
  describe(`"all matching" session actions on the ${label} engine`, () => {
    const ecosystemId = randomUUID();
    const programId = randomUUID();
    const dying = new DyingPage();
    let h: WorkflowHarness;

    async function launch(jobName: 'adminCancelAllLabelSession' | 'adminRestoreAllSessions', extra: Record<string, unknown>, jobId = randomUUID()): Promise<string> {
      const metadata = { filters: { text: 'Walk' }, expectedCount: WALKED, asOf: new Date().toISOString(), ...extra };
      await launchBatchJob(h.execute, h.engine, { jobId, ecosystemId, jobName, metadata, actor: admin });
      return jobId;
    }

    async function events(jobId: string): Promise<Record<string, number>> {
      const r = await h.db.ownerPool.query<{ type: string; n: number }>(
        `SELECT type, count(*)::int AS n FROM events WHERE metadata->>'correlationId' = $1 GROUP BY type`, [jobId]);
      return Object.fromEntries(r.rows.map((row) => [row.type, row.n]));
    }

    /** How many of the ecosystem's sessions are cancelled, by whether the filter names them, once the projection has caught up. */
    async function cancelled(): Promise<{ walked: number; other: number }> {
      const r = await h.db.ownerPool.query<{ walked: number; other: number }>(
        `SELECT count(*) FILTER (WHERE subject LIKE 'Walk%' AND cancelled)::int AS walked, count(*) FILTER (WHERE subject NOT LIKE 'Walk%' AND cancelled)::int AS other
           FROM read.sessions WHERE ecosystem_id = $1`, [ecosystemId]);
      return r.rows[0];
    }

    async function book(subject: string, start: Date, weeks: number): Promise<void> {
      const iso = start.toISOString();
      await h.execute(scheduleSession, {
        seriesId: randomUUID(), ecosystemId, pending: false, actorIsAdmin: true, forceBooked: false, overriddenConflicts: [],
        schedule: { timeZoneId: 'UTC', startDate: iso.slice(0, 10), startTime: iso.slice(11, 16), durationMinutes: 60,
          recurrence: { frequency: 'WEEKLY', interval: 1, recurringDays: [start.getUTCDay()], weeks, endDate: null } },
        details: details(programId, { subject }),
        participants: [{ userId: randomUUID(), userType: 'STUDENT', isLeader: false, isPaired: true }],
      });
    }

    beforeAll(async () => {
      h = await startWorkflowHarness(makeEngine, (a) => dying.wrap(a));
      await h.execute(createEcosystem, { ecosystemId, details: { name: 'Walkers Academy', organizationType: 'NON_PROFIT' } });
      const start = new Date(Date.now() + 3 * 86_400_000);
      start.setUTCMinutes(0, 0, 0);
      await book('Walk algebra', start, 52);
      await book('Walk geometry', new Date(start.getTime() + 86_400_000), 8);
      await book('Chemistry', start, 3);
    });

    afterAll(async () => {
      await h.stop();
    });

    it('cancels every session the filters name once, a page at a time, progress reaching the total', async () => {
      expect(WALKED).toBeGreaterThan(BULK_SESSIONS_PAGE);
      const jobId = await launch('adminCancelAllLabelSession', { reason: 'The centre is closed.' });
      const job = await jobWhen(h.db, jobId, ENDED, jobTimeoutMs);
      expect(job).toMatchObject({ state: 'FINISHED', error: null, progress_done: WALKED, progress_total: WALKED });
      expect(await events(jobId)).toMatchObject({ SessionsCancelled: WALKED, BatchJobProgressed: 2, BatchJobFinished: 1 });
      const result = await h.db.ownerPool.query<{ result: unknown }>('SELECT result FROM read.batch_jobs WHERE id = $1', [jobId]);
      expect(result.rows[0].result).toEqual({ touched: WALKED, changed: WALKED });
      await expect.poll(cancelled, { timeout: 10_000 }).toEqual({ walked: WALKED, other: 0 });
    }, jobTimeoutMs + 30_000);

    it('finishes a job whose worker stopped midway on a new worker: no session restored twice', async () => {
      const jobId = randomUUID();
      dying.jobId = jobId;
      await launch('adminRestoreAllSessions', {}, jobId);
      await dying.entered;
      await h.restartEngine();
      expect(await jobWhen(h.db, jobId, ENDED, jobTimeoutMs + 60_000)).toMatchObject({ state: 'FINISHED', progress_done: WALKED, progress_total: WALKED });
      expect(await events(jobId)).toMatchObject({ SessionsRestored: WALKED, BatchJobStarted: 1, BatchJobFinished: 1 });
      await expect.poll(cancelled, { timeout: 10_000 }).toEqual({ walked: 0, other: 0 });
    }, jobTimeoutMs + 150_000);
  });
}
