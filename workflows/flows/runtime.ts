/**
 * What a workflow needs from the engine running it, beyond its activities. Temporal's
 * implementation lives in temporal/workflows.ts, pg-boss's in engine/pgboss.ts.
 */
export interface FlowRuntime {
  /** The engine cancelled this run (Temporal cancel; pg-boss job cancelled). */
  isEngineCancellation(err: unknown): boolean;
  /** Runs cleanup even while the run is being cancelled (Temporal: a non-cancellable scope). */
  nonCancellable<T>(fn: () => Promise<T>): Promise<T>;
}
