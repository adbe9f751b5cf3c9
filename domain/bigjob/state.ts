/**
 * State of one big job, folded from its stream (decision 0075). The state machine:
 *
 *   (create) QUEUED ─start─► RUNNING ─chunk…─► RUNNING ─finish─► FINISHED
 *   QUEUED ─cancel─► CANCELLED          RUNNING ─cancel─► CANCELLING ─(run stops at a chunk boundary)─► CANCELLED
 *   QUEUED | RUNNING ─fail─► FAILED      FAILED | CANCELLED ─retry─► QUEUED (attempt + 1; chunks done stay done)
 */
import type { Aggregate } from '../shared/decider';
import { bigJobEventSchemas, type BigJobEvent } from './events';
import { MAX_KEPT_ERRORS, type BigJobParams, type BigJobRowError, type BigJobStatus, type BigJobType } from './model';

export interface ExistingBigJob {
  status: BigJobStatus;
  jobId: string;
  ecosystemId: string;
  type: BigJobType;
  params: BigJobParams;
  createdBy: string;
  /** When it was created: the instant statuses are read at, however late it runs. */
  createdAt: string;
  /** The run that may work on the job now; a run of an earlier attempt is refused. */
  attempt: number;
  /** Rows counted by the first run; null before. */
  total: number | null;
  chunksDone: number;
  rowsDone: number;
  /** Where the next chunk starts; null before the first chunk and after the last. */
  next: string[] | null;
  /** True once the last chunk is done (its `next` was null). */
  allChunksDone: boolean;
  errors: BigJobRowError[];
  errorCount: number;
  error: string | null;
}

export type BigJobState = { status: 'NONE' } | ExistingBigJob;

export function isActiveBigJob(status: BigJobStatus): boolean {
  return status === 'QUEUED' || status === 'RUNNING' || status === 'CANCELLING';
}

export function evolve(state: BigJobState, event: BigJobEvent): BigJobState {
  if (event.type === 'BigJobCreated') {
    const { jobId, ecosystemId, type, params, createdBy, at } = event.data;
    return {
      status: 'QUEUED', jobId, ecosystemId, type, params, createdBy, createdAt: at, attempt: 1, total: null, chunksDone: 0, rowsDone: 0, next: null,
      allChunksDone: false, errors: [], errorCount: 0, error: null,
    };
  }
  if (state.status === 'NONE') return state;
  switch (event.type) {
    case 'BigJobStarted':
      return { ...state, status: 'RUNNING', total: event.data.total };
    case 'BigJobChunkCompleted': {
      const d = event.data;
      return {
        ...state, chunksDone: d.index + 1, rowsDone: state.rowsDone + d.rows, next: d.next, allChunksDone: d.next === null,
        errors: [...state.errors, ...d.errors].slice(0, MAX_KEPT_ERRORS), errorCount: state.errorCount + d.errorCount,
      };
    }
    case 'BigJobFinished':
      return { ...state, status: 'FINISHED' };
    case 'BigJobFailed':
      return { ...state, status: 'FAILED', error: event.data.error };
    case 'BigJobCancelRequested':
      return { ...state, status: 'CANCELLING' };
    case 'BigJobCancelled':
      return { ...state, status: 'CANCELLED' };
    case 'BigJobRetried':
      return { ...state, status: 'QUEUED', attempt: event.data.attempt, error: null };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const bigJobAggregate: Aggregate<BigJobState, BigJobEvent> = {
  category: 'bigjob',
  initialState: { status: 'NONE' },
  evolve,
  eventSchemas: bigJobEventSchemas,
};
