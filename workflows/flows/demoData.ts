/**
 * The demo-data workflows, written once for both engines. Each step is one activity; activities
 * are idempotent (deterministic command ids), so an engine may retry a step or re-run the whole
 * workflow and the ecosystem ends up the same.
 *
 * Deterministic code only: this module is bundled into Temporal's workflow sandbox, so it imports
 * types and pure helpers, never I/O.
 */
import type { Activities } from '../activities';
import type { CreateDemoDataArgs, JobRunArgs, WorkflowOutcome } from '../engine/port';
import { describeFailure, isJobCancellation } from '../failures';
import type { FlowRuntime } from './runtime';

export type DemoDataActivities = Pick<Activities,
  | 'beginDemoDataCreation' | 'addDemoItem' | 'completeDemoDataCreation' | 'abandonDemoDataCreation'
  | 'beginDemoDataDeletion' | 'removeDemoItem' | 'completeDemoDataDeletion' | 'abandonDemoDataDeletion'>;

/**
 * After a failure or cancellation: record the outcome (through the cleanup activity, which runs
 * even while the run is being cancelled), then end. Engine cancellation is rethrown so that the
 * engine, too, sees the run as cancelled.
 */
async function stopAfter(err: unknown, rt: FlowRuntime, cleanup: (failure: string | null) => Promise<void>): Promise<WorkflowOutcome> {
  // A stopped worker is not the job's end: the engine runs it again elsewhere.
  if (rt.isInterruption(err)) throw err;
  const engineCancelled = rt.isEngineCancellation(err);
  const cancelled = engineCancelled || isJobCancellation(err);
  const error = describeFailure(err);
  await rt.nonCancellable(() => cleanup(cancelled ? null : error));
  if (engineCancelled) throw err;
  return cancelled ? { state: 'CANCELLED' } : { state: 'FAILED', error };
}

export async function createEcosystemDemoDataFlow(acts: DemoDataActivities, args: CreateDemoDataArgs, rt: FlowRuntime): Promise<WorkflowOutcome> {
  try {
    const { total } = await acts.beginDemoDataCreation(args);
    for (let index = 0; index < total; index++) await acts.addDemoItem(args, index);
    await acts.completeDemoDataCreation(args);
    return { state: 'FINISHED' };
  } catch (err) {
    return stopAfter(err, rt, (failure) => acts.abandonDemoDataCreation(args, failure));
  }
}

export async function deleteEcosystemDemoDataFlow(acts: DemoDataActivities, args: JobRunArgs, rt: FlowRuntime): Promise<WorkflowOutcome> {
  try {
    const { items } = await acts.beginDemoDataDeletion(args);
    for (const [index, item] of items.entries()) await acts.removeDemoItem(args, item, index + 1);
    await acts.completeDemoDataDeletion(args);
    return { state: 'FINISHED' };
  } catch (err) {
    return stopAfter(err, rt, (failure) => acts.abandonDemoDataDeletion(args, failure));
  }
}
