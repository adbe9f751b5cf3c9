/**
 * Events of a leader's own check-in and check-out (docs/decisions/0066-tutor-check-in-and-out.md).
 * Kept apart from events.ts so the other session commands' files gain only the lines that list them.
 */
import { z } from 'zod';

const instant = z.string().min(1);
const id = z.uuid();

/** A leader checked in (or an admin recorded it); `corrected`: an admin's time replaces any earlier one. */
export const sessionCheckedInSchema = z.object({
  seriesId: id, occurrenceId: id, userId: id, checkedInTime: instant, corrected: z.boolean(), at: instant,
});

/** A leader checked out (or an admin recorded it); `corrected` as for the check-in. */
export const sessionCheckedOutSchema = z.object({
  seriesId: id, occurrenceId: id, userId: id, checkedOutTime: instant, corrected: z.boolean(), at: instant,
});

export type SessionCheckedIn = { type: 'SessionCheckedIn'; data: z.infer<typeof sessionCheckedInSchema> };
export type SessionCheckedOut = { type: 'SessionCheckedOut'; data: z.infer<typeof sessionCheckedOutSchema> };
