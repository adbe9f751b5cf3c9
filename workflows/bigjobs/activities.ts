/**
 * Activities of big jobs (decision 0075): begin a run (the job's kind, what it covers, and where to
 * resume), one chunk (its rows from the source, its part of the file stored, then its completion
 * recorded on the job), finish, and record a stop. A chunk's part is stored under a key derived
 * from the job and the chunk before its completion is recorded, so a chunk whose worker died is
 * done again (same rows, same key) and a chunk recorded is never done again: a resumed run starts
 * at the first chunk not recorded. Commands go out as the admin who asked, under the job's id.
 */
import {
  completeBigJobChunkHandler, failBigJobHandler, finishBigJobHandler, startBigJobHandler, stopBigJobRunHandler,
} from '../../domain/bigjob/decide';
import type { BigJobParams, BigJobType } from '../../domain/bigjob/model';
import type { BigJobState } from '../../domain/bigjob/state';
import { NotFoundError } from '../../domain/shared/errors';
import { bigJobMessages } from '../../domain/bigjob/messages';
import { csvText } from '../../infra/csv';
import type { FileStorage } from '../../infra/storage/port';
import type { Send } from '../dispatch';
import type { BigJobRunArgs, JobRunArgs } from '../engine/port';
import { partKey } from './files';

/** What a run needs to know of its job (from the job's stream, passed on to each chunk). */
export interface BigJobSpec {
  jobId: string;
  ecosystemId: string;
  type: BigJobType;
  params: BigJobParams;
  /** The instant statuses are read at: the job's creation. */
  asOf: string;
}

export interface BigJobChunk {
  rows: string[][];
  /** Where the next chunk starts; null when this was the last. */
  next: string[] | null;
  /** Rows left out, each with its id or number and the keyed English reason. */
  errors: Array<{ row: string; error: string }>;
}

/** Where the rows come from (workflows/bigjobs/sources.ts over the read models). */
export interface BigJobSources {
  /** The job as its stream has it (never stale: the run resumes from it). */
  job(jobId: string): Promise<BigJobState>;
  count(spec: BigJobSpec): Promise<number>;
  chunk(spec: BigJobSpec, index: number, cursor: string[] | null): Promise<BigJobChunk>;
}

export interface BigJobDeps {
  sources: BigJobSources;
  /** Where the parts of the result file go (infra/storage: local disk or S3). */
  storage: FileStorage;
}

export interface BigJobBegin {
  spec: BigJobSpec;
  /** The first chunk not recorded yet, and where it starts. */
  index: number;
  cursor: string[] | null;
  /** Every chunk is recorded (a run resumed after its last chunk). */
  allChunksDone: boolean;
}

export interface BigJobChunkOutcome {
  next: string[] | null;
}

export function createBigJobActivities(deps: BigJobDeps | undefined, sendFor: (args: JobRunArgs) => Send) {
  const need = (): BigJobDeps => {
    if (!deps) throw new Error('Big jobs need their sources and file storage (ActivityDeps.bigJobs).');
    return deps;
  };
  const step = (args: BigJobRunArgs, name: string) => `big:${args.attempt}:${name}`;
  return {
    /** Counts the rows (the first run only: a retry keeps the count) and marks the job RUNNING. */
    async beginBigJob(args: BigJobRunArgs): Promise<BigJobBegin> {
      const { sources } = need();
      const job = await sources.job(args.jobId);
      if (job.status === 'NONE') throw new NotFoundError(bigJobMessages.notFound);
      const spec: BigJobSpec = { jobId: job.jobId, ecosystemId: job.ecosystemId, type: job.type, params: job.params, asOf: job.createdAt };
      const total = job.total ?? (await sources.count(spec));
      // Refused (and the run stopped) when the job was cancelled or this attempt is no longer its run.
      await sendFor(args)(step(args, 'start'), startBigJobHandler, { jobId: args.jobId, attempt: args.attempt, total });
      // Where to resume comes from the job as loaded above, not from the start's answer: a resumed
      // run's start repeats the first run's command, which the bus answers from the log as it was then.
      return { spec, index: job.chunksDone, cursor: job.next, allChunksDone: job.allChunksDone };
    },

    /** One chunk: its rows, its part of the file, then its completion (with its row errors) on the job. */
    async runBigJobChunk(args: BigJobRunArgs, spec: BigJobSpec, index: number, cursor: string[] | null): Promise<BigJobChunkOutcome> {
      const { sources, storage } = need();
      const chunk = await sources.chunk(spec, index, cursor);
      await storage.put(partKey(args.jobId, index), Buffer.from(csvText(null, chunk.rows), 'utf8'), 'text/csv');
      const errors = chunk.errors.map((e) => ({ chunk: index, row: e.row.slice(0, 100), error: e.error.slice(0, 500) }));
      const state = await sendFor(args)(step(args, `chunk:${index}`), completeBigJobChunkHandler, {
        jobId: args.jobId, attempt: args.attempt, index, rows: chunk.rows.length, next: chunk.next, errors,
      });
      // A chunk recorded before (a retried activity) answers with where the job stands.
      return { next: state.status === 'NONE' ? chunk.next : state.allChunksDone ? null : state.next };
    },

    async finishBigJob(args: BigJobRunArgs): Promise<void> {
      await sendFor(args)(step(args, 'finish'), finishBigJobHandler, { jobId: args.jobId, attempt: args.attempt });
    },

    /** After a failure (`failure` set) or a cancellation (null): the chunks done stay, the job ends. */
    async abandonBigJob(args: BigJobRunArgs, failure: string | null): Promise<void> {
      const send = sendFor(args);
      if (failure === null) await send(step(args, 'stop'), stopBigJobRunHandler, { jobId: args.jobId, attempt: args.attempt });
      else await send(step(args, 'fail'), failBigJobHandler, { jobId: args.jobId, attempt: args.attempt, error: failure });
    },
  };
}
