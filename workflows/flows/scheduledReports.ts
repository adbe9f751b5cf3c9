/**
 * The scheduled reports' tick (decision 0068), a recurring workflow (engine schedule, every 15
 * minutes in UTC, so every zone's whole hours are met): finds the reports due at the engine's
 * clock and sends each. One report's failure is recorded on that report and does not stop the
 * others. Deterministic code only (bundled for Temporal).
 */
import type { Activities } from '../activities';
import type { RunScheduledReportsArgs } from '../engine/port';

export type ScheduledReportActivities = Pick<Activities, 'dueScheduledReports' | 'sendScheduledReport'>;

export async function runScheduledReportsFlow(acts: ScheduledReportActivities, _args: RunScheduledReportsArgs): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const due of await acts.dueScheduledReports()) {
    const outcome = await acts.sendScheduledReport(due);
    if (outcome === 'SENT') sent++;
    if (outcome === 'FAILED') failed++;
  }
  return { sent, failed };
}
