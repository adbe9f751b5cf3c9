/**
 * The weekly parent reports' tick (decision 0076), a recurring workflow (engine schedule, every 15
 * minutes in UTC): finds the guardians whose report is due at the engine's clock (Saturday 09:00
 * in their own zone) and sends each. Deterministic code only (bundled for Temporal).
 */
import type { Activities } from '../activities';
import type { RunWeeklyParentReportsArgs } from '../engine/port';

export type WeeklyParentReportActivities = Pick<Activities, 'dueWeeklyParentReports' | 'sendWeeklyParentReport'>;

export async function runWeeklyParentReportsFlow(acts: WeeklyParentReportActivities, _args: RunWeeklyParentReportsArgs): Promise<{ sent: number }> {
  let sent = 0;
  for (const due of await acts.dueWeeklyParentReports()) {
    if ((await acts.sendWeeklyParentReport(due)) === 'SENT') sent++;
  }
  return { sent };
}
