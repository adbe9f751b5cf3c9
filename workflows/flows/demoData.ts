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
import { stopAfter, type FlowRuntime } from './runtime';

export type DemoDataActivities = Pick<Activities,
  | 'beginDemoDataCreation' | 'addDemoItem' | 'completeDemoDataCreation' | 'abandonDemoDataCreation'
  | 'beginDemoDataDeletion' | 'removeDemoItem' | 'completeDemoDataDeletion' | 'abandonDemoDataDeletion'>;

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
