/**
 * Temporal workflows (the Worker's `workflowsPath`). Exported names are the workflow names of
 * engine/port.ts. The logic is the shared flow; this file only supplies Temporal's activity
 * proxies, built from the named profiles, and its cancellation semantics.
 *
 * Runs in Temporal's deterministic sandbox: activities are imported as a type only, and every
 * other import is pure (no I/O, no clock, no randomness).
 */
import { CancellationScope, isCancellation, proxyActivities, type ActivityOptions } from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { BulkSessionsArgs, BulkUsersArgs, CreateDemoDataArgs, DeliverMessageArgs, InviteFileArgs, JobRunArgs, ReapStalledJobsArgs, RunScheduledReportsArgs, RunSessionTimersArgs, SyncMeetingRoomArgs, WorkflowOutcome } from '../engine/port';
import { bulkUsersFlow } from '../flows/bulkUsers';
import { bulkSessionsFlow } from '../flows/bulkSessions';
import { deliverMessageFlow } from '../flows/deliverMessage';
import { syncMeetingRoomFlow } from '../flows/syncMeetingRoom';
import type { MeetingRoomOutcome } from '../meetings/activities';
import { inviteFileFlow } from '../flows/inviteFile';
import type { DeliveryOutcome } from '../messages/activities';
import { createEcosystemDemoDataFlow, deleteEcosystemDemoDataFlow } from '../flows/demoData';
import { reapStalledJobsFlow } from '../flows/reaper';
import { runScheduledReportsFlow } from '../flows/scheduledReports';
import { runWeeklyParentReportsFlow } from '../flows/weeklyParentReports';
import type { RunWeeklyParentReportsArgs } from '../engine/port';
import { bigJobFlow } from '../flows/bigJob';
import type { BigJobRunArgs } from '../engine/port';
import { runSessionTimersFlow, type SessionTimersOutcome } from '../flows/sessionTimers';
import type { FlowRuntime } from '../flows/runtime';
import { ACTIVITY_PROFILES, NON_RETRYABLE_ERROR_TYPES, type ActivityProfile } from '../profiles';

function activityOptions(profile: ActivityProfile): ActivityOptions {
  return {
    startToCloseTimeout: profile.startToCloseMs,
    retry: {
      initialInterval: profile.retry.initialIntervalMs,
      backoffCoefficient: profile.retry.backoffCoefficient,
      maximumInterval: profile.retry.maximumIntervalMs,
      maximumAttempts: profile.retry.maximumAttempts,
      nonRetryableErrorTypes: [...NON_RETRYABLE_ERROR_TYPES],
    },
  };
}

const activities = proxyActivities<Activities>(activityOptions(ACTIVITY_PROFILES.command));
/** Delivery attempts retry on their own back-off (profiles.ts ACTIVITY_PROFILE_OF). */
const { deliverMessage: deliverMessageActivity } = proxyActivities<Activities>(activityOptions(ACTIVITY_PROFILES.delivery));
/** Meeting-room syncs retry on the providers' back-off (profiles.ts ACTIVITY_PROFILE_OF). */
const { syncMeetingRoom: syncMeetingRoomActivity } = proxyActivities<Activities>(activityOptions(ACTIVITY_PROFILES.meetings));

const runtime: FlowRuntime = {
  isEngineCancellation: isCancellation,
  // A worker that stops mid-run is invisible here: Temporal replays the run on another worker.
  isInterruption: () => false,
  nonCancellable: (fn) => CancellationScope.nonCancellable(fn),
};

export async function createEcosystemDemoData(args: CreateDemoDataArgs): Promise<WorkflowOutcome> {
  return createEcosystemDemoDataFlow(activities, args, runtime);
}

export async function deleteEcosystemDemoData(args: JobRunArgs): Promise<WorkflowOutcome> {
  return deleteEcosystemDemoDataFlow(activities, args, runtime);
}

export async function adminArchiveAllUser(args: BulkUsersArgs): Promise<WorkflowOutcome> {
  return bulkUsersFlow(activities, args, runtime);
}

export async function adminUpdateAllUserPermissions(args: BulkUsersArgs): Promise<WorkflowOutcome> {
  return bulkUsersFlow(activities, args, runtime);
}

export async function adminCancelAllLabelSession(args: BulkSessionsArgs): Promise<WorkflowOutcome> {
  return bulkSessionsFlow(activities, args, runtime);
}

export async function adminRestoreAllSessions(args: BulkSessionsArgs): Promise<WorkflowOutcome> {
  return bulkSessionsFlow(activities, args, runtime);
}

export async function adminSaveAllLabelSession(args: BulkSessionsArgs): Promise<WorkflowOutcome> {
  return bulkSessionsFlow(activities, args, runtime);
}

export async function inviteUsersFromFile(args: InviteFileArgs): Promise<WorkflowOutcome> {
  return inviteFileFlow(activities, args, runtime);
}

export async function deliverMessage(args: DeliverMessageArgs): Promise<DeliveryOutcome> {
  return deliverMessageFlow({ deliverMessage: deliverMessageActivity, abandonMessage: activities.abandonMessage }, args, runtime);
}

export async function reapStalledJobs(args: ReapStalledJobsArgs): Promise<{ failed: string[] }> {
  return reapStalledJobsFlow(activities, args);
}

export async function syncMeetingRoom(args: SyncMeetingRoomArgs): Promise<MeetingRoomOutcome> {
  return syncMeetingRoomFlow({ syncMeetingRoom: syncMeetingRoomActivity }, args);
}

export async function runScheduledReports(args: RunScheduledReportsArgs): Promise<{ sent: number; failed: number }> {
  return runScheduledReportsFlow(activities, args);
}

export async function runWeeklyParentReports(args: RunWeeklyParentReportsArgs): Promise<{ sent: number }> {
  return runWeeklyParentReportsFlow(activities, args);
}

/** A big job's run (decision 0075): its chunks on the bigJobChunk profile (profiles.ts ACTIVITY_PROFILE_OF). */
const { runBigJobChunk: runBigJobChunkActivity } = proxyActivities<Activities>(activityOptions(ACTIVITY_PROFILES.bigJobChunk));

export async function runBigJob(args: BigJobRunArgs): Promise<WorkflowOutcome> {
  // The proxies are Proxy objects: they are named one by one (a spread of one copies nothing).
  const { beginBigJob, finishBigJob, abandonBigJob } = activities;
  return bigJobFlow({ beginBigJob, runBigJobChunk: runBigJobChunkActivity, finishBigJob, abandonBigJob }, args, runtime);
}

export async function runSessionTimers(args: RunSessionTimersArgs): Promise<SessionTimersOutcome> {
  return runSessionTimersFlow(activities, args);
}
