/**
 * The shape of the session mutations' inputs, checked before anything is read or decided
 * (decision 0054: a malformed value is refused as BAD_USER_INPUT naming its field, whether or not
 * the session it names exists): text on one line (descriptions and reasons may break lines) and of
 * bounded length, clock times as HH:mm, lists and numbers in range. What the values mean (a length
 * of 15 minutes to 7 hours, days to recur on, a valid zone) is the domain's to check after.
 */
import { z } from 'zod';
import { zodMessage as zm, type Message } from '../../domain/shared/i18n';
import { fieldMessages as f } from '../../domain/shared/messages';
import { multiLineText, singleLineText } from '../../domain/shared/text';
import { sessionMutationMessages as m } from './mutation-messages';

function line(label: Message, max: number, required = false) {
  const base = z.string().max(max, { error: zm(f.tooLong({ label, max })) }).superRefine(singleLineText(label));
  return required ? base.refine((v) => v.trim().length > 0, { error: zm(f.required({ label })) }) : base;
}

function paragraph(label: Message, max: number) {
  return z.string().max(max, { error: zm(f.tooLong({ label, max })) }).superRefine(multiLineText(label));
}

const clock = (label: Message) => line(label, 5).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: zm(f.notClockTime({ label })) });
const whole = (label: Message, min: number, max: number) => z.number().int({ error: zm(f.notWholeNumber({ label })) })
  .min(min, { error: zm(f.tooSmall({ label, min })) }).max(max, { error: zm(f.tooLarge({ label, max })) });
const between = (label: Message, min: number, max: number) => z.number()
  .min(min, { error: zm(f.tooSmall({ label, min })) }).max(max, { error: zm(f.tooLarge({ label, max })) });
const list = <T extends z.ZodType>(label: Message, item: T, max: number) => z.array(item).max(max, { error: zm(f.tooManyEntries({ label, max })) });
const maybe = <T extends z.ZodType>(schema: T) => schema.nullish();

const recurrence = z.object({
  recurringDays: maybe(list(m.daysLabel, whole(m.daysLabel, 0, 6), 7)),
  weeksRepeat: maybe(whole(m.everyLabel, 1, 52)),
  weeksRecurring: maybe(whole(m.weeksLabel, 1, 53)),
}).passthrough();

/** The fields a booking and an edit share. */
const shared = {
  subjectId: maybe(line(m.subjectIdLabel, 100)),
  sessionDescription: maybe(paragraph(m.descriptionLabel, 5000)),
  startTime: clock(m.startTimeLabel),
  endTime: clock(m.endTimeLabel),
  timeZoneId: maybe(line(m.timeZoneLabel, 64, true)),
  recurrence: maybe(recurrence),
  customUrl: maybe(line(m.customUrlLabel, 2000)),
  locationName: maybe(line(m.locationNameLabel, 300)),
  locationPoint: maybe(z.object({ lng: between(m.longitudeLabel, -180, 180), lat: between(m.latitudeLabel, -90, 90) })),
  maxStudents: maybe(whole(m.seatsLabel, 1, 1000)),
  gradeLevels: maybe(list(m.gradeLevelLabel, line(m.gradeLevelLabel, 100, true), 50)),
  schools: maybe(list(m.schoolLabel, line(m.schoolLabel, 300, true), 50)),
  tutorIds: maybe(list(m.tutorsLabel, z.string(), 20)),
  tuteeIds: maybe(list(m.tuteesLabel, z.string(), 500)),
};

const createInput = z.object({ ...shared, subject: line(m.subjectLabel, 300, true) }).passthrough();
const changesInput = z.object({
  ...shared, subject: maybe(line(m.subjectLabel, 300, true)), startTime: maybe(shared.startTime), endTime: maybe(shared.endTime),
}).passthrough();
const reasonInput = z.object({ reason: maybe(paragraph(m.reasonLabel, 2000)) }).passthrough();

/** Throws (BAD_USER_INPUT, fields under `input.`) when a createSession input is malformed. */
export function checkCreateInput(input: unknown): void {
  z.object({ input: createInput }).parse({ input });
}

export function checkEditInput(input: { changes: unknown }): void {
  z.object({ input: z.object({ changes: changesInput }).passthrough() }).parse({ input });
}

export function checkReasonInput(input: unknown): void {
  z.object({ input: reasonInput }).parse({ input });
}
