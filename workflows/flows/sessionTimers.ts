/**
 * The session timers' tick (decision 0074), a recurring workflow (engine schedule, every minute by
 * default): sends the reminders due at the engine's clock and records the completions due, each
 * through its activity. Deterministic code only (bundled for Temporal).
 */
import type { Activities } from '../activities';
import type { RunSessionTimersArgs } from '../engine/port';

export type SessionTimerActivities = Pick<Activities, 'dueSessionTimers' | 'sendSessionReminder' | 'completeSessionOccurrence'>;

export interface SessionTimersOutcome {
  reminders: number;
  messages: number;
  completed: number;
  feedbackRequests: number;
}

export async function runSessionTimersFlow(acts: SessionTimerActivities, _args: RunSessionTimersArgs): Promise<SessionTimersOutcome> {
  const due = await acts.dueSessionTimers();
  const outcome: SessionTimersOutcome = { reminders: 0, messages: 0, completed: 0, feedbackRequests: 0 };
  for (const reminder of due.reminders) {
    const sent = await acts.sendSessionReminder(reminder);
    if (sent > 0) outcome.reminders++;
    outcome.messages += sent;
  }
  for (const completion of due.completions) {
    const done = await acts.completeSessionOccurrence(completion);
    if (done.completed) outcome.completed++;
    outcome.feedbackRequests += done.requests;
  }
  return outcome;
}
