/** The BigJob state machine (decision 0075), decided on folded streams. */
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import type { CommandContext } from '../shared/decider';
import { JobCancelledError } from '../job/errors';
import {
  cancelBigJob, completeBigJobChunk, createBigJob, failBigJob, finishBigJob, retryBigJob, startBigJob, stopBigJobRun,
} from './decide';
import type { BigJobEvent } from './events';
import { MAX_KEPT_ERRORS } from './model';
import { bigJobAggregate, type BigJobState } from './state';

const ctx: CommandContext = { actor: { userId: '11111111-1111-4111-8111-111111111111', role: 'PLATFORM_ADMIN' }, now: '2026-11-24T10:00:00.000Z' };
const jobId = '22222222-2222-4222-8222-222222222222';
const ecosystemId = '33333333-3333-4333-8333-333333333333';
const params = { programIds: [], from: null, to: null, language: 'en' as const };

function run(...steps: Array<(s: BigJobState) => BigJobEvent[]>): { state: BigJobState; events: BigJobEvent[] } {
  const events: BigJobEvent[] = [];
  let state: BigJobState = bigJobAggregate.initialState;
  for (const step of steps) {
    const out = step(state);
    events.push(...out);
    state = fold({ ...bigJobAggregate, initialState: state }, out);
  }
  return { state, events };
}
const create = (s: BigJobState) => createBigJob({ jobId, ecosystemId, type: 'EXPORT_SESSIONS', params }, s, ctx);
const start = (attempt = 1, total = 450) => (s: BigJobState) => startBigJob({ jobId, attempt, total }, s, ctx);
const chunk = (index: number, next: string[] | null, attempt = 1, errors = 0) => (s: BigJobState) =>
  completeBigJobChunk({ jobId, attempt, index, rows: 200, next, errors: Array.from({ length: errors }, (_, i) => ({ chunk: index, row: String(i), error: 'bad' })) }, s, ctx);
const finish = (attempt = 1) => (s: BigJobState) => finishBigJob({ jobId, attempt }, s, ctx);
const fail = (attempt = 1) => (s: BigJobState) => failBigJob({ jobId, attempt, error: 'boom' }, s, ctx);
const cancel = (s: BigJobState) => cancelBigJob({ jobId }, s, ctx);
const stop = (attempt = 1) => (s: BigJobState) => stopBigJobRun({ jobId, attempt }, s, ctx);
const retry = (s: BigJobState) => retryBigJob({ jobId }, s, ctx);
const status = (s: BigJobState) => s.status;

describe('the big job state machine', () => {
  it('goes QUEUED → RUNNING → (chunks) → FINISHED, counting rows and chunks', () => {
    const { state, events } = run(create, start(), chunk(0, ['a']), chunk(1, ['b']), chunk(2, null), finish());
    expect(events.map((e) => e.type)).toEqual(['BigJobCreated', 'BigJobStarted', 'BigJobChunkCompleted', 'BigJobChunkCompleted', 'BigJobChunkCompleted', 'BigJobFinished']);
    expect(state).toMatchObject({ status: 'FINISHED', rowsDone: 600, chunksDone: 3, total: 450 });
  });

  it('decides nothing for a repeated start, chunk or finish (a resumed run, a retried activity)', () => {
    const { events } = run(create, start(), chunk(0, ['a']), start(), chunk(0, ['a']), chunk(1, null), finish(), finish());
    expect(events.filter((e) => e.type === 'BigJobChunkCompleted')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'BigJobStarted' || e.type === 'BigJobFinished')).toHaveLength(2);
  });

  it('refuses a chunk ahead of the next one, and a finish before the last chunk', () => {
    expect(() => run(create, start(), chunk(1, null))).toThrow(/cannot be recorded/);
    expect(() => run(create, start(), chunk(0, ['a']), finish())).toThrow(/last chunk/);
  });

  it('cancels a queued job at once, and a running one through CANCELLING at its next chunk boundary', () => {
    expect(status(run(create, cancel).state)).toBe('CANCELLED');
    const { state } = run(create, start(), chunk(0, ['a']), cancel);
    expect(status(state)).toBe('CANCELLING');
    expect(() => chunk(1, null)(state)).toThrow(JobCancelledError);
    expect(status(run(create, start(), cancel, stop()).state)).toBe('CANCELLED');
    // A run failing while it is being cancelled ends the job cancelled, not failed.
    expect(status(run(create, start(), cancel, fail()).state)).toBe('CANCELLED');
    expect(() => run(create, start(), chunk(0, null), finish(), cancel)).toThrow(/already ended/);
  });

  it('retries a failed or cancelled job as the next attempt, keeping the chunks done and the first count', () => {
    const { state } = run(create, start(1, 450), chunk(0, ['a']), fail(), retry, start(2, 999), chunk(1, null, 2), finish(2));
    expect(state).toMatchObject({ status: 'FINISHED', attempt: 2, chunksDone: 2, total: 450, error: null });
    expect(status(run(create, cancel, retry).state)).toBe('QUEUED');
    expect(() => run(create, start(), retry)).toThrow(/Only a failed or cancelled/);
  });

  it('refuses the work of a run of an earlier attempt, and ignores its failure', () => {
    const { state } = run(create, start(), fail(), retry, start(2));
    expect(() => chunk(0, null, 1)(state)).toThrow(/not running/);
    expect(fail(1)(state)).toEqual([]);
    expect(stop(1)(state)).toEqual([]);
  });

  it('keeps at most MAX_KEPT_ERRORS row errors and counts them all', () => {
    const { state } = run(create, start(), chunk(0, ['a'], 1, 80), chunk(1, null, 1, 80));
    expect(state).toMatchObject({ errorCount: 160 });
    expect(state.status !== 'NONE' && state.errors.length).toBe(MAX_KEPT_ERRORS);
  });

  it('answers a repeated create (same Idempotency-Key) with nothing new', () => {
    expect(run(create, create).events).toHaveLength(1);
  });
});
