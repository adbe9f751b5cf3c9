/**
 * The stalled-job reaper, a recurring workflow (engine schedule, every 10 minutes by default):
 * one activity that finds active batch jobs unchanged for longer than their workflow may run
 * and fails them through domain commands. Deterministic code only (bundled for Temporal).
 */
import type { Activities } from '../activities';
import type { ReapStalledJobsArgs } from '../engine/port';

export type ReaperActivities = Pick<Activities, 'reapStalledJobs'>;

export async function reapStalledJobsFlow(acts: ReaperActivities, args: ReapStalledJobsArgs): Promise<{ failed: string[] }> {
  return acts.reapStalledJobs(args);
}
