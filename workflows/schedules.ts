/**
 * The platform's recurring workflows, (re)created at every start-up: create-or-update on both
 * engines, so a restart or a second process changes nothing but what configuration changed.
 */
import type { Config } from '../infra/config';
import type { WorkflowEngine } from './engine/port';
import { WORKFLOW_PROFILES } from './profiles';

/**
 * The stalled-job reaper fails active jobs unchanged for longer than a batch-job workflow may
 * run (WORKFLOW_PROFILES.batchJob): on Temporal no run of such a job can still be alive.
 */
export const REAPER_STALLED_AFTER_MS = WORKFLOW_PROFILES.batchJob.runTimeoutMs;

export async function scheduleRecurringWorkflows(engine: WorkflowEngine, config: Pick<Config, 'STALLED_JOB_REAPER_CRON'>
  & Partial<Pick<Config, 'SCHEDULED_REPORTS_CRON' | 'WEEKLY_PARENT_REPORTS_CRON' | 'SESSION_TIMERS_CRON'>>): Promise<void> {
  const cron = config.STALLED_JOB_REAPER_CRON;
  if (cron === 'off') await engine.unschedule('reapStalledJobs');
  else await engine.schedule('reapStalledJobs', { cron, timezone: 'UTC' }, { stalledAfterMs: REAPER_STALLED_AFTER_MS });
  // The reports' tick (decision 0068): each report's own zone is applied when the tick asks what is due.
  const reports = config.SCHEDULED_REPORTS_CRON;
  if (reports !== undefined) {
    if (reports === 'off') await engine.unschedule('runScheduledReports');
    else await engine.schedule('runScheduledReports', { cron: reports, timezone: 'UTC' }, {});
  }
  // The weekly parent reports' tick (decision 0076): each guardian's zone is applied when the tick asks who is due.
  const weekly = config.WEEKLY_PARENT_REPORTS_CRON;
  if (weekly !== undefined) {
    if (weekly === 'off') await engine.unschedule('runWeeklyParentReports');
    else await engine.schedule('runWeeklyParentReports', { cron: weekly, timezone: 'UTC' }, {});
  }
  // The session timers' tick (decision 0074): reminders and completions due at the engine's clock.
  const timers = config.SESSION_TIMERS_CRON;
  if (timers === 'off') await engine.unschedule('runSessionTimers');
  else if (timers !== undefined) await engine.schedule('runSessionTimers', { cron: timers, timezone: 'UTC' }, {});
}
