/**
 * The invitation-file job end to end (decision 0041), run on each engine (workflows/inviteFile.int.test.ts
 * on pg-boss, inviteFile.temporal.test.ts on Temporal): the real command bus, event store,
 * projections and activities. Every row is invited once, with one e-mail whose link opens its
 * invitation, and a worker that stops midway leaves no row invited or mailed twice.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEcosystem } from '../../domain/ecosystem/handlers';
import { registerUser, reserveUserEmail } from '../../domain/user/handlers';
import type { Activities } from '../activities';
import { launchBatchJob } from '../launch';
import { admin, jobWhen, startWorkflowHarness, type EngineMaker, type WorkflowHarness } from './harness';

const ENDED = ['FINISHED', 'FAILED', 'CANCELLED'];
const KNOWN = 'known.person@example.com';

/** Makes one job's activity for rows 20-29 invite rows 20-24 and then never return, as a worker that dies mid-step. */
class DyingRows {
  jobId: string | null = null;
  private signal: () => void = () => undefined;
  readonly entered = new Promise<void>((resolve) => { this.signal = resolve; });

  wrap(activities: Activities): Activities {
    return {
      ...activities,
      inviteFileRows: async (args, from, to) => {
        if (args.jobId !== this.jobId || from !== 20) return activities.inviteFileRows(args, from, to);
        this.jobId = null;
        await activities.inviteFileRows(args, from, from + 5);
        this.signal();
        return new Promise<never>(() => undefined);
      },
    };
  }
}

type Row = [number, string, string, string, string, string | null, 'en' | 'es'];

function fileRows(tag: string, count: number, known: string | null = null): Row[] {
  return Array.from({ length: count }, (_, i): Row => [
    i + 2, i === 7 && known ? known : `${tag}.${i}@example.com`, 'Row', `Number ${i}`, i % 2 ? 'TEACHER' : 'STUDENT', null, i % 3 ? 'en' : 'es',
  ]);
}

export function inviteFileSuite(label: string, makeEngine: EngineMaker, jobTimeoutMs = 60_000): void {
  describe(`invitation files on the ${label} engine`, () => {
    const ecosystemId = randomUUID();
    const dying = new DyingRows();
    let h: WorkflowHarness;

    async function launch(rows: Row[]): Promise<string> {
      const jobId = randomUUID();
      await launchBatchJob(h.execute, h.engine, { jobId, ecosystemId, jobName: 'inviteUsersFromFile', metadata: { rows }, actor: admin });
      return jobId;
    }

    /** The job's events by type, and each invitation's token hash against the link its e-mail carries. */
    async function outcome(jobId: string) {
      const r = await h.db.ownerPool.query<{ type: string; data: Record<string, unknown> }>(
        `SELECT type, data FROM events WHERE metadata->>'correlationId' = $1 ORDER BY global_position`, [jobId]);
      const counts: Record<string, number> = {};
      for (const e of r.rows) counts[e.type] = (counts[e.type] ?? 0) + 1;
      const issued = new Map(r.rows.filter((e) => e.type === 'InvitationIssued').map((e) => [String(e.data.email), String(e.data.tokenHash)]));
      const mailed = r.rows.filter((e) => e.type === 'MessageRecorded').map((e) => {
        const token = /\/join\/([A-Za-z0-9_-]{43})/.exec(String(e.data.text))?.[1] ?? '';
        return [String(e.data.to), createHash('sha256').update(token).digest('hex')] as const;
      });
      return { counts, issued, mailed };
    }

    beforeAll(async () => {
      h = await startWorkflowHarness(makeEngine, (a) => dying.wrap(a));
      await h.execute(createEcosystem, { ecosystemId, details: { name: 'Riverside Learning', organizationType: 'NON_PROFIT' } });
      const userId = randomUUID();
      await h.execute(reserveUserEmail, { email: KNOWN, userId });
      await h.execute(registerUser, { userId, email: KNOWN, firstName: 'Known', lastName: 'Person', preferredName: null, passwordHash: `$invited$${'a'.repeat(43)}`, platformAdmin: false });
    });

    afterAll(async () => {
      await h.stop();
    });

    it('invites every row once, each with one e-mail whose link opens its invitation, progress reaching the total', async () => {
      const jobId = await launch(fileRows('whole', 55, KNOWN));
      const job = await jobWhen(h.db, jobId, ENDED, jobTimeoutMs);
      expect(job).toMatchObject({ state: 'FINISHED', error: null, progress_done: 55, progress_total: 55 });
      const { counts, issued, mailed } = await outcome(jobId);
      // The person who had an account keeps it: 54 new accounts for 55 rows.
      expect(counts).toMatchObject({ InvitationIssued: 55, EcosystemRoleGranted: 55, UserRegistered: 54, UserEmailReserved: 54, MessageRecorded: 55, BatchJobProgressed: 6, BatchJobFinished: 1 });
      expect(new Set(issued.values()).size).toBe(55);
      expect(mailed.every(([to, hash]) => issued.get(to) === hash)).toBe(true);
      const result = await h.db.ownerPool.query<{ result: unknown }>('SELECT result FROM read.batch_jobs WHERE id = $1', [jobId]);
      expect(result.rows[0].result).toEqual({ invited: 55, skippedRows: [] });
      const spanish = await h.db.ownerPool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'MessageRecorded' AND data->>'to' LIKE 'whole.%' AND data->>'language' = 'es'`);
      // Rows 0, 3, ... 54 asked for Spanish.
      expect(spanish.rows[0].n).toBe(19);
    }, jobTimeoutMs + 30_000);

    it('finishes a file whose worker stopped midway on a new worker: no row invited, registered or mailed twice', async () => {
      const jobId = randomUUID();
      dying.jobId = jobId;
      await launchBatchJob(h.execute, h.engine, { jobId, ecosystemId, jobName: 'inviteUsersFromFile', metadata: { rows: fileRows('restart', 45) }, actor: admin });
      await dying.entered;
      await h.restartEngine();
      expect(await jobWhen(h.db, jobId, ENDED, jobTimeoutMs + 60_000)).toMatchObject({ state: 'FINISHED', progress_done: 45, progress_total: 45 });
      const { counts, issued, mailed } = await outcome(jobId);
      expect(counts).toMatchObject({ InvitationIssued: 45, EcosystemRoleGranted: 45, UserRegistered: 45, MessageRecorded: 45, BatchJobStarted: 1, BatchJobFinished: 1 });
      expect(mailed.every(([to, hash]) => issued.get(to) === hash)).toBe(true);
    }, jobTimeoutMs + 150_000);
  });
}
