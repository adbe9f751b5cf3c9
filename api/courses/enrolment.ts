/**
 * enrollCourseSection and unenrollCourse (schema/courses.graphql, decision 0061). The section's
 * stream decides the enrolment (window, seats; its revision settles a race for the last seat).
 * The learner's seats in the section's bookings follow from the recorded event through the
 * course_seats reactor (projections/reactors/course-seats.ts, decision 0069), which the mutation
 * waits for, so its answer already shows them; a crash before the seats cannot lose them.
 */
import { enrollCourse, unenrollCourse } from '../../domain/course/handlers';
import { canEnrollPerson, canManageCourse } from '../../domain/course/policy';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { COURSES_PROJECTION, sectionOfSegment, type CourseSectionRow } from '../../projections/courses';
import { COURSE_SEATS_REACTOR } from '../../projections/reactors/course-seats';
import { SESSIONS_PROJECTION } from '../../projections/sessions';
import { usersByIds } from '../../projections/users/roster-queries';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { sectionRow, visibleSection } from './access';
import { checkEnrolArgs } from './inputs';
import { courseApiMessages as m } from './messages';

/** The seats follow through the reactor; waiting for it (then for the read models) shows them at once. */
const waitFor = [COURSES_PROJECTION, SESSIONS_PROJECTION, COURSE_SEATS_REACTOR];
const LEARNER_ROLES = new Set(['STUDENT', 'PUPIL']);

export async function enrollCourseMutation(ctx: RequestContext, sectionIdValue: string, userIdValue: string | null | undefined): Promise<CourseSectionRow> {
  const args = checkEnrolArgs({ sectionId: sectionIdValue, userId: userIdValue });
  const userId = args.userId ?? requireViewer(ctx).userId;
  const { row, viewer } = await visibleSection(ctx, args.sectionId ?? '');
  if (!canEnrollPerson(viewer, row, userId)) throw new ForbiddenError(m.notAllowed);
  const person = (await ctx.read((c) => usersByIds(c, [userId]))).get(userId);
  if (!(person?.roles ?? []).some((r) => r.ecosystemId === row.ecosystemId && LEARNER_ROLES.has(r.role))) throw new ForbiddenError(m.notAllowed);
  await ctx.execute(enrollCourse, { sectionId: row.id, userId }, { waitFor, ecosystemId: row.ecosystemId });
  return (await sectionRow(ctx, row.id)) ?? row;
}

/** The section named by its id, or by the recurringSessionId (segment) of one of its COURSE sessions. */
async function sectionIdOf(ctx: RequestContext, segmentId: string | null, sectionId: string | null): Promise<string> {
  if (sectionId) return sectionId;
  if (!segmentId) throw ValidationError.forField('recurringSessionId', m.sectionOrSession);
  const found = await ctx.read((c) => sectionOfSegment(c, segmentId));
  if (!found) throw new NotFoundError(m.notCourseSession);
  return found;
}

export interface UnenrollArgs { recurringSessionId?: string | null; sectionId?: string | null; reason?: string | null; userId?: string | null }

export async function unenrollCourseMutation(ctx: RequestContext, args: UnenrollArgs): Promise<CourseSectionRow> {
  const checked = checkEnrolArgs(args);
  const userId = checked.userId ?? requireViewer(ctx).userId;
  const { row, viewer } = await visibleSection(ctx, await sectionIdOf(ctx, checked.segmentId, checked.sectionId));
  if (!canEnrollPerson(viewer, row, userId)) throw new ForbiddenError(m.notAllowed);
  const reason = args.reason?.trim() || null;
  await ctx.execute(unenrollCourse, {
    sectionId: row.id, userId, reason, actorIsAdmin: canManageCourse(viewer, row),
  }, { waitFor, ecosystemId: row.ecosystemId });
  return (await sectionRow(ctx, row.id)) ?? row;
}
