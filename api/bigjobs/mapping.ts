/** A big job's progress as the page shows it (decision 0075): done of total, rate and time left. */
import { isReportType } from '../../domain/bigjob/model';
import type { BigJobRow } from '../../projections/bigjobs';

export interface BigJobProgressView {
  done: number;
  total: number | null;
  unit: 'ROWS' | 'PROGRAMS';
  chunksDone: number;
  rate: number | null;
  secondsLeft: number | null;
}

/**
 * Rate: units done by the current run over the time from its start to its last chunk (a retry's
 * rate counts only its own chunks). Time left: what remains of the total at that rate, while the
 * job runs.
 */
export function progressOf(row: BigJobRow): BigJobProgressView {
  const programs = isReportType(row.type);
  const done = programs ? row.chunksDone : row.rowsDone;
  const doneInRun = done - (programs ? row.runStartChunks : row.runStartRows);
  const seconds = row.runStartedAt && row.lastChunkAt ? (Date.parse(row.lastChunkAt) - Date.parse(row.runStartedAt)) / 1000 : 0;
  const rate = doneInRun > 0 && seconds > 0 ? Math.round((doneInRun / seconds) * 100) / 100 : null;
  const remaining = row.total === null ? null : Math.max(0, row.total - done);
  const secondsLeft = row.state === 'RUNNING' && rate && remaining !== null ? Math.ceil(remaining / rate) : null;
  return { done, total: row.total, unit: programs ? 'PROGRAMS' : 'ROWS', chunksDone: row.chunksDone, rate, secondsLeft };
}

export function resultPath(jobId: string): string {
  return `/big-jobs/${jobId}/result.csv`;
}
