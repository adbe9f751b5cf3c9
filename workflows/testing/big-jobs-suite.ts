/**
 * Big jobs end to end (decision 0075), run on each engine (workflows/bigJobs.int.test.ts on pg-boss,
 * bigJobs.temporal.test.ts on Temporal): the real command bus, event store, projections,
 * activities and file storage, with chunks of BIG_JOB_TEST_CHUNK_ROWS rows. A sessions export
 * runs chunk by chunk to the total, each chunk done once and the file's rows in start order; a
 * cancelled job stops at a chunk boundary and a retry finishes it from the first chunk not done;
 * on pg-boss, a worker killed mid-job is replaced and the new one resumes without redoing a
 * finished chunk (chunk executions counted).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelBigJobHandler, createBigJobHandler, retryBigJobHandler } from '../../domain/bigjob/decide';
import { createEcosystem } from '../../domain/ecosystem/handlers';
import { scheduleSession } from '../../domain/session/handlers';
import { details } from '../../projections/sessions/testing';
import type { Activities } from '../activities';
import { partKey } from '../bigjobs/files';
import { bigJobWorkflowId } from '../engine/port';
import { admin, BIG_JOB_TEST_CHUNK_ROWS, startWorkflowHarness, type EngineMaker, type WorkflowHarness } from './harness';

const ENDED = ['FINISHED', 'FAILED', 'CANCELLED'];
/** Occurrences exported: 45 rows, chunks of 10: five chunks, the last of five rows. */
const SESSIONS = 45;
const CHUNKS = Math.ceil(SESSIONS / BIG_JOB_TEST_CHUNK_ROWS);

/** Counts each job's chunk executions, and lets a test hold one chunk (a gate) or let it die after its work. */
class ChunkControl {
  readonly executions = new Map<string, number[]>();
  private held: { jobId: string; index: number; entered: () => void; release: Promise<void> } | null = null;
  private dying: { jobId: string; index: number; entered: () => void } | null = null;

  /** The chunk does its work and is recorded, then its worker never answers (as one killed there). */
  dieAfter(jobId: string, index: number): Promise<void> {
    return new Promise((entered) => { this.dying = { jobId, index, entered }; });
  }

  /** The chunk waits for `release` before doing its work. */
  hold(jobId: string, index: number, release: Promise<void>): Promise<void> {
    return new Promise((entered) => { this.held = { jobId, index, entered, release }; });
  }

  count(jobId: string): number[] {
    return this.executions.get(jobId) ?? [];
  }

  wrap(activities: Activities): Activities {
    return {
      ...activities,
      runBigJobChunk: async (args, spec, index, cursor) => {
        const counts = this.executions.get(args.jobId) ?? [];
        counts[index] = (counts[index] ?? 0) + 1;
        this.executions.set(args.jobId, counts);
        const held = this.held;
        if (held && held.jobId === args.jobId && held.index === index) {
          this.held = null;
          held.entered();
          await held.release;
        }
        const outcome = await activities.runBigJobChunk(args, spec, index, cursor);
        const dying = this.dying;
        if (dying && dying.jobId === args.jobId && dying.index === index) {
          this.dying = null;
          dying.entered();
          return new Promise<never>(() => undefined);
        }
        return outcome;
      },
    };
  }
}

export function bigJobsSuite(label: string, makeEngine: EngineMaker, options: { killWorker: boolean; jobTimeoutMs?: number }): void {
  const jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
  describe(`big jobs on the ${label} engine`, () => {
    const ecosystemId = randomUUID();
    const programId = randomUUID();
    const chunks = new ChunkControl();
    let h: WorkflowHarness;

    async function launch(jobId = randomUUID()): Promise<string> {
      await h.execute(createBigJobHandler, { jobId, ecosystemId, type: 'EXPORT_SESSIONS', params: { programIds: [programId], from: null, to: null, language: 'en' } });
      await h.engine.startWorkflow('runBigJob', bigJobWorkflowId(jobId, 1), { jobId, ecosystemId, actor: admin, attempt: 1 });
      return jobId;
    }

    async function job(jobId: string) {
      const r = await h.db.ownerPool.query<{ state: string; attempt: number; total: number | null; rows_done: number; chunks_done: number; error: string | null }>(
        'SELECT state, attempt, total, rows_done, chunks_done, error FROM read.big_jobs WHERE id = $1', [jobId]);
      return r.rows[0];
    }

    async function jobWhen(jobId: string, states: readonly string[], timeoutMs = jobTimeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const row = await job(jobId);
        if (row && states.includes(row.state)) return row;
        if (Date.now() > deadline) throw new Error(`big job ${jobId} did not reach ${states.join('/')}: ${JSON.stringify(row)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    /** The file's rows (parts in order), as the download route streams them after the header. */
    async function fileRows(jobId: string, chunksDone: number): Promise<string[][]> {
      const rows: string[][] = [];
      for (let i = 0; i < chunksDone; i += 1) {
        const part = await h.files.get(partKey(jobId, i));
        rows.push(...part!.body.toString('utf8').split('\r\n').filter(Boolean).map((line) => line.split(',')));
      }
      return rows;
    }

    async function expectWholeFile(jobId: string): Promise<void> {
      const rows = await fileRows(jobId, CHUNKS);
      expect(rows).toHaveLength(SESSIONS);
      // Start order: the dates never go back, and every occurrence is there once (the last column is its id).
      expect(new Set(rows.map((r) => r.at(-1))).size).toBe(SESSIONS);
      expect(rows.map((r) => r[0])).toEqual([...rows.map((r) => r[0])].sort());
      expect(rows.every((r) => r[4] === 'Weekly walk')).toBe(true);
    }

    beforeAll(async () => {
      h = await startWorkflowHarness(makeEngine, (a) => chunks.wrap(a));
      await h.execute(createEcosystem, { ecosystemId, details: { name: 'Big Jobs Academy', organizationType: 'NON_PROFIT' } });
      const start = new Date(Date.now() + 3 * 86_400_000);
      start.setUTCMinutes(0, 0, 0);
      const iso = start.toISOString();
      await h.execute(scheduleSession, {
        seriesId: randomUUID(), ecosystemId, pending: false, actorIsAdmin: true, forceBooked: false, overriddenConflicts: [],
        schedule: { timeZoneId: 'UTC', startDate: iso.slice(0, 10), startTime: iso.slice(11, 16), durationMinutes: 60,
          recurrence: { frequency: 'WEEKLY', interval: 1, recurringDays: [start.getUTCDay()], weeks: SESSIONS, endDate: null } },
        details: details(programId, { subject: 'Weekly walk' }),
        participants: [{ userId: randomUUID(), userType: 'STUDENT', isLeader: false, isPaired: true }],
      });
    });

    afterAll(async () => {
      await h?.stop();
    });

    it('exports the sessions chunk by chunk, each chunk once, progress reaching the total, every row in the file once', async () => {
      const jobId = await launch();
      expect(await jobWhen(jobId, ENDED)).toMatchObject({ state: 'FINISHED', total: SESSIONS, rows_done: SESSIONS, chunks_done: CHUNKS, error: null });
      expect(chunks.count(jobId)).toEqual(Array(CHUNKS).fill(1));
      await expectWholeFile(jobId);
    }, jobTimeoutMs + 30_000);

    it('stops a cancelled job at a chunk boundary (CANCELLING, then CANCELLED); a retry finishes it from the first chunk not done', async () => {
      const jobId = randomUUID();
      let release = () => undefined as void;
      const entered = chunks.hold(jobId, 1, new Promise<void>((resolve) => { release = resolve; }));
      await launch(jobId);
      await entered;
      await h.execute(cancelBigJobHandler, { jobId });
      expect((await job(jobId)).state).toBe('CANCELLING');
      await h.engine.cancelWorkflow(bigJobWorkflowId(jobId, 1));
      release();
      expect(await jobWhen(jobId, ENDED)).toMatchObject({ state: 'CANCELLED', chunks_done: 1, rows_done: BIG_JOB_TEST_CHUNK_ROWS });

      await h.execute(retryBigJobHandler, { jobId });
      await h.engine.startWorkflow('runBigJob', bigJobWorkflowId(jobId, 2), { jobId, ecosystemId, actor: admin, attempt: 2 });
      expect(await jobWhen(jobId, ENDED)).toMatchObject({ state: 'FINISHED', attempt: 2, total: SESSIONS, rows_done: SESSIONS, chunks_done: CHUNKS });
      // Chunk 0 was done once; chunk 1, cut off by the cancel, was done again by the retry; the rest once.
      const counts = chunks.count(jobId);
      expect(counts[0]).toBe(1);
      expect(counts.slice(2)).toEqual(Array(CHUNKS - 2).fill(1));
      await expectWholeFile(jobId);
    }, 2 * jobTimeoutMs + 30_000);

    if (options.killWorker) {
      it('resumes a job whose worker was killed mid-job on a new worker, without doing a finished chunk again', async () => {
        const jobId = randomUUID();
        const dead = chunks.dieAfter(jobId, 2);
        await launch(jobId);
        await dead;
        // Chunks 0, 1 and 2 are recorded (the read model follows the commands by a moment).
        await expect.poll(async () => (await job(jobId)).chunks_done, { timeout: 10_000 }).toBe(3);
        await h.restartEngine();
        expect(await jobWhen(jobId, ENDED, jobTimeoutMs + 60_000)).toMatchObject({ state: 'FINISHED', attempt: 1, rows_done: SESSIONS, chunks_done: CHUNKS });
        expect(chunks.count(jobId)).toEqual(Array(CHUNKS).fill(1));
        const started = await h.db.ownerPool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'BigJobChunkCompleted'`, [`bigjob-${jobId}`]);
        expect(started.rows[0].n).toBe(CHUNKS);
        await expectWholeFile(jobId);
      }, jobTimeoutMs + 150_000);
    }
  });
}
