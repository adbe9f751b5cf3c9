/**
 * The bulk admin actions' workflow (decision 0049), for both engines: count, then a page of people
 * at a time, then finish. Deterministic: activities do every read and write.
 */
import type { Activities } from '../activities';
import type { BulkUsersArgs, WorkflowOutcome } from '../engine/port';
import { stopAfter, type FlowRuntime } from './runtime';

export type BulkUserActivities = Pick<Activities, 'beginBulkUsers' | 'bulkUsersPage' | 'finishBulkUsers' | 'abandonBulkUsers'>;

export async function bulkUsersFlow(acts: BulkUserActivities, args: BulkUsersArgs, rt: FlowRuntime): Promise<WorkflowOutcome> {
  try {
    const { total } = await acts.beginBulkUsers(args);
    let after: [string, string] | null = null;
    let done = 0;
    let changed = 0;
    do {
      const page = await acts.bulkUsersPage(args, after, done, total);
      done = page.done;
      changed += page.changed;
      after = page.next;
    } while (after);
    await acts.finishBulkUsers(args, done, changed);
    return { state: 'FINISHED' };
  } catch (err) {
    return stopAfter(err, rt, (failure) => acts.abandonBulkUsers(args, failure));
  }
}
