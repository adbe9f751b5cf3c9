/**
 * Named timeout and retry profiles. Temporal workflows turn them into activity options
 * (temporal/workflows.ts); the pg-boss engine applies the same numbers itself (engine/pgboss.ts),
 * so an activity is retried alike whichever engine runs it. Pure data: safe in workflow code.
 */
export interface ActivityProfile {
  /** Longest one attempt may take. */
  startToCloseMs: number;
  retry: {
    initialIntervalMs: number;
    backoffCoefficient: number;
    maximumIntervalMs: number;
    maximumAttempts: number;
  };
}

/** Error types (ApplicationFailure.type) that no retry can fix: business refusals and cancellation. */
export const NON_RETRYABLE_ERROR_TYPES = ['DomainError', 'JobCancelledError', 'ZodError'] as const;

export const ACTIVITY_PROFILES = {
  /** One or a few domain commands: quick, and worth retrying while the database recovers. */
  command: {
    startToCloseMs: 60_000,
    retry: { initialIntervalMs: 1_000, backoffCoefficient: 2, maximumIntervalMs: 30_000, maximumAttempts: 5 },
  },
  /**
   * One delivery attempt of a message (SMTP or the SMS provider): a few seconds, retried with a
   * growing back-off for about 17 minutes (10 s, 30 s, 90 s, 4.5 min, 10 min) while the provider
   * is unreachable; each attempt is recorded, and one that may have gone out is never repeated.
   */
  delivery: {
    startToCloseMs: 60_000,
    retry: { initialIntervalMs: 10_000, backoffCoefficient: 3, maximumIntervalMs: 600_000, maximumAttempts: 6 },
  },
  /**
   * One meeting-room sync (decision 0058): a few calls to Lessonspace or Zoom, each with a 15 s
   * limit; a provider that is down or throttling is tried again for about 13 minutes (5 s, 15 s,
   * 45 s, 2 min, 7 min, 10 min). Refusals (wrong credentials) are not retried: the activity reports them.
   */
  meetings: {
    startToCloseMs: 60_000,
    retry: { initialIntervalMs: 5_000, backoffCoefficient: 3, maximumIntervalMs: 600_000, maximumAttempts: 7 },
  },
  /**
   * One chunk of a big job (decision 0075): a page of up to 200 rows read, written to the file
   * storage and recorded; retried like a command, with room for a slow store.
   */
  bigJobChunk: {
    startToCloseMs: 120_000,
    retry: { initialIntervalMs: 1_000, backoffCoefficient: 2, maximumIntervalMs: 30_000, maximumAttempts: 5 },
  },
} as const satisfies Record<string, ActivityProfile>;

/** A run's profile by workflow name: a job's, unless it is one of those that take longer. */
export function jobWorkflowProfile(name: string): WorkflowProfile {
  if (name === 'syncMeetingRoom') return WORKFLOW_PROFILES.meetingRoom;
  if (name === 'runBigJob') return WORKFLOW_PROFILES.bigJob;
  return name === 'inviteUsersFromFile' ? WORKFLOW_PROFILES.inviteFile : WORKFLOW_PROFILES.batchJob;
}

export type ActivityProfileName = keyof typeof ACTIVITY_PROFILES;

/** Activities that do not run on the `command` profile. Both engines read this. */
export const ACTIVITY_PROFILE_OF: Readonly<Record<string, ActivityProfileName>> = { deliverMessage: 'delivery', syncMeetingRoom: 'meetings', runBigJobChunk: 'bigJobChunk' };

export function activityProfileName(activity: string): ActivityProfileName {
  return ACTIVITY_PROFILE_OF[activity] ?? 'command';
}

export interface WorkflowProfile {
  /** Longest one run may take before the engine gives up on it. */
  runTimeoutMs: number;
}

export const WORKFLOW_PROFILES = {
  /**
   * Demo data: a handful of commands; generous so that retries fit. The stalled-job reaper fails
   * a job that has not changed for this long: no run of it can still be alive on Temporal.
   */
  batchJob: { runTimeoutMs: 15 * 60_000 },
  /**
   * An invitation file (decision 0041): up to 5,000 rows, each a few commands and an e-mail;
   * measured about 30 rows a second on a loaded machine, so an hour leaves room for a slow one.
   * The reaper still fails it if it stops changing for batchJob's time.
   */
  inviteFile: { runTimeoutMs: 60 * 60_000 },
  /**
   * A big job's run (decision 0075): chunks of 200 rows take well under a second each, so 6 hours
   * holds a few million rows on a slow machine. A run cut off is resumed by a retry.
   */
  bigJob: { runTimeoutMs: 6 * 60 * 60_000 },
  /** The stalled-job reaper: one query and a few commands per stalled job. */
  reaper: { runTimeoutMs: 5 * 60_000 },
  /** A message's delivery: room for every attempt of the `delivery` profile and its back-off. */
  message: { runTimeoutMs: 30 * 60_000 },
  /** A meeting-room sync: room for every attempt of the `meetings` profile and its back-off. */
  meetingRoom: { runTimeoutMs: 30 * 60_000 },
} as const satisfies Record<string, WorkflowProfile>;
