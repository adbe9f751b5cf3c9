/**
 * A big job's run (decision 0075), for both engines: begin (where to resume), then one chunk at a
 * time until the last, then finish. A resumed or retried run begins at the first chunk not
 * recorded. Deterministic: activities do every read and write.
 */
import type { Activities } from '../activities';
import type { BigJobRunArgs, WorkflowOutcome } from '../engine/port';
import { stopAfter, type FlowRuntime } from './runtime';

export type BigJobActivities = Pick<Activities, 'beginBigJob' | 'runBigJobChunk' | 'finishBigJob' | 'abandonBigJob'>;

export async function bigJobFlow(acts: BigJobActivities, args: BigJobRunArgs, rt: FlowRuntime): Promise<WorkflowOutcome> {
  try {
    const begin = await acts.beginBigJob(args);
    let index = begin.index;
    let cursor = begin.cursor;
    let more = !begin.allChunksDone;
    while (more) {
      const outcome = await acts.runBigJobChunk(args, begin.spec, index, cursor);
      index += 1;
      cursor = outcome.next;
      more = outcome.next !== null;
    }
    await acts.finishBigJob(args);
    return { state: 'FINISHED' };
  } catch (err) {
    return stopAfter(err, rt, (failure) => acts.abandonBigJob(args, failure));
  }
}
