/**
 * The platform's workflow side on a test database, for the end-to-end suites run on either
 * engine: the real command bus and PostgreSQL event store, every projection, the real activities
 * (optionally wrapped by the test) and an engine from `makeEngine`, which can be replaced
 * mid-test as a restarted worker would be.
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../domain/shared/events';
import { CommandBus } from '../../infra/commandbus';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { allProjections } from '../../projections/registry';
import { ProjectionRunner } from '../../projections/runner';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { createActivities, type Activities } from '../activities';
import type { WorkflowEngine } from '../engine/port';
import type { Execute } from '../launch';
import { inviteJobReads } from '../invitations/reads';
import { jobReads } from '../reads';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalDiskStorage } from '../../infra/storage/local';
import { bigJobSources } from '../bigjobs/sources';

/** A new engine over the harness's activities; pg-boss takes the test database's URL. */
export type EngineMaker = (activities: Activities, databaseUrl: string) => WorkflowEngine;

export interface WorkflowHarness {
  db: TestDatabase;
  bus: CommandBus;
  engine: WorkflowEngine;
  /** Dispatches as `admin` (or `options.actor`), at `options.now`, and waits for every projection. */
  execute: Execute;
  executeAt(now: Date, ...args: Parameters<Execute>): Promise<unknown>;
  /** Where big jobs store their files (a private temporary folder, removed by `stop`). */
  files: LocalDiskStorage;
  /** Stops the engine (its worker) and starts a new one over the same queues. */
  restartEngine(): Promise<void>;
  stop(): Promise<void>;
}

/** Where the invitation-file job's links point in these tests. */
export const INVITE_LINKS = { PUBLIC_URL: 'https://tutoring.example.org', PORT: 4000, INVITE_TTL_HOURS: 168 };

/** Rows per big-job export chunk in these tests: a few dozen rows make several chunks. */
export const BIG_JOB_TEST_CHUNK_ROWS = 10;

export const admin: Actor = { userId: '0b6f1e1c-6a0e-4c55-9f1a-2d3c4b5a6f70', role: 'PLATFORM_ADMIN' };

export async function startWorkflowHarness(makeEngine: EngineMaker, wrap: (a: Activities) => Activities = (a) => a): Promise<WorkflowHarness> {
  const db = await createTestDatabase();
  const store: EventStore = createPostgresEventStore(db.ownerPool);
  const bus = new CommandBus(store);
  const runner = new ProjectionRunner(db.ownerPool, store, allProjections(), { pollIntervalMs: 20, onError: () => undefined });
  await runner.start();
  // The invitation-file job mails through the engine that runs it (whichever is current after a restart).
  const invitations = { reads: inviteJobReads(db.ownerPool, bus), config: INVITE_LINKS, engine: () => harness.engine };
  const filesDir = mkdtempSync(path.join(tmpdir(), 'big-jobs-'));
  const files = new LocalDiskStorage(filesDir);
  const bigJobs = { sources: bigJobSources(db.ownerPool, bus, { chunkRows: BIG_JOB_TEST_CHUNK_ROWS }), storage: files };
  const activities = wrap(createActivities({ bus, reads: jobReads(db.ownerPool), invitations, bigJobs }));
  const dispatch = async (now: Date | undefined, ...[handler, input]: Parameters<Execute>) => {
    const result = await bus.dispatch(handler, input, { actor: admin, commandId: randomUUID(), now: now?.toISOString() });
    if (result.position) await runner.waitFor(result.position, undefined, 10_000);
    return result;
  };
  const harness: WorkflowHarness = {
    db, bus, files,
    engine: makeEngine(activities, db.url),
    execute: (handler, input) => dispatch(undefined, handler, input),
    executeAt: (now, handler, input) => dispatch(now, handler, input),
    async restartEngine() {
      await harness.engine.stop();
      harness.engine = makeEngine(activities, db.url);
      await harness.engine.start();
    },
    async stop() {
      await harness.engine.stop();
      await runner.stop();
      await store.close();
      await db.drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
  await harness.engine.start();
  return harness;
}

/** Polls read.batch_jobs until the job is in one of `states`. */
export async function jobWhen(db: TestDatabase, jobId: string, states: readonly string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await db.ownerPool.query<{ state: string; error: string | null; progress_done: number; progress_total: number; metadata: Record<string, unknown> }>(
      'SELECT state, error, progress_done, progress_total, metadata FROM read.batch_jobs WHERE id = $1', [jobId]);
    if (r.rows[0] && states.includes(r.rows[0].state)) return r.rows[0];
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not reach ${states.join('/')} within ${timeoutMs} ms: ${JSON.stringify(r.rows[0])}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
