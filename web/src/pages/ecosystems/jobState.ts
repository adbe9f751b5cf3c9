/** When a batch job is still running (schema/jobs.graphql: QUEUED, SUBMITTED, PROCESSING). */
export const ACTIVE_JOB_STATES: readonly string[] = ['QUEUED', 'SUBMITTED', 'PROCESSING'];
export const ENDED_JOB_STATES: readonly string[] = ['FINISHED', 'FAILED', 'CANCELLED'];

/** Active by its state; a state this client does not know yet goes by the server's `isActive`. */
export function isJobActive(job: { readonly state: string; readonly isActive: boolean }): boolean {
  if (ACTIVE_JOB_STATES.includes(job.state)) return true;
  if (ENDED_JOB_STATES.includes(job.state)) return false;
  return job.isActive;
}
