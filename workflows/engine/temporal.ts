/**
 * The Temporal engine (when TEMPORAL_ADDRESS is set): @temporalio/client starts and cancels
 * workflows; a Worker in this process runs temporal/workflows.ts and the same activities as the
 * embedded engine. Workflow ids are rejected when reused, so a replayed trigger starts nothing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Activities } from '../activities';
import { WORKFLOW_PROFILES } from '../profiles';
import type { StartResult, WorkflowArgs, WorkflowEngine, WorkflowName } from './port';

export const TEMPORAL_WORKFLOWS_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../temporal/workflows.ts');

export interface TemporalEngineOptions {
  address: string;
  namespace: string;
  taskQueue: string;
  activities: Activities;
  /** Defaults to temporal/workflows.ts. */
  workflowsPath?: string;
  log?: (line: string) => void;
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
    this.workerConnection = await NativeConnection.connect({ address });
    this.worker = await Worker.create({
      connection: this.workerConnection,
      namespace,
      taskQueue,
      workflowsPath: this.options.workflowsPath ?? TEMPORAL_WORKFLOWS_PATH,
      activities: this.options.activities,
    });
    const log = this.options.log ?? ((line: string) => console.error(line));
    // A worker that dies must be visible, not silently stop taking work.
    this.running = this.worker.run().catch((err: Error) => log(`[workflows] Temporal worker stopped: ${err.message}`));
  }

  async stop(): Promise<void> {
    if (this.worker && this.worker.getState() === 'RUNNING') this.worker.shutdown();
    await this.running;
    await this.workerConnection?.close();
    await this.clientConnection?.close();
    this.worker = null;
    this.client = null;
  }

  private get started(): Client {
    if (!this.client) throw new Error('The Temporal engine is not started.');
    return this.client;
  }

  async startWorkflow<N extends WorkflowName>(name: N, workflowId: string, args: WorkflowArgs[N]): Promise<StartResult> {
    try {
      await this.started.workflow.start(name, {
        taskQueue: this.options.taskQueue,
        workflowId,
        args: [args],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        workflowRunTimeout: WORKFLOW_PROFILES.batchJob.runTimeoutMs,
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
}
