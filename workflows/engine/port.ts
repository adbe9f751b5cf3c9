/**
 * The workflow engine port (DESIGN.md section 6). Two adapters run the same workflows
 * (workflows/flows) over the same activities (workflows/activities.ts):
 * - pg-boss (engine/pgboss.ts): embedded default, on the platform's own PostgreSQL;
 * - Temporal (engine/temporal.ts): when TEMPORAL_ADDRESS is set.
 *
 * Workflow ids are deterministic (`batch-job-<jobId>`), and starting an id that already exists
 * starts nothing: a replayed trigger or a retried mutation cannot run a job twice. Recurring
 * workflows run from a schedule (one per workflow name), created or updated at start-up.
 */
import type { Actor } from '../../domain/shared/events';
import type { BatchJobName } from '../../domain/job/names';

/** What every job workflow receives: which job, which tenant, and on whose behalf it acts. */
export interface JobRunArgs {
  jobId: string;
  ecosystemId: string;
  /** The admin who asked: activities dispatch as them, so breadcrumbs name a person, not a robot. */
  actor: Actor;
}

export interface CreateDemoDataArgs extends JobRunArgs {
  /** YYYY-MM-DD; kept in the job and the demo-data ledger for the sessions capability. */
  demoSessionsStartDate: string;
}

/** A bulk admin action on the people a roster filter names (decision 0049): the job's metadata. */
export interface BulkUsersArgs extends JobRunArgs {
  filters: { roles?: string[]; statuses?: string[]; programIds?: string[]; text?: string | null };
  excludeUserId: string;
  /** Set for adminUpdateAllUserPermissions: the roles to give and take. */
  changes?: { add: Array<{ role: string; programId: string | null }>; remove: Array<{ role: string; programId: string | null }> };
}

/** The sessions an "all matching" admin action walks (decision 0064), as the job's metadata records them. */
export interface BulkSessionFilters {
  from?: string | null;
  to?: string | null;
  programIds?: string[];
  statuses?: string[];
  sessionTypes?: string[];
  text?: string | null;
}

/** What the action does to each session: cancel (with the reason), restore, or set one custom property. */
export type BulkSessionChange = { kind: 'cancel'; reason: string | null } | { kind: 'restore' } | { kind: 'label'; key: string; value: string | null };

/** An "all matching" action on the admin session summary (decision 0064). `asOf`: the instant the clock statuses are read at. */
export interface BulkSessionsArgs extends JobRunArgs {
  filters: BulkSessionFilters;
  asOf: string;
  change: BulkSessionChange;
}

/**
 * A large invitation file (decision 0041). The rows are the job's metadata (read by the
 * activities from the jobs read model, so the run's arguments stay small); `tokenSeed` is a random
 * secret of this run, never recorded in the job, from which each row's invite token is derived, so
 * a retried row mails the same link that its invitation records.
 */
export interface InviteFileArgs extends JobRunArgs {
  rowCount: number;
  tokenSeed: string;
}

/** The stalled-job reaper: jobs unchanged for longer than this are failed. */
export interface ReapStalledJobsArgs {
  stalledAfterMs: number;
}

/** Batch-job workflows, started per job. Their names are the batch-job names (domain/job/names.ts). */
export interface JobWorkflowArgs {
  createEcosystemDemoData: CreateDemoDataArgs;
  deleteEcosystemDemoData: JobRunArgs;
  adminArchiveAllUser: BulkUsersArgs;
  adminUpdateAllUserPermissions: BulkUsersArgs;
  inviteUsersFromFile: InviteFileArgs;
  adminCancelAllLabelSession: BulkSessionsArgs;
  adminRestoreAllSessions: BulkSessionsArgs;
  adminSaveAllLabelSession: BulkSessionsArgs;
}

/** Delivers one recorded message (domain/message): its id is all the run needs, the rest is in its stream. */
export interface DeliverMessageArgs {
  messageId: string;
}

/** Message workflows, started per message (docs/decisions/0036). */
export interface MessageWorkflowArgs {
  deliverMessage: DeliverMessageArgs;
}

/** Brings one session series' meeting room in line with the series at `revision` (docs/decisions/0058). */
export interface SyncMeetingRoomArgs {
  seriesId: string;
  revision: number;
}

/** Meeting-room workflows, started per series and revision. */
export interface MeetingWorkflowArgs {
  syncMeetingRoom: SyncMeetingRoomArgs;
}

/**
 * The scheduled reports' tick (decision 0068): each run sends the reports due at the engine's
 * clock, each in its own zone. No arguments: the reports and their schedules are in the read model.
 */
export type RunScheduledReportsArgs = Record<string, never>;

/**
 * The weekly parent reports' tick (decision 0076): each run sends the reports due at the engine's
 * clock, Saturday 09:00 in each guardian's zone. No arguments: the guardians are in the read models.
 */
export type RunWeeklyParentReportsArgs = Record<string, never>;
/** The session timers' tick (decision 0074): reminders and completions due at the engine's clock, from the sessions read model. */
export type RunSessionTimersArgs = Record<string, never>;

/** A big job's run (decision 0075): which job, and which attempt (a retry is a new run). */
export interface BigJobRunArgs extends JobRunArgs {
  attempt: number;
}

/** Big-job workflows, started per job and attempt. */
export interface BigJobWorkflowArgs {
  runBigJob: BigJobRunArgs;
}

/** Recurring workflows, started by their schedule. */
export interface ScheduledWorkflowArgs {
  reapStalledJobs: ReapStalledJobsArgs;
  runScheduledReports: RunScheduledReportsArgs;
  runWeeklyParentReports: RunWeeklyParentReportsArgs;
  runSessionTimers: RunSessionTimersArgs;
}

export type WorkflowArgs = JobWorkflowArgs & ScheduledWorkflowArgs & MessageWorkflowArgs & MeetingWorkflowArgs & BigJobWorkflowArgs;
export type JobWorkflowName = keyof JobWorkflowArgs & BatchJobName;
export type ScheduledWorkflowName = keyof ScheduledWorkflowArgs;
export type MessageWorkflowName = keyof MessageWorkflowArgs;
export type MeetingWorkflowName = keyof MeetingWorkflowArgs;
export type BigJobWorkflowName = keyof BigJobWorkflowArgs;
/** What `startWorkflow` starts: a run per job or per message (schedules start the others). */
export type StartableWorkflowName = JobWorkflowName | MessageWorkflowName | MeetingWorkflowName | BigJobWorkflowName;
export type WorkflowName = JobWorkflowName | ScheduledWorkflowName | MessageWorkflowName | MeetingWorkflowName | BigJobWorkflowName;
export const JOB_WORKFLOW_NAMES: readonly JobWorkflowName[] = ['createEcosystemDemoData', 'deleteEcosystemDemoData', 'adminArchiveAllUser', 'adminUpdateAllUserPermissions', 'inviteUsersFromFile',
  'adminCancelAllLabelSession', 'adminRestoreAllSessions', 'adminSaveAllLabelSession'];
export const SCHEDULED_WORKFLOW_NAMES: readonly ScheduledWorkflowName[] = ['reapStalledJobs', 'runScheduledReports',
  'runWeeklyParentReports', 'runSessionTimers'];
export const MESSAGE_WORKFLOW_NAMES: readonly MessageWorkflowName[] = ['deliverMessage'];
export const MEETING_WORKFLOW_NAMES: readonly MeetingWorkflowName[] = ['syncMeetingRoom'];
export const BIG_JOB_WORKFLOW_NAMES: readonly BigJobWorkflowName[] = ['runBigJob'];
export const WORKFLOW_NAMES: readonly WorkflowName[] = [...JOB_WORKFLOW_NAMES, ...SCHEDULED_WORKFLOW_NAMES, ...MESSAGE_WORKFLOW_NAMES, ...MEETING_WORKFLOW_NAMES,
  ...BIG_JOB_WORKFLOW_NAMES];

/** How a workflow run ended, as the workflow reports it (the job's own state is the record). */
export interface WorkflowOutcome {
  state: 'FINISHED' | 'FAILED' | 'CANCELLED';
  error?: string;
}

export interface StartResult {
  /** False when a workflow with this id already exists (running or, within retention, ended). */
  started: boolean;
}

/**
 * When a schedule fires: a five-field cron expression (minute hour day-of-month month
 * day-of-week, the part both engines read alike; pg-boss fires at most once a minute) in an
 * IANA time zone.
 */
export interface ScheduleSpec {
  cron: string;
  timezone: string;
}

/** Refuses what the engines would read differently (six-field crons mean seconds to one, years to the other). */
export function checkScheduleSpec(spec: ScheduleSpec): void {
  if (spec.cron.trim().split(/\s+/).length !== 5) {
    throw new Error(`Schedule cron "${spec.cron}" must have five fields (minute hour day-of-month month day-of-week).`);
  }
  if (!spec.timezone) throw new Error('A schedule needs a time zone (IANA name, e.g. UTC).');
}

export interface WorkflowEngine {
  readonly kind: 'pg-boss' | 'temporal';
  /** Connects and, unless configured as a client only, starts this process's worker. */
  start(): Promise<void>;
  /**
   * Stops taking work, gives running activities a grace period, then abandons the attempts still
   * running (the engine retries them on another worker; activities are idempotent), disconnects.
   */
  stop(): Promise<void>;
  startWorkflow<N extends StartableWorkflowName>(name: N, workflowId: string, args: WorkflowArgs[N]): Promise<StartResult>;
  /** Requests cancellation; the run stops at its next activity boundary. Unknown ids are ignored. */
  cancelWorkflow(workflowId: string): Promise<void>;
  /**
   * Creates the workflow's schedule or, when it exists (a restart, another process), updates it
   * to this spec and these arguments. Each firing starts one run; a firing while the previous run
   * is still going starts nothing.
   */
  schedule<N extends ScheduledWorkflowName>(name: N, spec: ScheduleSpec, args: WorkflowArgs[N]): Promise<void>;
  /** Removes the workflow's schedule; a missing schedule is not an error. */
  unschedule(name: ScheduledWorkflowName): Promise<void>;
}

export function jobWorkflowId(jobId: string): string {
  return `batch-job-${jobId}`;
}

/** One delivery run per message, ever: a repeated start (a retried send) starts nothing. */
export function messageWorkflowId(messageId: string): string {
  return `message-${messageId}`;
}

/** One room sync per series and revision: a repeated start for the same change starts nothing. */
export function meetingRoomWorkflowId(seriesId: string, revision: number): string {
  return `meeting-room-${seriesId}-${revision}`;
}

/** One run per big job and attempt: a retry starts the next attempt's run, a repeated start nothing. */
export function bigJobWorkflowId(jobId: string, attempt: number): string {
  return `big-job-${jobId}-${attempt}`;
}

/** The id of a workflow's schedule (Temporal adds the task queue, as several platforms may share a namespace). */
export function scheduleId(name: ScheduledWorkflowName): string {
  return `schedule-${name}`;
}
