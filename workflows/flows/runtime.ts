/**
 * What a workflow needs from the engine running it, beyond its activities. Temporal's
 * implementation lives in temporal/workflows.ts, pg-boss's in engine/pgboss.ts.
 */
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
