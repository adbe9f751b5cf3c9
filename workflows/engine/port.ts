/**
 * The workflow engine port (DESIGN.md section 6). Two adapters run the same workflows
 * (workflows/flows) over the same activities (workflows/activities.ts):
 * - pg-boss (engine/pgboss.ts): embedded default, on the platform's own PostgreSQL;
 * - Temporal (engine/temporal.ts): when TEMPORAL_ADDRESS is set.
 *
 * Workflow ids are deterministic (`batch-job-<jobId>`), and starting an id that already exists
 * starts nothing: a replayed trigger or a retried mutation cannot run a job twice.
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

/** Each workflow's arguments. Workflow names are the batch-job names (domain/job/names.ts). */
export interface WorkflowArgs {
  createEcosystemDemoData: CreateDemoDataArgs;
  deleteEcosystemDemoData: JobRunArgs;
}

export type WorkflowName = keyof WorkflowArgs & BatchJobName;
export const WORKFLOW_NAMES: readonly WorkflowName[] = ['createEcosystemDemoData', 'deleteEcosystemDemoData'];

/** How a workflow run ended, as the workflow reports it (the job's own state is the record). */
export interface WorkflowOutcome {
  state: 'FINISHED' | 'FAILED' | 'CANCELLED';
  error?: string;
}

export interface StartResult {
  /** False when a workflow with this id already exists (running or, within retention, ended). */
  started: boolean;
}

export interface WorkflowEngine {
  readonly kind: 'pg-boss' | 'temporal';
  /** Connects and starts this process's worker. */
  start(): Promise<void>;
  /** Stops taking work, lets running activities finish (bounded), disconnects. */
  stop(): Promise<void>;
  startWorkflow<N extends WorkflowName>(name: N, workflowId: string, args: WorkflowArgs[N]): Promise<StartResult>;
  /** Requests cancellation; the run stops at its next activity boundary. Unknown ids are ignored. */
  cancelWorkflow(workflowId: string): Promise<void>;
}

export function jobWorkflowId(jobId: string): string {
  return `batch-job-${jobId}`;
}
