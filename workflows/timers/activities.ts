/**
 * Activities of the session timers (decision 0074). The tick asks the sessions read model what is
 * due at the engine's clock: reminders (each occurrence's latest reminder whose fire time has
 * passed, within the catch-up window and before the start, domain/session/timers.ts) and
 * completions (occurrences whose end plus the ecosystem's attendanceGraceMinutes has passed).
 * Reminders go to the participants and the learners' parents through the message pipeline, each
 * recipient and channel as their preferences say, with an idempotency key naming the occurrence,
 * its start, the offset, the recipient and the channel; a completion is a command on the session
 * aggregate, followed by the feedback requests to those who attended. Nothing is written but
 * through commands; every id is derived, so a second tick or a retried activity sends nothing twice.
 */
import type { BrandInput } from '../../domain/message/templates';
import { recordMessage } from '../../domain/message/handlers';
import type { MessageChannel, MessageLanguage } from '../../domain/message/events';
import { postNotification } from '../../domain/notification/handlers';
import { completeSessionOccurrence } from '../../domain/session/handlers';
import { occurrencesOf } from '../../domain/session/occurrences';
import type { SessionState } from '../../domain/session/state';
import {
  dueReminderOffset, feedbackRequestKey, feedbackRequestTimely, completionDueAt, reminderKey, REMINDER_CATCH_UP_MINUTES,
} from '../../domain/session/timers';
import { DomainError } from '../../domain/shared/errors';
import type { Actor } from '../../domain/shared/events';
import type { CommandDispatcher } from '../dispatch';
import type { WorkflowEngine } from '../engine/port';
import { deterministicUuid } from '../ids';
import { messageIdFor, sendMessage, type RecordMessage, type SentMessage } from '../messages/send';
import { unsubscribePart, type UnsubscribeUrl } from '../messages/unsubscribe';

/** One occurrence as the timers read it. */
export interface TimerSession {
  id: string;
  seriesId: string;
  ecosystemId: string;
  subject: string;
  startAt: Date;
  endAt: Date;
  durationMinutes: number;
  timeZoneId: string;
  /** The meeting link of an online session, for its participants. */
  joinUrl: string | null;
  cancelled: boolean;
  pending: boolean;
}

/** A person a timer may write to, with what their profile says. */
export interface TimerRecipient {
  userId: string;
  /** SESSION_REMINDER / FEEDBACK_REQUESTED for a participant, CHILD_SESSION_REMINDER for a learner's parent. */
  kind: 'SESSION_REMINDER' | 'CHILD_SESSION_REMINDER' | 'FEEDBACK_REQUESTED';
  email: string;
  phoneNumber: string | null;
  language: MessageLanguage;
  timeZoneId: string | null;
  /** The person's preference for this kind (email and text), with the defaults of decision 0050 when unset. */
  channels: { email: boolean; text: boolean };
  /** A parent's reminder names the child. */
  childName: string | null;
  /** Participants see the join link; parents do not. */
  participant: boolean;
}

export interface TimerReads {
  /** Occurrences not cancelled nor pending whose start is in one of the offsets' catch-up bands after `now`. */
  reminderCandidates(now: Date, offsets: readonly number[], catchUpMinutes: number): Promise<TimerSession[]>;
  session(sessionId: string): Promise<TimerSession | null>;
  /** The participants (SESSION_REMINDER) and the learners' parents in the session's ecosystem (CHILD_SESSION_REMINDER). */
  reminderRecipients(session: TimerSession): Promise<TimerRecipient[]>;
  /** These people as FEEDBACK_REQUESTED recipients. */
  feedbackRecipients(ecosystemId: string, userIds: readonly string[]): Promise<TimerRecipient[]>;
  /** Occurrences not completed, cancelled nor pending whose end plus grace minutes is at or before `now`, ended after `since`. */
  completionCandidates(now: Date, since: Date): Promise<Array<{ seriesId: string; occurrenceId: string; endAt: string; graceMinutes: number }>>;
  /** Which of these message ids are already recorded (the messages read model). */
  recordedMessages(ids: readonly string[]): Promise<Set<string>>;
  /** Which of these in-app notification ids are already posted (the notifications read model). */
  postedNotifications(ids: readonly string[]): Promise<Set<string>>;
  brand(ecosystemId: string): Promise<BrandInput>;
}

export interface TimerActivityDeps {
  reads: TimerReads;
  /** The engine that delivers the messages (the one running the tick). */
  engine: () => Pick<WorkflowEngine, 'startWorkflow'>;
  /** Minutes before the start, largest first (SESSION_REMINDER_OFFSETS). */
  offsets: readonly number[];
  /** The web app's sessions page, linked from every message. */
  sessionsUrl: string;
  /** How far back completions are still recorded (COMPLETION_LOOKBACK_MINUTES). */
  completionLookbackMinutes: number;
  /** The unsubscribe page of a person's kind (decision 0072): every e-mail of the timers carries it. */
  unsubscribeUrl?: UnsubscribeUrl;
  log?: (line: string) => void;
}

export interface DueReminder {
  sessionId: string;
  /** The start this reminder is for (ISO): a moved occurrence's reminder is another one. */
  startAt: string;
  offsetMinutes: number;
}

export interface DueCompletion {
  seriesId: string;
  occurrenceId: string;
  endAt: string;
  graceMinutes: number;
}

export interface DueTimers {
  reminders: DueReminder[];
  completions: DueCompletion[];
}

/** The platform itself: timers act for no person. */
export const TIMER_ACTOR: Actor = { userId: '00000000-0000-0000-0000-000000000000', role: 'SYSTEM' };

const MINUTE = 60_000;

export function dueReminders(sessions: readonly TimerSession[], now: Date, offsets: readonly number[]): DueReminder[] {
  return sessions.flatMap((s) => {
    const offset = s.cancelled || s.pending ? null : dueReminderOffset(s.startAt, now, offsets, REMINDER_CATCH_UP_MINUTES);
    return offset === null ? [] : [{ sessionId: s.id, startAt: s.startAt.toISOString(), offsetMinutes: offset }];
  });
}

/** The unsubscribe part of a timer's message: a parent's reminder is a parent preference, the rest the person's own. */
function unsubscribeOf(d: TimerActivityDeps, channel: MessageChannel, r: TimerRecipient) {
  return unsubscribePart(channel, d.unsubscribeUrl, {
    userId: r.userId, variant: r.kind === 'CHILD_SESSION_REMINDER' ? 'parentNotificationPreference' : 'notificationPreference', kind: r.kind,
  });
}

function channelsOf(r: TimerRecipient): Array<{ channel: MessageChannel; to: string }> {
  const out: Array<{ channel: MessageChannel; to: string }> = [];
  if (r.channels.email) out.push({ channel: 'EMAIL', to: r.email });
  if (r.channels.text && r.phoneNumber) out.push({ channel: 'SMS', to: r.phoneNumber });
  return out;
}

export function createTimerActivities(deps: TimerActivityDeps | undefined, bus: CommandDispatcher, clock: () => Date) {
  const need = (): TimerActivityDeps => {
    if (!deps) throw new Error('Session timers need their reads and engine (ActivityDeps.timers).');
    return deps;
  };
  const recorder = (correlationId: string): RecordMessage => async (input, commandId) => {
    const r = await bus.dispatch(recordMessage, input, { actor: TIMER_ACTOR, commandId, correlationId, now: clock().toISOString() });
    // The real bus says whether the command was answered from the log (a message recorded before).
    return { state: r.state, replayed: (r as { replayed?: boolean }).replayed ?? false, position: null };
  };

  /** Sends what is not recorded yet; answers how many messages were recorded now. */
  async function sendAll(d: TimerActivityDeps, ecosystemId: string, correlationId: string,
    items: Array<{ key: string; send: (record: RecordMessage, brand: BrandInput) => Promise<SentMessage> }>): Promise<number> {
    // The messages read model spares a tick the commands of messages recorded by an earlier one (and the brand's
    // read, an ecosystem stream); the ids catch what it has not seen yet.
    const recorded = await d.reads.recordedMessages(items.map((i) => messageIdFor(ecosystemId, i.key)));
    const waiting = items.filter((i) => !recorded.has(messageIdFor(ecosystemId, i.key)));
    if (waiting.length === 0) return 0;
    const brand = await d.reads.brand(ecosystemId);
    let sent = 0;
    for (const item of waiting) {
      if ((await item.send(recorder(correlationId), brand)).recorded) sent++;
    }
    return sent;
  }

  /**
   * The in-app notification beside the messages (decision 0073): one per person whatever their
   * channels, its id derived from the same key as the messages', so it is posted once.
   */
  async function postInApp(d: TimerActivityDeps, ecosystemId: string, recipientUserId: string, key: string, kind: string, params: Record<string, string | number | null>): Promise<void> {
    const notificationId = deterministicUuid(`notification/${key}/INAPP`);
    if ((await d.reads.postedNotifications([notificationId])).has(notificationId)) return;
    await bus.dispatch(postNotification, { notificationId, ecosystemId, recipientUserId, kind, params, link: '/sessions' }, {
      actor: TIMER_ACTOR, commandId: deterministicUuid(`post/${notificationId}`), now: clock().toISOString(),
    });
  }

  return {
    /** What is due at the engine's clock: at most one reminder per occurrence, and the completions. */
    async dueSessionTimers(): Promise<DueTimers> {
      const d = need();
      const now = clock();
      const reminders = d.offsets.length === 0 ? [] : dueReminders(await d.reads.reminderCandidates(now, d.offsets, REMINDER_CATCH_UP_MINUTES), now, d.offsets);
      const completions = await d.reads.completionCandidates(now, new Date(now.getTime() - d.completionLookbackMinutes * MINUTE));
      return { reminders, completions };
    },

    /** One occurrence's reminder to each recipient and channel; nothing when it moved, was cancelled or started meanwhile. */
    async sendSessionReminder(due: DueReminder): Promise<number> {
      const d = need();
      const session = await d.reads.session(due.sessionId);
      const now = clock();
      if (!session || session.cancelled || session.pending || session.startAt.toISOString() !== due.startAt || session.startAt <= now) return 0;
      const recipients = await d.reads.reminderRecipients(session);
      const items = recipients.flatMap((r) => channelsOf(r).map(({ channel, to }) => {
        const key = reminderKey(session.id, session.startAt, due.offsetMinutes, r.userId, channel);
        const unsubscribe = unsubscribeOf(d, channel, r);
        const base = {
          subject: session.subject || '—', startAt: due.startAt, durationMinutes: session.durationMinutes,
          timeZoneId: r.timeZoneId ?? session.timeZoneId, offsetMinutes: due.offsetMinutes, sessionsUrl: d.sessionsUrl, unsubscribeUrl: unsubscribe.url,
        };
        return {
          key,
          send: (record: RecordMessage, brand: BrandInput) => (r.kind === 'CHILD_SESSION_REMINDER'
            ? sendMessage({ record, engine: d.engine() }, {
              ecosystemId: session.ecosystemId, channel, kind: 'CHILD_SESSION_REMINDER', language: r.language, to, recipientUserId: r.userId,
              params: { ...base, joinUrl: null, childName: r.childName ?? '—' }, brand, idempotencyKey: key, ...unsubscribe.header,
            })
            : sendMessage({ record, engine: d.engine() }, {
              ecosystemId: session.ecosystemId, channel, kind: 'SESSION_REMINDER', language: r.language, to, recipientUserId: r.userId,
              params: { ...base, joinUrl: r.participant ? session.joinUrl : null }, brand, idempotencyKey: key, ...unsubscribe.header,
            })),
        };
      }));
      const sent = await sendAll(d, session.ecosystemId, deterministicUuid(`session-reminder/${session.id}/${due.startAt}/${due.offsetMinutes}`), items);
      for (const r of recipients) {
        await postInApp(d, session.ecosystemId, r.userId, `session-reminder/${session.id}/${due.startAt}/${due.offsetMinutes}/${r.userId}`, r.kind, {
          subject: session.subject, startAt: due.startAt, timeZoneId: session.timeZoneId, offsetMinutes: due.offsetMinutes, childName: r.childName,
        });
      }
      return sent;
    },

    /**
     * Records the occurrence's completion (once: the command id is the occurrence's), then asks those
     * who attended for feedback, when the completion came within a day of its due time.
     */
    async completeSessionOccurrence(due: DueCompletion): Promise<{ completed: boolean; requests: number }> {
      const d = need();
      let state: SessionState;
      let recordedNow: boolean;
      try {
        const result: { state: SessionState; events?: unknown[]; replayed?: boolean } = await bus.dispatch(completeSessionOccurrence, { seriesId: due.seriesId, occurrenceId: due.occurrenceId, graceMinutes: due.graceMinutes }, {
          actor: TIMER_ACTOR, commandId: deterministicUuid(`session-complete/${due.occurrenceId}`), now: clock().toISOString(),
        });
        state = result.state;
        // Answered from the log, or nothing to decide (completed by an earlier tick): not completed now.
        recordedNow = !result.replayed && (result.events?.length ?? 1) > 0;
      } catch (err) {
        // Gone, moved or not ended after all (a stale read): the next tick reads again.
        if (err instanceof DomainError) {
          d.log?.(`[workflows] session timers: completing ${due.occurrenceId}: ${err.message}`);
          return { completed: false, requests: 0 };
        }
        throw err;
      }
      const occurrence = occurrencesOf(state).find((o) => o.id === due.occurrenceId);
      const completion = occurrence?.completion;
      if (!occurrence || !completion) return { completed: false, requests: 0 };
      // Sent again on a repeat too (a run that died between the completion and the requests left them unsent); the keys keep them once.
      const dueAt = completionDueAt(new Date(occurrence.endAt), due.graceMinutes);
      if (!feedbackRequestTimely(dueAt, new Date(completion.at)) || completion.attended.length === 0) return { completed: recordedNow, requests: 0 };
      const waiting = completion.attended.filter((u) => !occurrence.feedback?.[u]);
      const recipients = await d.reads.feedbackRecipients(occurrence.ecosystemId, waiting);
      const items = recipients.flatMap((r) => channelsOf(r).map(({ channel, to }) => {
        const key = feedbackRequestKey(occurrence.id, r.userId, channel);
        const unsubscribe = unsubscribeOf(d, channel, r);
        return {
          key,
          send: (record: RecordMessage, brand: BrandInput) => sendMessage({ record, engine: d.engine() }, {
            ecosystemId: occurrence.ecosystemId, channel, kind: 'FEEDBACK_REQUESTED', language: r.language, to, recipientUserId: r.userId,
            params: {
              subject: occurrence.details.subject || '—', startAt: occurrence.startAt, durationMinutes: occurrence.durationMinutes,
              timeZoneId: r.timeZoneId ?? occurrence.timeZoneId, sessionsUrl: d.sessionsUrl, unsubscribeUrl: unsubscribe.url,
            },
            brand, idempotencyKey: key, ...unsubscribe.header,
          }),
        };
      }));
      const requests = await sendAll(d, occurrence.ecosystemId, deterministicUuid(`session-feedback-request/${occurrence.id}`), items);
      for (const userId of waiting) {
        await postInApp(d, occurrence.ecosystemId, userId, `session-feedback-request/${occurrence.id}/${userId}`, 'FEEDBACK_REQUESTED', {
          subject: occurrence.details.subject, startAt: occurrence.startAt, timeZoneId: occurrence.timeZoneId,
        });
      }
      return { completed: recordedNow, requests };
    },
  };
}
