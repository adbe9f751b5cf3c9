/**
 * An occurrence's completion and post-session feedback (decision 0074): commands and decisions.
 * The session-timers tick completes each occurrence once its end plus the ecosystem's
 * attendanceGraceMinutes has passed (a repeat records nothing); a participant who attended may
 * then give feedback (rating 1-5 and a comment), which clears their hasPendingFeedback.
 */
import { z } from 'zod';
import type { CommandContext } from '../shared/decider';
import { defineMessages, zodMessage as zm } from '../shared/i18n';
import { commonMessages } from '../shared/messages';
import { IllegalStateError, ValidationError } from '../shared/errors';
import type { CompletionStatus } from './completion-events';
import type { SessionEvent } from './events';
import { sessionMessages as m } from './messages';
import type { Occurrence } from './model';
import { findOccurrence, scheduled } from './select';
import type { SessionState } from './state';

export const completionMessages = defineMessages('session.feedback', {
  notEnded: 'Feedback can be given once the session has ended.',
  notAttended: 'Only people who attended this session can give feedback on it.',
  others: 'You can give feedback only for yourself.',
  invalidRating: 'Choose a rating from 1 to 5.',
  commentTooLong: 'The comment can be at most 2,000 characters.',
  invalidPage: 'Choose a page from 1 to 1000.',
});

const id = z.uuid({ error: zm(commonMessages.invalidValue) });

export const completeSessionOccurrenceInput = z.object({ seriesId: id, occurrenceId: id, graceMinutes: z.number().int().min(0).max(24 * 60) });
export const recordSessionFeedbackInput = z.object({
  seriesId: id, occurrenceId: id, userId: id,
  rating: z.number({ error: zm(completionMessages.invalidRating) }).int({ error: zm(completionMessages.invalidRating) })
    .min(1, { error: zm(completionMessages.invalidRating) }).max(5, { error: zm(completionMessages.invalidRating) }),
  comment: z.string().max(2000, { error: zm(completionMessages.commentTooLong) }).nullable().default(null),
  /** Set by the API for an admin; otherwise only the participant may give their own. */
  actorIsAdmin: z.boolean().default(false),
});

export type CompleteSessionOccurrenceInput = z.infer<typeof completeSessionOccurrenceInput>;
export type RecordSessionFeedbackInput = z.infer<typeof recordSessionFeedbackInput>;

export type CompletionCommand =
  | { type: 'CompleteSessionOccurrence'; data: CompleteSessionOccurrenceInput }
  | { type: 'RecordSessionFeedback'; data: RecordSessionFeedbackInput };

type Person = Occurrence['participants'][number];

/** When the person was first there: joined online or checked in, whichever came first. */
function arrived(p: Person): number | null {
  const times = [p.attendance.joinedTime, p.attendance.checkedInTime].filter((t): t is string => t !== null).map((t) => Date.parse(t));
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * How an ended occurrence went, as the API's sessionCompletionStatus judges it (decision 0055): a
 * person showed up when they were there no later than `graceMinutes` after the start; HELD (a
 * leader and a learner), TUTEE_NO_SHOW (only leaders), TUTOR_NO_SHOW (only learners), NO_SHOW.
 */
export function completionOf(o: Pick<Occurrence, 'startAt' | 'participants'>, graceMinutes: number): { status: CompletionStatus; attended: string[] } {
  const deadline = Date.parse(o.startAt) + graceMinutes * 60_000;
  const showed = (leader: boolean) => o.participants.some((p) => { const t = arrived(p); return p.isLeader === leader && t !== null && t <= deadline; });
  const leader = showed(true);
  const learner = showed(false);
  const status: CompletionStatus = leader && learner ? 'HELD' : leader ? 'TUTEE_NO_SHOW' : learner ? 'TUTOR_NO_SHOW' : 'NO_SHOW';
  return { status, attended: o.participants.filter((p) => arrived(p) !== null).map((p) => p.userId).sort() };
}

/** Records the completion once the end plus the grace minutes has passed; nothing for a cancelled, pending or already completed one. */
export function completeSessionOccurrence(input: CompleteSessionOccurrenceInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const s = scheduled(state);
  const { occurrence } = findOccurrence(s, input.occurrenceId);
  if (occurrence.cancelled || occurrence.pending || occurrence.completion) return [];
  if (Date.parse(occurrence.endAt) + input.graceMinutes * 60_000 > Date.parse(ctx.now)) throw new IllegalStateError(completionMessages.notEnded, 'NOT_ENDED');
  const { status, attended } = completionOf(occurrence, input.graceMinutes);
  return [{ type: 'SessionOccurrenceCompleted', data: { seriesId: s.seriesId, occurrenceId: occurrence.id, status, attended, graceMinutes: input.graceMinutes, at: ctx.now } }];
}

/** editPostSessionFeedback: a participant who attended a completed occurrence, or an admin for them. */
export function recordSessionFeedback(input: RecordSessionFeedbackInput, state: SessionState, ctx: CommandContext): SessionEvent[] {
  const s = scheduled(state);
  const { occurrence } = findOccurrence(s, input.occurrenceId);
  if (!input.actorIsAdmin && ctx.actor.userId !== input.userId) throw new IllegalStateError(completionMessages.others, 'NOT_ALLOWED');
  if (occurrence.cancelled) throw new IllegalStateError(m.cancelled, 'CANCELLED');
  if (!occurrence.participants.some((p) => p.userId === input.userId)) throw new IllegalStateError(m.notParticipant, 'NOT_PARTICIPANT');
  if (!occurrence.completion) throw new IllegalStateError(completionMessages.notEnded, 'NOT_ENDED');
  if (!occurrence.completion.attended.includes(input.userId)) throw new IllegalStateError(completionMessages.notAttended, 'NOT_ATTENDED');
  const comment = input.comment?.trim() || null;
  if (comment !== null && comment.length > 2000) throw ValidationError.forField('comment', completionMessages.commentTooLong);
  return [{
    type: 'SessionFeedbackRecorded',
    data: { seriesId: s.seriesId, occurrenceId: occurrence.id, userId: input.userId, rating: input.rating, comment, by: ctx.actor.userId, at: ctx.now },
  }];
}
