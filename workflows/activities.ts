/**
 * Activities: plain functions with injected ports, shared by both engines. They act only by
 * dispatching domain commands (the job, the demo-data ledger, the tenants' programs); they never
 * write a read model. Each step is safe to repeat: its commands carry ids derived from the job
 * and step, and the domain decides nothing new for a step that already happened.
 */
import type { DemoItem } from '../domain/job/demo-data/events';
import {
  abandonDemoDataCreation, abandonDemoDataDeletion, addDemoDataItem, beginDemoDataCreation, beginDemoDataDeletion,
  completeDemoDataCreation, completeDemoDataDeletion, removeDemoDataItem,
} from '../domain/job/demo-data/handlers';
import { cancelBatchJob, failBatchJob, finishBatchJob, reportBatchJobProgress, startBatchJob } from '../domain/job/handlers';
import { demoPlan } from './demo/catalogue';
import { createDemoContent, removeDemoContent } from './demo/content';
import { sender, type CommandDispatcher, type Send } from './dispatch';
import type { Actor } from '../domain/shared/events';
import type { CreateDemoDataArgs, JobRunArgs, ReapStalledJobsArgs } from './engine/port';
import { failureType, STALLED_FAILURE } from './failures';
import { createMessageActivities, type MessageDeliveryDeps } from './messages/activities';
import { createBulkUserActivities, type RosterJobReads } from './roster/activities';
import { createBulkSessionActivities, type SessionJobReads } from './session-bulk/activities';
import { createInviteFileActivities, type InviteJobDeps } from './invitations/activities';
import { createMeetingActivities, type MeetingActivityDeps } from './meetings/activities';
import { createReportActivities, type ReportActivityDeps } from './reports/activities';
import { createWeeklyReportActivities } from './reports/weekly';
import { createBigJobActivities, type BigJobDeps } from './bigjobs/activities';
import { createTimerActivities, type TimerActivityDeps } from './timers/activities';

/** An active batch job as the jobs read model shows it. */
export interface StalledJob {
  id: string;
  ecosystemId: string;
  jobName: string;
}

/** The reads activities make: the jobs read model (projections/jobs), never the event log. */
export interface JobReads {
  /** Active jobs (QUEUED, SUBMITTED, PROCESSING) whose last change is older than `before`, oldest first. */
  stalledJobs(before: Date, limit: number): Promise<StalledJob[]>;
  /** The roster and memberships, for the bulk admin actions (workflows/roster; absent in workers that run none). */
  roster?: RosterJobReads;
  /** The admin session summary, for the "all matching" session actions (workflows/session-bulk). */
  sessions?: SessionJobReads;
}

export interface ActivityDeps {
  bus: CommandDispatcher;
  /** Needed by the stalled-job reaper only. */
  reads?: JobReads;
  clock?: () => Date;
  /** Message delivery (workflows/messages); a worker without it fails delivery runs as misconfigured. */
  delivery?: MessageDeliveryDeps;
  /** The invitation-file job's reads, link settings and engine (workflows/invitations; absent in workers that run none). */
  invitations?: InviteJobDeps;
  /** Meeting rooms (workflows/meetings, decision 0058); a worker without it fails room syncs as misconfigured. */
  meetings?: MeetingActivityDeps;
  /** Scheduled reports (workflows/reports, decision 0068); a worker without it fails their runs as misconfigured. */
  reports?: ReportActivityDeps;
  /** Big jobs (workflows/bigjobs, decision 0075); a worker without them fails their runs as misconfigured. */
  bigJobs?: BigJobDeps;
  /** Session timers (workflows/timers, decision 0074); a worker without it fails their ticks as misconfigured. */
  timers?: TimerActivityDeps;
}

/** The platform itself, as api/auth/seed.ts's SYSTEM_ACTOR: the reaper acts for no person. */
export const REAPER_ACTOR: Actor = { userId: '00000000-0000-0000-0000-000000000000', role: 'SYSTEM' };
/** Jobs failed per reaper run; the next run takes the rest. */
const REAP_LIMIT = 100;

/** Ends the job after a stop: failed with the error, or cancelled (unless it already ended). */
export async function endJob(send: Send, jobId: string, failure: string | null): Promise<void> {
  if (failure !== null) {
    await send('job:fail', failBatchJob, { jobId, error: failure });
    return;
  }
  try {
    await send('job:cancel', cancelBatchJob, { jobId });
  } catch (err) {
    // A job that already finished or failed keeps that outcome; cancelling it is moot, not an error.
    if (failureType(err) !== 'DomainError') throw err;
  }
}

export function createActivities(deps: ActivityDeps) {
  const clock = deps.clock ?? (() => new Date());
  const sendFor = (args: JobRunArgs) => sender(deps.bus, clock, args);

  return {
    ...createMessageActivities(deps.delivery),
    ...createBulkUserActivities(deps, sendFor),
    ...createBulkSessionActivities(deps, sendFor),
    ...createInviteFileActivities(deps, sendFor, clock),
    ...createMeetingActivities(deps.meetings),
    ...createReportActivities(deps.reports, deps.bus, clock),
    ...createWeeklyReportActivities(deps.reports, deps.bus, clock),
    ...createBigJobActivities(deps.bigJobs, sendFor),
    ...createTimerActivities(deps.timers, deps.bus, clock),

    /** Marks the job PROCESSING and claims the ecosystem's demo-data ledger for this job. */
    async beginDemoDataCreation(args: CreateDemoDataArgs): Promise<{ total: number }> {
      const send = sendFor(args);
      const total = demoPlan(args.jobId).length;
      await send('job:start', startBatchJob, { jobId: args.jobId, total });
      await send('demo:begin-creation', beginDemoDataCreation, {
        ecosystemId: args.ecosystemId, jobId: args.jobId, demoSessionsStartDate: args.demoSessionsStartDate,
      });
      return { total };
    },

    /** Records the item in the ledger first, so a crash after creating it still leaves it findable for deletion. */
    async addDemoItem(args: CreateDemoDataArgs, index: number): Promise<DemoItem> {
      const send = sendFor(args);
      const planned = demoPlan(args.jobId)[index];
      if (!planned) throw new RangeError(`demo item ${index} is not in the plan`);
      const item: DemoItem = { kind: planned.kind, id: planned.id, label: planned.label };
      await send(`demo:add:${index}`, addDemoDataItem, { ecosystemId: args.ecosystemId, jobId: args.jobId, item });
      await createDemoContent(send, args, planned);
      await send(`job:progress:${index + 1}`, reportBatchJobProgress, { jobId: args.jobId, done: index + 1 });
      return item;
    },

    async completeDemoDataCreation(args: CreateDemoDataArgs): Promise<void> {
      const send = sendFor(args);
      await send('demo:complete-creation', completeDemoDataCreation, { ecosystemId: args.ecosystemId, jobId: args.jobId });
      const items = demoPlan(args.jobId).map(({ kind, id, label }) => ({ kind, id, label }));
      await send('job:finish', finishBatchJob, { jobId: args.jobId, result: { items, demoSessionsStartDate: args.demoSessionsStartDate } });
    },

    /** After a failure (`failure` set) or a cancellation (null): keeps what was added on record, ends the job. */
    async abandonDemoDataCreation(args: CreateDemoDataArgs, failure: string | null): Promise<void> {
      const send = sendFor(args);
      await send('demo:abandon-creation', abandonDemoDataCreation, {
        ecosystemId: args.ecosystemId, jobId: args.jobId, reason: failure ?? 'The job was cancelled.',
      });
      await endJob(send, args.jobId, failure);
    },

    /** Marks the job PROCESSING, claims the ledger for deletion and returns what is to be removed. */
    async beginDemoDataDeletion(args: JobRunArgs): Promise<{ items: DemoItem[] }> {
      const send = sendFor(args);
      const ledger = await send('demo:begin-deletion', beginDemoDataDeletion, { ecosystemId: args.ecosystemId, jobId: args.jobId });
      const items = ledger.status === 'DELETING' ? ledger.items : [];
      await send('job:start', startBatchJob, { jobId: args.jobId, total: items.length });
      return { items };
    },

    async removeDemoItem(args: JobRunArgs, item: DemoItem, done: number): Promise<void> {
      const send = sendFor(args);
      await removeDemoContent(send, item);
      await send(`demo:remove:${item.id}`, removeDemoDataItem, { ecosystemId: args.ecosystemId, jobId: args.jobId, itemId: item.id });
      await send(`job:progress:${done}`, reportBatchJobProgress, { jobId: args.jobId, done });
    },

    async completeDemoDataDeletion(args: JobRunArgs): Promise<void> {
      const send = sendFor(args);
      await send('demo:complete-deletion', completeDemoDataDeletion, { ecosystemId: args.ecosystemId, jobId: args.jobId });
      await send('job:finish', finishBatchJob, { jobId: args.jobId, result: {} });
    },

    async abandonDemoDataDeletion(args: JobRunArgs, failure: string | null): Promise<void> {
      const send = sendFor(args);
      await send('demo:abandon-deletion', abandonDemoDataDeletion, {
        ecosystemId: args.ecosystemId, jobId: args.jobId, reason: failure ?? 'The job was cancelled.',
      });
      await endJob(send, args.jobId, failure);
    },

    /**
     * The stalled-job reaper: fails each active job unchanged for longer than its workflow may
     * run, and releases the demo-data ledger it may hold, so that a job whose run died shows
     * FAILED instead of spinning forever. Repeating it repeats nothing (command ids per job).
     */
    async reapStalledJobs(args: ReapStalledJobsArgs): Promise<{ failed: string[] }> {
      if (!deps.reads) throw new Error('The stalled-job reaper needs the jobs read model (ActivityDeps.reads).');
      const before = new Date(clock().getTime() - args.stalledAfterMs);
      const failed: string[] = [];
      for (const job of await deps.reads.stalledJobs(before, REAP_LIMIT)) {
        const send = sendFor({ jobId: job.id, ecosystemId: job.ecosystemId, actor: REAPER_ACTOR });
        const state = await send('reaper:fail', failBatchJob, { jobId: job.id, error: STALLED_FAILURE });
        const ledger = { ecosystemId: job.ecosystemId, jobId: job.id, reason: STALLED_FAILURE };
        // Safe whatever the ledger's state: it is released only if this job still holds it.
        if (job.jobName === 'createEcosystemDemoData') await send('reaper:abandon', abandonDemoDataCreation, ledger);
        if (job.jobName === 'deleteEcosystemDemoData') await send('reaper:abandon', abandonDemoDataDeletion, ledger);
        if (state.status === 'FAILED' && state.error === STALLED_FAILURE) failed.push(job.id);
      }
      return { failed };
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
