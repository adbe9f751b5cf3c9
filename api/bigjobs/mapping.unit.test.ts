/** A big job's progress view (decision 0075): done of total in rows or programs, the current run's rate, the time left while it runs. */
import { describe, expect, it } from 'vitest';
import type { BigJobRow } from '../../projections/bigjobs';
import { progressOf } from './mapping';

const base: BigJobRow = {
  id: 'j', ecosystemId: 'e', type: 'EXPORT_SESSIONS', params: { programIds: [], from: null, to: null, language: 'en' }, state: 'RUNNING', attempt: 1,
  total: 1000, rowsDone: 400, chunksDone: 2, runStartedAt: '2026-11-24T10:00:00.000000Z', runStartRows: 0, runStartChunks: 0,
  lastChunkAt: '2026-11-24T10:00:10.000000Z', errors: [], errorCount: 0, error: null, createdBy: 'u', createdAt: '', updatedAt: '', finishedAt: null,
};

describe('progressOf', () => {
  it('gives rows done of the total, the rate of the current run and the time left at that rate', () => {
    expect(progressOf(base)).toEqual({ done: 400, total: 1000, unit: 'ROWS', chunksDone: 2, rate: 40, secondsLeft: 15 });
  });

  it('counts only what a retry did itself for its rate', () => {
    expect(progressOf({ ...base, attempt: 2, runStartRows: 200 })).toMatchObject({ done: 400, rate: 20, secondsLeft: 30 });
  });

  it('counts programs for a report, and gives no rate before the first chunk nor a time left once the job ended', () => {
    expect(progressOf({ ...base, type: 'REPORT_PROGRAM_SESSIONS', total: 4, chunksDone: 1 })).toMatchObject({ done: 1, total: 4, unit: 'PROGRAMS', rate: 0.1, secondsLeft: 30 });
    expect(progressOf({ ...base, lastChunkAt: null, rowsDone: 0, chunksDone: 0 })).toMatchObject({ rate: null, secondsLeft: null });
    expect(progressOf({ ...base, state: 'FINISHED', rowsDone: 1000 })).toMatchObject({ done: 1000, secondsLeft: null });
  });
});
