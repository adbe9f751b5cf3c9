/**
 * Session timers (decision 0074): when a reminder before an occurrence is due, and when an
 * occurrence is completed. Pure: the tick (workflows/timers) asks these with the engine's clock.
 *
 * A reminder is an offset before the occurrence's start (an absolute duration: "24 hours before"
 * is 1,440 minutes before the start instant, whatever the clocks do in between). At a tick `now`
 * the due reminder of an occurrence is the one with the latest fire time at or before `now`, if
 * the start is still ahead and that fire time is at most `catchUpMinutes` ago: a missed tick
 * (server down) catches up within that window, a reminder is never sent once the occurrence has
 * started, and after an outage only the latest missed reminder goes, not a burst of stale ones.
 * Each reminder is sent once by its idempotency key (occurrence, start instant, offset, recipient,
 * channel), so a moved occurrence is reminded again at its new time and the old key never fires.
 */
export const DEFAULT_REMINDER_OFFSETS_MINUTES: readonly number[] = [24 * 60, 60];
/** How late a reminder may still go after its fire time (a missed tick, a restart). */
export const REMINDER_CATCH_UP_MINUTES = 60;
/** Completions are recorded for occurrences that ended this long ago at most (an outage shorter than that loses none). */
export const COMPLETION_LOOKBACK_MINUTES = 7 * 24 * 60;
/** The feedback request goes only when the completion is recorded within this long of its due time. */
export const FEEDBACK_REQUEST_WINDOW_MINUTES = 24 * 60;

const MINUTE = 60_000;

/** Offsets in minutes, largest first, each once; refuses nonsense (config and tests call this). */
export function reminderOffsets(values: readonly number[]): number[] {
  const clean = [...new Set(values)].sort((a, b) => b - a);
  for (const v of clean) {
    if (!Number.isInteger(v) || v < 1 || v > 14 * 24 * 60) throw new Error(`A reminder offset is a whole number of minutes from 1 to 20160, not ${v}.`);
  }
  return clean;
}

/** "1440,60" → [1440, 60]; "off" or "" → no reminders. */
export function parseReminderOffsets(value: string): number[] {
  const v = value.trim();
  if (v === '' || v === 'off') return [];
  return reminderOffsets(v.split(',').map((s) => Number(s.trim())));
}

/** The instant a reminder `offsetMinutes` before `startAt` fires. */
export function reminderFireAt(startAt: Date, offsetMinutes: number): Date {
  return new Date(startAt.getTime() - offsetMinutes * MINUTE);
}

/**
 * The offset of the reminder due at `now` for an occurrence starting at `startAt`, or null: the
 * offset whose fire time is the latest at or before `now`, when `now` is before the start and that
 * fire time is no more than `catchUpMinutes` before `now`.
 */
export function dueReminderOffset(startAt: Date, now: Date, offsets: readonly number[], catchUpMinutes = REMINDER_CATCH_UP_MINUTES): number | null {
  if (now.getTime() >= startAt.getTime()) return null;
  let due: number | null = null;
  for (const offset of offsets) {
    const fire = reminderFireAt(startAt, offset).getTime();
    if (fire <= now.getTime() && (due === null || offset < due)) due = offset;
  }
  if (due === null) return null;
  return now.getTime() - reminderFireAt(startAt, due).getTime() <= catchUpMinutes * MINUTE ? due : null;
}

/** The idempotency key of one reminder: a moved occurrence has a new start and so new keys. */
export function reminderKey(occurrenceId: string, startAt: Date, offsetMinutes: number, recipientUserId: string, channel: 'EMAIL' | 'SMS'): string {
  return `session-reminder/${occurrenceId}/${startAt.toISOString()}/${offsetMinutes}/${recipientUserId}/${channel}`;
}

export function feedbackRequestKey(occurrenceId: string, recipientUserId: string, channel: 'EMAIL' | 'SMS'): string {
  return `session-feedback-request/${occurrenceId}/${recipientUserId}/${channel}`;
}

/** When an occurrence's completion is due: its end plus the ecosystem's attendance grace minutes. */
export function completionDueAt(endAt: Date, graceMinutes: number): Date {
  return new Date(endAt.getTime() + Math.max(0, graceMinutes) * MINUTE);
}

/** Whether a feedback request still makes sense when the completion is recorded at `now`. */
export function feedbackRequestTimely(dueAt: Date, now: Date): boolean {
  return now.getTime() - dueAt.getTime() <= FEEDBACK_REQUEST_WINDOW_MINUTES * MINUTE;
}
