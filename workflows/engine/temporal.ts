/**
 * The Temporal engine (when TEMPORAL_ADDRESS is set): @temporalio/client starts and cancels
 * workflows and keeps schedules; a Worker (in this process unless `worker: false`) runs
 * temporal/workflows.ts and the same activities as the embedded engine. Workflow ids are
 * rejected when reused, so a replayed trigger starts nothing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Context } from '@temporalio/activity';
import { Client, Connection, ScheduleAlreadyRunning, ScheduleNotFoundError, ScheduleOverlapPolicy, WorkflowNotFoundError } from '@temporalio/client';
import { ApplicationFailure, CancelledFailure, WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { DefaultLogger, NativeConnection, Runtime, Worker, bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';
import type { Activities } from '../activities';
import { WORKFLOW_PROFILES, jobWorkflowProfile } from '../profiles';
import {
  checkScheduleSpec, scheduleId,
  MESSAGE_WORKFLOW_NAMES, type StartableWorkflowName, type ScheduleSpec, type ScheduledWorkflowName, type StartResult, type WorkflowArgs, type WorkflowEngine,
} from './port';

export const TEMPORAL_WORKFLOWS_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../temporal/workflows.ts');

export interface TemporalEngineOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: Activities;
  /** Run a worker in this process (default). False: a client only, workers run elsewhere (`npm run worker`). */
  worker?: boolean;
  /** How long a stopping worker lets running activities finish before abandoning them. Default 10 s. */
  shutdownGraceMs?: number;
  /** Defaults to temporal/workflows.ts. */
  workflowsPath?: string;
  log?: (line: string) => void;
}

/** The workflow bundle is built once per process: a restarted worker reuses it. */
const bundles = new Map<string, Promise<WorkflowBundle>>();
function bundleOf(workflowsPath: string, log: (line: string) => void): Promise<WorkflowBundle> {
  let bundle = bundles.get(workflowsPath);
  if (!bundle) {
    // The bundler's progress report is noise; its warnings are not.
    const logger = new DefaultLogger('WARN', (entry) => log(`[workflows] bundling ${entry.level}: ${entry.message}`));
    bundle = bundleWorkflowCode({ workflowsPath, logger });
    bundles.set(workflowsPath, bundle);
  }
  return bundle;
}

/**
 * The SDK's process-wide runtime, installed once before the first worker: warnings and errors
 * only, through this engine's log; and no signal handlers of its own, since the process's
 * shutdown (api/main.ts, workflows/main.ts) stops the engine in its turn.
 */
function installRuntime(log: (line: string) => void): void {
  if (Runtime._instance) return;
  const logger = new DefaultLogger('WARN', (entry) => {
    const meta = entry.meta ? ` ${JSON.stringify(entry.meta, (_k, v: unknown) => (v instanceof Error ? v.message : v))}` : '';
    log(`[workflows] Temporal ${entry.level}: ${entry.message}${meta}`);
  });
  Runtime.install({ logger, shutdownSignals: [] });
}

/**
 * A stopping worker cancels the activities still running after its grace period; ours do not
 * watch for that, so the attempt is ended here, as a retryable failure: Temporal then retries it
 * on another worker (a cancellation would not be retried). Its late end changes nothing: every
 * step is idempotent.
 */
function abandonedOnShutdown(activities: Activities): Activities {
  const entries = Object.entries(activities).map(([name, fn]) => [name, async (...args: unknown[]) => {
    const context = Context.current();
    try {
      return await Promise.race([(fn as (...a: unknown[]) => Promise<unknown>)(...args), context.cancelled]);
    } catch (err) {
      if (err instanceof CancelledFailure && context.cancellationSignal.aborted) {
        throw ApplicationFailure.retryable(`The worker stopped during ${name}; the attempt is retried on another worker.`, 'WorkerStopped');
      }
      throw err;
    }
  }]);
  return Object.fromEntries(entries) as Activities;
}

export class TemporalWorkflowEngine implements WorkflowEngine {
  readonly kind = 'temporal' as const;
  private clientConnection: Connection | null = null;
  private workerConnection: NativeConnection | null = null;
  private client: Client | null = null;
  private worker: Worker | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly options: TemporalEngineOptions) {}

  async start(): Promise<void> {
    const { address, namespace, taskQueue } = this.options;
    this.clientConnection = await Connection.connect({ address });
    this.client = new Client({ connection: this.clientConnection, namespace });
    if (this.options.worker === false) return;
    const log = this.options.log ?? ((line: string) => console.error(line));
    installRuntime(log);
    this.workerConnection = await NativeConnection.connect({ address });
    this.worker = await Worker.create({
      connection: this.workerConnection,
      namespace,
      taskQueue,
      workflowBundle: await bundleOf(this.options.workflowsPath ?? TEMPORAL_WORKFLOWS_PATH, log),
      activities: abandonedOnShutdown(this.options.activities),
      shutdownGraceTime: this.options.shutdownGraceMs ?? 10_000,
    });
    // A worker that dies must be visible, not silently stop taking work.
    this.running = this.worker.run().catch((err: Error) => log(`[workflows] Temporal worker stopped: ${err.message}`));
  }

  async stop(): Promise<void> {
    if (this.worker && this.worker.getState() === 'RUNNING') this.worker.shutdown();
    await this.running;
    await this.workerConnection?.close();
    await this.clientConnection?.close();
    this.worker = null;
    this.workerConnection = null;
    this.client = null;
    this.clientConnection = null;
  }

  private get started(): Client {
    if (!this.client) throw new Error('The Temporal engine is not started.');
    return this.client;
  }

  async startWorkflow<N extends StartableWorkflowName>(name: N, workflowId: string, args: WorkflowArgs[N]): Promise<StartResult> {
    try {
      await this.started.workflow.start(name, {
        taskQueue: this.options.taskQueue,
        workflowId,
        args: [args],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        workflowRunTimeout: (MESSAGE_WORKFLOW_NAMES as readonly string[]).includes(name) ? WORKFLOW_PROFILES.message.runTimeoutMs : jobWorkflowProfile(name).runTimeoutMs,
      });
      return { started: true };
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return { started: false };
      throw err;
    }
  }

  async cancelWorkflow(workflowId: string): Promise<void> {
    try {
      await this.started.workflow.getHandle(workflowId).cancel();
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return;
      throw err;
    }
  }

  /** Schedules are namespace-wide, so their id names the task queue: platforms sharing a namespace keep their own. */
  scheduleIdOf(name: ScheduledWorkflowName): string {
    return `${scheduleId(name)}@${this.options.taskQueue}`;
  }

  async schedule<N extends ScheduledWorkflowName>(name: N, spec: ScheduleSpec, args: WorkflowArgs[N]): Promise<void> {
    checkScheduleSpec(spec);
    const id = this.scheduleIdOf(name);
    const definition = {
      spec: { cronExpressions: [spec.cron], timezone: spec.timezone },
      action: {
        type: 'startWorkflow' as const, workflowType: name, taskQueue: this.options.taskQueue, args: [args],
        workflowId: id, workflowRunTimeout: WORKFLOW_PROFILES.reaper.runTimeoutMs,
      },
      // A firing while the previous run goes on starts nothing; firings missed while the server was down are not made up.
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: 60_000 },
    };
    try {
      await this.started.schedule.create({ scheduleId: id, ...definition });
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      // An operator's pause and note stay; what to run and when is this code's.
      await this.started.schedule.getHandle(id).update((previous) => ({
        ...definition, state: { paused: previous.state.paused, note: previous.state.note },
      }));
    }
  }

  async unschedule(name: ScheduledWorkflowName): Promise<void> {
    try {
      await this.started.schedule.getHandle(this.scheduleIdOf(name)).delete();
    } catch (err) {
      if (err instanceof ScheduleNotFoundError) return;
      throw err;
    }
  }

  /** The underlying client, for tests and operator tooling that inspect runs and schedules. */
  get temporalClient(): Client {
    return this.started;
  }
}
