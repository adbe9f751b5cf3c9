/**
 * The "all matching" session actions' workflow (decision 0064), for both engines: count, then a
 * page of sessions at a time in start order, then finish. Deterministic: activities do every read and write.
 */
import type { Activities } from '../activities';
import type { BulkSessionsArgs, WorkflowOutcome } from '../engine/port';
import { stopAfter, type FlowRuntime } from './runtime';

export type BulkSessionActivities = Pick<Activities, 'beginBulkSessions' | 'bulkSessionsPage' | 'finishBulkSessions' | 'abandonBulkSessions'>;

export async function bulkSessionsFlow(acts: BulkSessionActivities, args: BulkSessionsArgs, rt: FlowRuntime): Promise<WorkflowOutcome> {
  try {
    const { total } = await acts.beginBulkSessions(args);
    let after: string[] | null = null;
    let done = 0;
    let changed = 0;
    do {
      const page = await acts.bulkSessionsPage(args, after, done, total);
      done = page.done;
      changed += page.changed;
      after = page.next;
    } while (after);
    await acts.finishBulkSessions(args, done, changed);
    return { state: 'FINISHED' };
  } catch (err) {
    return stopAfter(err, rt, (failure) => acts.abandonBulkSessions(args, failure));
  }
}
