/**
 * Inputs of the course section commands. Shapes only; the rules users read a sentence about
 * (window order, limits, zone) are the decider's (decide.ts), so they answer keyed messages.
 */
import { z } from 'zod';
import { zodMessage as zm } from '../shared/i18n';
import { commonMessages } from '../shared/messages';
import { courseDetailsSchema } from './events';

const id = z.uuid({ error: zm(commonMessages.invalidValue) });
const sectionId = id;

/** The details as a caller gives them, bounded so nothing huge is stored. */
export const courseDetailsInput = courseDetailsSchema.extend({
  name: z.string().max(200),
  programIds: z.array(id).max(50),
  description: z.string().max(5000).default(''),
  perUserRate: z.number().int().nullable().default(null),
  enrollRoles: courseDetailsSchema.shape.enrollRoles.default(['STUDENT', 'PARENT']),
  timeZoneId: z.string().max(64),
  dropDeadline: courseDetailsSchema.shape.dropDeadline.default(null),
});

export const createCourseSectionInput = z.object({
  sectionId, ecosystemId: id, details: courseDetailsInput, leaderIds: z.array(id).max(50).default([]),
});
export const editCourseSectionInput = z.object({
  sectionId, changes: courseDetailsSchema.partial().extend({ name: z.string().max(200).optional(), description: z.string().max(5000).optional() }),
  leaderIds: z.array(id).max(50).optional(),
});
export const archiveCourseSectionInput = z.object({ sectionId });
export const attachCourseSessionsInput = z.object({ sectionId, seriesId: id });
export const enrollCourseInput = z.object({ sectionId, userId: id });
export const unenrollCourseInput = z.object({
  sectionId, userId: id, reason: z.string().max(2000).nullable().default(null),
  /** The API says whether the actor is an admin of the ecosystem (the drop deadline then does not apply). */
  actorIsAdmin: z.boolean().default(false),
});

export type CreateCourseSectionInput = z.infer<typeof createCourseSectionInput>;
export type EditCourseSectionInput = z.infer<typeof editCourseSectionInput>;
export type ArchiveCourseSectionInput = z.infer<typeof archiveCourseSectionInput>;
export type AttachCourseSessionsInput = z.infer<typeof attachCourseSessionsInput>;
export type EnrollCourseInput = z.infer<typeof enrollCourseInput>;
export type UnenrollCourseInput = z.infer<typeof unenrollCourseInput>;
