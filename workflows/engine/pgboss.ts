/**
 * The embedded engine: pg-boss 10 on the platform's own PostgreSQL (schema `pgboss`). One queue
 * per workflow; a pg-boss job is one workflow run, executed in this process by calling the shared
 * flow (workflows/flows) with activities wrapped to behave as Temporal's would: the same named
 * retry profile, a timeout per attempt, and cancellation observed at each activity boundary.
 *
 * Deduplication: the pg-boss job id is derived from the workflow id (and the workflow id as the
 * singleton key), and a run already in the job table or its archive is not started again.
 * Schedules are pg-boss cron schedules (one per queue, so one per workflow). A run whose worker
 * stops is failed back to pg-boss, which retries it on the next worker (see `stop`).
 */
import PgBoss from 'pg-boss';
import type { Activities } from '../activities';
import { deterministicUuid } from '../ids';
import { ACTIVITY_PROFILES, NON_RETRYABLE_ERROR_TYPES, WORKFLOW_PROFILES, activityProfileName, jobWorkflowProfile, type ActivityProfile } from '../profiles';
import { failureChain, failureType } from '../failures';
import type { FlowRuntime } from '../flows/runtime';
import { runWorkflow } from '../flows/registry';
import {
  MESSAGE_WORKFLOW_NAMES, SCHEDULED_WORKFLOW_NAMES, WORKFLOW_NAMES, checkScheduleSpec, scheduleId,
  type StartableWorkflowName, type ScheduleSpec, type ScheduledWorkflowName, type StartResult, type WorkflowArgs, type WorkflowEngine, type WorkflowName,
} from './port';

export interface PgBossEngineOptions {
  /** Owner connection URL of the platform database; pg-boss keeps its own small pool on it. */
  connectionString: string;
  activities: Activities;
  schema?: string;
  /** How often an idle worker looks for work (pg-boss polls). Default 2 s; minimum 0.5 s. */
  pollingIntervalSeconds?: number;
  /** Overrides every activity's profile (tests shorten the retry intervals). */
  activityProfile?: ActivityProfile;
  /** How long `stop` lets running activities finish before abandoning them. Default 10 s. */
  shutdownGraceMs?: number;
  /** Delay before a failed or abandoned run is retried (doubling each time). Default 10 s. */
  runRetryDelaySeconds?: number;
  /** How often schedules are checked (pg-boss's cron monitor and its send-it worker). Default pg-boss's (30 s, 5 s). */
  cronCheckSeconds?: number;
  log?: (line: string) => void;
}

interface RunPayload {
  workflowId: string;
  args: WorkflowArgs[WorkflowName];
}

/** Thrown into a run when its pg-boss job was cancelled; the flow cleans up, then rethrows it. */
export class WorkflowCancelledError extends Error {
  constructor(readonly workflowId: string) {
    super(`Workflow ${workflowId} was cancelled.`);
    this.name = 'WorkflowCancelledError';
  }
}

/** Thrown into a run whose worker stopped: the run ends here and pg-boss retries it on the next worker. */
export class WorkerStoppedError extends Error {
  constructor() {
    super('The worker stopped during this run; pg-boss retries it on the next worker.');
    this.name = 'WorkerStoppedError';
  }
}

interface Interrupt {
  /** Settles only by rejecting with WorkerStoppedError, when `stop` gives up waiting. */
  promise: Promise<never>;
  fire(): void;
}

function interrupt(): Interrupt {
  let fire = () => undefined as void;
  const promise = new Promise<never>((_, reject) => { fire = () => reject(new WorkerStoppedError()); });
  // Observed by whichever attempts are running when it fires; there may be none.
  promise.catch(() => undefined);
  return { promise, fire };
}

class AttemptTimeoutError extends Error {
  constructor(activity: string, ms: number) {
    super(`Activity ${activity} did not finish within ${ms} ms.`);
    this.name = 'AttemptTimeoutError';
  }
}

export const queueName = (name: WorkflowName) => `workflow_${name}`;
export const pgBossJobId = (workflowId: string) => deterministicUuid(`pg-boss/${workflowId}`);

function isNonRetryable(err: unknown): boolean {
  if (failureChain(err).some((f) => (f as { nonRetryable?: unknown }).nonRetryable === true)) return true;
  const type = failureType(err);
  return type !== undefined && (NON_RETRYABLE_ERROR_TYPES as readonly string[]).includes(type);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function withinMs<T>(work: Promise<T>, ms: number, activity: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new AttemptTimeoutError(activity, ms)), ms); });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function queueOptions(name: WorkflowName, retryDelay: number) {
  const scheduled = (SCHEDULED_WORKFLOW_NAMES as readonly string[]).includes(name);
  const message = (MESSAGE_WORKFLOW_NAMES as readonly string[]).includes(name);
  const profile = scheduled ? WORKFLOW_PROFILES.reaper : message ? WORKFLOW_PROFILES.message : jobWorkflowProfile(name);
  // A scheduled workflow is 'stately': one run waiting and one running at most, like Temporal's overlap policy SKIP.
  const policy = scheduled ? 'stately' as const : 'standard' as const;
  return { name: queueName(name), policy, retryLimit: 2, retryDelay, retryBackoff: true, expireInSeconds: Math.ceil(profile.runTimeoutMs / 1000) };
}

export class PgBossWorkflowEngine implements WorkflowEngine {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly workers = new Map<WorkflowName, string>();
  private readonly profile: ActivityProfile | null;
  private readonly log: (line: string) => void;
  private readonly runs = new Set<Promise<unknown>>();
  /** Fired once a stopping worker's grace period is over: every attempt still running loses its race against it. */
  private stopped = interrupt();

  constructor(private readonly options: PgBossEngineOptions) {
    this.log = options.log ?? ((line) => console.error(line));
    this.profile = options.activityProfile ?? null;
    const cron = options.cronCheckSeconds ? { cronMonitorIntervalSeconds: options.cronCheckSeconds, cronWorkerIntervalSeconds: options.cronCheckSeconds } : {};
    this.boss = new PgBoss({ connectionString: options.connectionString, schema: options.schema ?? 'pgboss', max: 4, application_name: 'workflows-pgboss', ...cron });
    // Without a listener an 'error' event would crash the process; pg-boss reports polling and maintenance failures here.
    this.boss.on('error', (err) => this.log(`[workflows] pg-boss: ${err.message}`));
  }

  async start(): Promise<void> {
    this.stopped = interrupt();
    await this.boss.start();
    for (const name of WORKFLOW_NAMES) {
      // pg-boss 10 drops sends to a queue that does not exist; updateQueue keeps an old queue's settings in step with this code.
      const { name: queue, ...settings } = queueOptions(name, this.options.runRetryDelaySeconds ?? 10);
      await this.boss.createQueue(queue, { name: queue, ...settings });
      await this.boss.updateQueue(queue, { name: queue, ...settings });
      const workerId = await this.boss.work<RunPayload>(queue, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          try {
            return await this.track(this.run(name, job));
          } finally {
            // Look again at once instead of after the polling interval: a queue filled faster than one
            // run per poll (an invitation file's e-mails, decision 0041) drains back to back.
            const self = this.workers.get(name);
            if (self) this.boss.notifyWorker(self);
          }
        });
      this.workers.set(name, workerId);
    }
  }

  /**
   * Stops fetching, lets running activities finish for the grace period, then abandons the
   * attempts still running: their runs fail back to pg-boss, which retries them (from the start;
   * finished steps replay as no-ops) on the next worker. A late end of an abandoned attempt
   * changes nothing, as every step is idempotent.
   */
  async stop(): Promise<void> {
    await Promise.all(WORKFLOW_NAMES.map((name) => this.boss.offWork(queueName(name))));
    const running = Promise.allSettled([...this.runs]);
    const grace = new Promise<void>((resolve) => setTimeout(resolve, this.options.shutdownGraceMs ?? 10_000).unref());
    await Promise.race([running, grace]);
    this.stopped.fire();
    await running;
    await this.boss.stop({ graceful: true, wait: true, timeout: 1_000 });
    this.workers.clear();
  }

  async startWorkflow<N extends StartableWorkflowName>(name: N, workflowId: string, args: WorkflowArgs[N]): Promise<StartResult> {
    const queue = queueName(name);
    const id = pgBossJobId(workflowId);
    if (await this.boss.getJobById(queue, id, { includeArchive: true })) return { started: false };
    const payload: RunPayload = { workflowId, args };
    const sent = await this.boss.send(queue, payload, { id, singletonKey: workflowId });
    const workerId = this.workers.get(name);
    // Wake this process's worker now instead of at its next poll.
    if (sent && workerId) this.boss.notifyWorker(workerId);
    return { started: sent !== null };
  }

  async cancelWorkflow(workflowId: string): Promise<void> {
    const id = pgBossJobId(workflowId);
    await Promise.all(WORKFLOW_NAMES.map((name) => this.boss.cancel(queueName(name), id)));
  }

  /** pg-boss keeps one schedule per queue and upserts it, so a restart updates rather than duplicates. */
  async schedule<N extends ScheduledWorkflowName>(name: N, spec: ScheduleSpec, args: WorkflowArgs[N]): Promise<void> {
    checkScheduleSpec(spec);
    const payload: RunPayload = { workflowId: scheduleId(name), args };
    await this.boss.schedule(queueName(name), spec.cron, payload, { tz: spec.timezone });
  }

  async unschedule(name: ScheduledWorkflowName): Promise<void> {
    await this.boss.unschedule(queueName(name));
  }

  private track<T>(run: Promise<T>): Promise<T> {
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run)).catch(() => undefined);
    return run;
  }

  /** One workflow run. Engine cancellation ends it quietly: pg-boss already shows the job cancelled. */
  private async run(name: WorkflowName, job: PgBoss.Job<RunPayload>): Promise<unknown> {
    let shielded = 0;
    const cancelled = async () => (await this.boss.getJobById(queueName(name), job.id))?.state === 'cancelled';
    const runtime: FlowRuntime = {
      isEngineCancellation: (err) => err instanceof WorkflowCancelledError,
      isInterruption: (err) => err instanceof WorkerStoppedError,
      async nonCancellable(fn) {
        shielded++;
        try {
          return await fn();
        } finally {
          shielded--;
        }
      },
    };
    const activities = this.wrap(async () => shielded === 0 && (await cancelled()), job.data.workflowId);
    try {
      return await runWorkflow(name, activities, job.data.args, runtime);
    } catch (err) {
      if (err instanceof WorkflowCancelledError) return { state: 'CANCELLED' };
      if (err instanceof WorkerStoppedError) this.log(`[workflows] ${job.data.workflowId}: worker stopped mid-run; pg-boss retries it`);
      throw err;
    }
  }

  /** The activities as a run sees them: cancellation checked first, then attempts per the retry profile. */
  private wrap(isCancelled: () => Promise<boolean>, workflowId: string): Activities {
    const entries = Object.entries(this.options.activities).map(([activity, fn]) => {
      const { startToCloseMs, retry } = this.profile ?? ACTIVITY_PROFILES[activityProfileName(activity)];
      const wrapped = async (...params: unknown[]) => {
        for (let attempt = 1; ; attempt++) {
          const stop = this.stopped.promise;
          if (await Promise.race([isCancelled(), stop])) throw new WorkflowCancelledError(workflowId);
          try {
            return await Promise.race([withinMs((fn as (...p: unknown[]) => Promise<unknown>)(...params), startToCloseMs, activity), stop]);
          } catch (err) {
            if (err instanceof WorkerStoppedError || isNonRetryable(err) || attempt >= retry.maximumAttempts) throw err;
            const delay = Math.min(retry.initialIntervalMs * retry.backoffCoefficient ** (attempt - 1), retry.maximumIntervalMs);
            this.log(`[workflows] ${workflowId}: ${activity} attempt ${attempt} failed (${(err as Error).message}); retrying in ${delay} ms`);
            await Promise.race([sleep(delay), stop]);
          }
        }
      };
      return [activity, wrapped];
    });
    return Object.fromEntries(entries) as Activities;
  }
}
