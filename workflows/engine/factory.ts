/**
 * Picks the engine from configuration (DESIGN.md section 6): Temporal when TEMPORAL_ADDRESS is
 * set, otherwise pg-boss on the platform's own PostgreSQL. Both run the same activities.
 */
import type { Config } from '../../infra/config';
import { createActivities, type JobReads } from '../activities';
import type { CommandDispatcher } from '../dispatch';
import type { InviteJobDeps } from '../invitations/activities';
import type { MessageDeliveryDeps } from '../messages/activities';
import type { MeetingActivityDeps } from '../meetings/activities';
import type { ReportActivityDeps } from '../reports/activities';
import type { BigJobDeps } from '../bigjobs/activities';
import type { TimerActivityDeps } from '../timers/activities';
import { PgBossWorkflowEngine } from './pgboss';
import type { StartableWorkflowName, ScheduledWorkflowName, ScheduleSpec, StartResult, WorkflowArgs, WorkflowEngine } from './port';
import type { TemporalEngineOptions, TemporalWorkflowEngine } from './temporal';

export interface WorkflowEngineDeps {
  config: Pick<Config, 'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE'> & Partial<Pick<Config, 'TEMPORAL_WORKER'>>;
  /** The command bus: activities act only through domain commands. */
  bus: CommandDispatcher;
  /** The jobs read model, for the stalled-job reaper. */
  reads?: JobReads;
  clock?: () => Date;
  /** Transports and message loading for the delivery workflow (docs/decisions/0036). */
  delivery?: MessageDeliveryDeps;
  /** The invitation-file job's reads and link settings (decision 0041); its e-mails go through this engine. */
  invitations?: Omit<InviteJobDeps, 'engine'>;
  /** The meeting-room maker's ports (workflows/meetings, decision 0058). */
  meetings?: MeetingActivityDeps;
  /** The scheduled reports' reads (decision 0068); their e-mails go through this engine. */
  reports?: Omit<ReportActivityDeps, 'engine'>;
  /** Big jobs' sources and file storage (decision 0075). */
  bigJobs?: BigJobDeps;
  /** The session timers' reads and settings (decision 0074); their messages go through this engine. */
  timers?: Omit<TimerActivityDeps, 'engine'>;
  log?: (line: string) => void;
}

/**
 * `ownerUrl` is the platform database's owner connection URL: pg-boss creates and owns its schema
 * `pgboss` there. Call `start()` on the result before the server takes requests, `stop()` on exit.
 * With Temporal, TEMPORAL_WORKER=off makes it a client only (workers run as `npm run worker`);
 * pg-boss always works in the process that starts it.
 */
export function createWorkflowEngine(deps: WorkflowEngineDeps, ownerUrl: string): WorkflowEngine {
  // The invitation-file job starts each e-mail's delivery on the engine that runs it (made just below).
  let engine: WorkflowEngine | null = null;
  const runningEngine = () => {
    if (!engine) throw new Error('The workflow engine is used before it was made');
    return engine;
  };
  const invitations = deps.invitations && { ...deps.invitations, engine: runningEngine };
  const reports = deps.reports && { ...deps.reports, engine: runningEngine };
  const timers = deps.timers && { ...deps.timers, engine: runningEngine };
  const activities = createActivities({ bus: deps.bus, reads: deps.reads, clock: deps.clock, delivery: deps.delivery, invitations, meetings: deps.meetings, reports, bigJobs: deps.bigJobs, timers });
  engine = pickEngine(deps, activities, ownerUrl);
  return engine;
}

function pickEngine(deps: WorkflowEngineDeps, activities: ReturnType<typeof createActivities>, ownerUrl: string): WorkflowEngine {
  const { TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_TASK_QUEUE, TEMPORAL_WORKER } = deps.config;
  if (TEMPORAL_ADDRESS) {
    return new LazyTemporalEngine({
      address: TEMPORAL_ADDRESS, namespace: TEMPORAL_NAMESPACE, taskQueue: TEMPORAL_TASK_QUEUE, activities, log: deps.log,
      worker: TEMPORAL_WORKER !== 'off',
    });
  }
  return new PgBossWorkflowEngine({ connectionString: ownerUrl, activities, log: deps.log });
}

/**
 * Loads the Temporal SDK only when a Temporal engine starts: importing it costs about 0.4 s, which
 * every start of the embedded default (pg-boss) would otherwise pay (docs/decisions/0027).
 */
class LazyTemporalEngine implements WorkflowEngine {
  readonly kind = 'temporal';
  private engine: TemporalWorkflowEngine | null = null;

  constructor(private readonly options: TemporalEngineOptions) {}

  async start(): Promise<void> {
    const { TemporalWorkflowEngine: Engine } = await import('./temporal');
    this.engine ??= new Engine(this.options);
    await this.engine.start();
  }

  async stop(): Promise<void> {
    await this.engine?.stop();
  }

  private started(): TemporalWorkflowEngine {
    if (!this.engine) throw new Error('The Temporal engine is used before start()');
    return this.engine;
  }

  startWorkflow<N extends StartableWorkflowName>(name: N, workflowId: string, args: WorkflowArgs[N]): Promise<StartResult> {
    return this.started().startWorkflow(name, workflowId, args);
  }

  cancelWorkflow(workflowId: string): Promise<void> {
    return this.started().cancelWorkflow(workflowId);
  }

  schedule<N extends ScheduledWorkflowName>(name: N, spec: ScheduleSpec, args: WorkflowArgs[N]): Promise<void> {
    return this.started().schedule(name, spec, args);
  }

  unschedule(name: ScheduledWorkflowName): Promise<void> {
    return this.started().unschedule(name);
  }
}
