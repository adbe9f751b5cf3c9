import { describe, expect, it } from 'vitest';
import { loadConfig } from '../infra/config';
import type { ScheduleSpec, ScheduledWorkflowName, WorkflowArgs, WorkflowEngine } from './engine/port';
import { REAPER_STALLED_AFTER_MS, scheduleRecurringWorkflows } from './schedules';

class RecordingEngine implements Pick<WorkflowEngine, 'schedule' | 'unschedule'> {
  readonly calls: unknown[] = [];
  async schedule<N extends ScheduledWorkflowName>(name: N, spec: ScheduleSpec, args: WorkflowArgs[N]): Promise<void> {
    this.calls.push(['schedule', name, spec, args]);
  }
  async unschedule(name: ScheduledWorkflowName): Promise<void> {
    this.calls.push(['unschedule', name]);
  }
}

describe('recurring workflows at start-up', () => {
  it('schedules the stalled-job reaper every 10 minutes (UTC) by default, for jobs unchanged for a run timeout, the reports\' and weekly parent reports\' ticks every 15 and the session timers\' every minute', async () => {
    const engine = new RecordingEngine();
    await scheduleRecurringWorkflows(engine as unknown as WorkflowEngine, loadConfig({}));
    expect(engine.calls).toEqual([
      ['schedule', 'reapStalledJobs', { cron: '*/10 * * * *', timezone: 'UTC' }, { stalledAfterMs: 15 * 60_000 }],
      ['schedule', 'runScheduledReports', { cron: '*/15 * * * *', timezone: 'UTC' }, {}],
      ['schedule', 'runWeeklyParentReports', { cron: '*/15 * * * *', timezone: 'UTC' }, {}],
      ['schedule', 'runSessionTimers', { cron: '* * * * *', timezone: 'UTC' }, {}],
    ]);
    expect(REAPER_STALLED_AFTER_MS).toBe(15 * 60_000);
  });

  it('removes the schedules when configured off', async () => {
    const engine = new RecordingEngine();
    await scheduleRecurringWorkflows(engine as unknown as WorkflowEngine,
      loadConfig({ STALLED_JOB_REAPER_CRON: 'off', SCHEDULED_REPORTS_CRON: 'off', WEEKLY_PARENT_REPORTS_CRON: 'off', SESSION_TIMERS_CRON: 'off' }));
    expect(engine.calls).toEqual([['unschedule', 'reapStalledJobs'], ['unschedule', 'runScheduledReports'], ['unschedule', 'runWeeklyParentReports'], ['unschedule', 'runSessionTimers']]);
  });

  it('refuses a cron expression that is not five fields, and a worker setting other than on/off, at start-up', () => {
    expect(() => loadConfig({ STALLED_JOB_REAPER_CRON: '*/5 * * * * *' })).toThrow(/STALLED_JOB_REAPER_CRON: Use a five-field cron/);
    expect(() => loadConfig({ STALLED_JOB_REAPER_CRON: 'hourly' })).toThrow(/five-field/);
    expect(loadConfig({ STALLED_JOB_REAPER_CRON: '0  3 * * 1' }).STALLED_JOB_REAPER_CRON).toBe('0  3 * * 1');
    expect(() => loadConfig({ TEMPORAL_WORKER: 'maybe' })).toThrow(/TEMPORAL_WORKER/);
  });
});
