/**
 * What a workflow needs from the engine running it, beyond its activities. Temporal's
 * implementation lives in temporal/workflows.ts, pg-boss's in engine/pgboss.ts.
 */
import type { WorkflowOutcome } from '../engine/port';
import { describeFailure, isJobCancellation } from '../failures';

export interface FlowRuntime {
  /** The engine cancelled this run (Temporal cancel; pg-boss job cancelled). */
  isEngineCancellation(err: unknown): boolean;
  /**
   * The worker running this run stopped (pg-boss: a shutdown abandoned the attempt). The run is
   * not over: the engine resumes it on another worker, so the flow neither cleans up nor ends
   * the job. Temporal never shows this to workflow code (it replays the run elsewhere).
   */
  isInterruption(err: unknown): boolean;
  /** Runs cleanup even while the run is being cancelled (Temporal: a non-cancellable scope). */
  nonCancellable<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * After a failure or cancellation: record the outcome (through the cleanup activity, which runs
 * even while the run is being cancelled), then end. Engine cancellation is rethrown so that the
 * engine, too, sees the run as cancelled.
 */
export async function stopAfter(err: unknown, rt: FlowRuntime, cleanup: (failure: string | null) => Promise<void>): Promise<WorkflowOutcome> {
  // A stopped worker is not the job's end: the engine runs it again elsewhere.
  if (rt.isInterruption(err)) throw err;
  const engineCancelled = rt.isEngineCancellation(err);
  const cancelled = engineCancelled || isJobCancellation(err);
  const error = describeFailure(err);
  await rt.nonCancellable(() => cleanup(cancelled ? null : error));
  if (engineCancelled) throw err;
  return cancelled ? { state: 'CANCELLED' } : { state: 'FAILED', error };
}
