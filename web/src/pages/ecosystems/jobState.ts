/** When a batch job is still running (schema/jobs.graphql: QUEUED, SUBMITTED, PROCESSING). */
export const ACTIVE_JOB_STATES: readonly string[] = ['QUEUED', 'SUBMITTED', 'PROCESSING'];
export const ENDED_JOB_STATES: readonly string[] = ['FINISHED', 'FAILED', 'CANCELLED'];

/** Active by its state; a state this client does not know yet goes by the server's `isActive`. */
export function isJobActive(job: { readonly state: string; readonly isActive: boolean }): boolean {
  if (ACTIVE_JOB_STATES.includes(job.state)) return true;
  if (ENDED_JOB_STATES.includes(job.state)) return false;
  return job.isActive;
}

export interface DemoActions {
  create: boolean;
  delete: boolean;
}

/**
 * Which demo-data actions an ecosystem's menu offers: "create" only when it has none, "delete"
 * only when it has some, neither while a job runs nor on an archived ecosystem (the server
 * refuses every job there: unarchive it first).
 */
export function demoActions(ecosystem: { readonly archived: boolean; readonly demoDataStatus: string | null | undefined }, jobRunning: boolean): DemoActions {
  const open = !jobRunning && !ecosystem.archived;
  return { create: open && ecosystem.demoDataStatus === 'ABSENT', delete: open && ecosystem.demoDataStatus === 'PRESENT' };
}
