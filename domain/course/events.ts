/**
 * Facts about one course section (stream `course-<sectionId>`, decision 0061). Each names the
 * section's ecosystem so read models key rows by tenant. The recorded course actions of spec
 * section 4 (archive; edit of description, max enrolment, rate, programs, unenroll deadline;
 * enroll; unenroll) are these events with their actor, read as breadcrumbs.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/decider';
import { ENROLL_ROLES } from './model';

const id = z.uuid();
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const instant = z.string().min(1);

export const courseDetailsSchema = z.object({
  name: z.string(),
  programIds: z.array(id),
  enrollRoles: z.array(z.enum(ENROLL_ROLES)),
  perUserRate: z.number().int().nullable(),
  description: z.string(),
  maxEnrollments: z.number().int(),
  timeZoneId: z.string(),
  dropDeadline: localDateTime.nullable(),
  enrollmentStart: localDateTime,
  enrollmentEnd: localDateTime,
});

const ids = { sectionId: id, ecosystemId: id };

export const courseEventSchemas = {
  CourseSectionCreated: z.object({ ...ids, details: courseDetailsSchema, leaderIds: z.array(id), createdBy: z.string(), at: instant }),
  CourseSectionEdited: z.object({ ...ids, changes: courseDetailsSchema.partial(), leaderIds: z.array(id).optional(), at: instant }),
  CourseSectionArchived: z.object({ ...ids, at: instant }),
  CourseSessionsAttached: z.object({ ...ids, seriesId: id, at: instant }),
  CourseEnrolled: z.object({ ...ids, userId: id, at: instant }),
  CourseUnenrolled: z.object({ ...ids, userId: id, reason: z.string().nullable(), at: instant }),
};

type Schemas = typeof courseEventSchemas;
type EventOf<T extends keyof Schemas> = DomainEvent<T, z.output<Schemas[T]>>;

export type CourseSectionCreated = EventOf<'CourseSectionCreated'>;
export type CourseSectionEdited = EventOf<'CourseSectionEdited'>;
export type CourseSectionArchived = EventOf<'CourseSectionArchived'>;
export type CourseSessionsAttached = EventOf<'CourseSessionsAttached'>;
export type CourseEnrolled = EventOf<'CourseEnrolled'>;
export type CourseUnenrolled = EventOf<'CourseUnenrolled'>;

export type CourseEvent = CourseSectionCreated | CourseSectionEdited | CourseSectionArchived | CourseSessionsAttached | CourseEnrolled | CourseUnenrolled;
