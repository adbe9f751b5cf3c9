/**
 * The invitation-file job's workflow (decision 0041), for both engines: start, then the rows a
 * few at a time (progress reported after each step), then finish. Deterministic: activities do every
 * read and write.
 */
import type { Activities } from '../activities';
import type { InviteFileArgs, WorkflowOutcome } from '../engine/port';
import { INVITE_ROWS_PER_STEP } from '../invitations/steps';
import { stopAfter, type FlowRuntime } from './runtime';

export type InviteFileActivities = Pick<Activities, 'beginInviteFile' | 'inviteFileRows' | 'finishInviteFile' | 'abandonInviteFile'>;

export async function inviteFileFlow(acts: InviteFileActivities, args: InviteFileArgs, rt: FlowRuntime): Promise<WorkflowOutcome> {
  try {
    await acts.beginInviteFile(args);
    let invited = 0;
    const skipped: number[] = [];
    for (let from = 0; from < args.rowCount; from += INVITE_ROWS_PER_STEP) {
      const outcome = await acts.inviteFileRows(args, from, Math.min(args.rowCount, from + INVITE_ROWS_PER_STEP));
      invited += outcome.invited;
      skipped.push(...outcome.skipped);
    }
    await acts.finishInviteFile(args, invited, skipped);
    return { state: 'FINISHED' };
  } catch (err) {
    return stopAfter(err, rt, (failure) => acts.abandonInviteFile(args, failure));
  }
}
