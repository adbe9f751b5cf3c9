/**
 * Events of an occurrence's completion and its participants' post-session feedback (decision
 * 0074). Kept apart from events.ts, as the check-in's are, so the other session files gain only
 * the lines that list them.
 */
import { z } from 'zod';

const instant = z.string().min(1);
const id = z.uuid();

export const COMPLETION_STATUSES = ['HELD', 'TUTEE_NO_SHOW', 'TUTOR_NO_SHOW', 'NO_SHOW'] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

/**
 * The occurrence ended and its grace minutes passed: how it went (judged from attendance by the
 * start plus `graceMinutes`) and who attended (joined or checked in at any time), who are asked for feedback.
 */
export const sessionOccurrenceCompletedSchema = z.object({
  seriesId: id, occurrenceId: id, status: z.enum(COMPLETION_STATUSES), attended: z.array(id), graceMinutes: z.number().int().min(0), at: instant,
});

/** A participant's feedback on an ended occurrence they attended (the first slice of post-session feedback); a later one replaces it. */
export const sessionFeedbackRecordedSchema = z.object({
  seriesId: id, occurrenceId: id, userId: id, rating: z.number().int().min(1).max(5), comment: z.string().nullable(), by: id, at: instant,
});

export type SessionOccurrenceCompleted = { type: 'SessionOccurrenceCompleted'; data: z.infer<typeof sessionOccurrenceCompletedSchema> };
export type SessionFeedbackRecorded = { type: 'SessionFeedbackRecorded'; data: z.infer<typeof sessionFeedbackRecordedSchema> };

/** What an occurrence keeps of them (in its exception, state.ts). */
export const completionSchema = z.object({ status: z.enum(COMPLETION_STATUSES), attended: z.array(id), at: instant });
export const feedbackSchema = z.object({ rating: z.number().int(), comment: z.string().nullable(), by: id, at: instant });
export type OccurrenceCompletion = z.infer<typeof completionSchema>;
export type ParticipantFeedback = z.infer<typeof feedbackSchema>;
