/**
 * enrollCourseSection and unenrollCourse (schema/courses.graphql, decision 0061). The section's
 * stream decides the enrolment (window, seats; its revision settles a race for the last seat);
 * then the learner takes a seat in, or leaves, each of the section's bookings from its first
 * occurrence that has not started, through the Session aggregate (SINGLE_AND_FOLLOWING), so past
 * occurrences and their attendance are never touched. Both steps are idempotent: enrolling again
 * records nothing and only repeats the seats it lacks, so a retry after a failure completes it.
 */
import { enrollCourse, unenrollCourse } from '../../domain/course/handlers';
import { canEnrollPerson, canManageCourse } from '../../domain/course/policy';
import { dropSession, reserveSessionSeat } from '../../domain/session/handlers';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { COURSES_PROJECTION, sectionOfSegment, upcomingOfSegments, type CourseSectionRow } from '../../projections/courses';
import { SESSIONS_PROJECTION } from '../../projections/sessions';
import { usersByIds } from '../../projections/users/roster-queries';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { sectionRow, visibleSection } from './access';
import { checkEnrolArgs } from './inputs';
import { courseApiMessages as m } from './messages';

const waitFor = [COURSES_PROJECTION, SESSIONS_PROJECTION];
const LEARNER_ROLES = new Set(['STUDENT', 'PUPIL']);

/** Runs a seat command, leaving alone the occurrences where it already holds (ALREADY_PARTICIPANT, NOT_PARTICIPANT). */
async function ignoring(code: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (e) {
    if (!(e instanceof IllegalStateError && e.conflictType === code)) throw e;
  }
}

async function seatsFor(ctx: RequestContext, row: CourseSectionRow, userId: string, enrol: boolean, reason: string | null): Promise<void> {
  const firsts = await ctx.read((c) => upcomingOfSegments(c, row.seriesIds, ctx.services.clock()));
  for (const { seriesId, id } of firsts) {
    const options = { waitFor, ecosystemId: row.ecosystemId, commandId: ctx.newId(`course-seat:${enrol}:${id}:${userId}`) };
    const base = { seriesId, occurrenceId: id, scope: 'SINGLE_AND_FOLLOWING' as const, userId };
    if (enrol) await ignoring('ALREADY_PARTICIPANT', () => ctx.execute(reserveSessionSeat, { ...base, userType: 'STUDENT' }, options));
    else await ignoring('NOT_PARTICIPANT', () => ctx.execute(dropSession, { ...base, reason }, options));
  }
}


export async function enrollCourseMutation(ctx: RequestContext, sectionIdValue: string, userIdValue: string | null | undefined): Promise<CourseSectionRow> {
  const args = checkEnrolArgs({ sectionId: sectionIdValue, userId: userIdValue });
  const userId = args.userId ?? requireViewer(ctx).userId;
  const { row, viewer } = await visibleSection(ctx, args.sectionId ?? '');
  if (!canEnrollPerson(viewer, row, userId)) throw new ForbiddenError(m.notAllowed);
  const person = (await ctx.read((c) => usersByIds(c, [userId]))).get(userId);
  if (!(person?.roles ?? []).some((r) => r.ecosystemId === row.ecosystemId && LEARNER_ROLES.has(r.role))) throw new ForbiddenError(m.notAllowed);
  await ctx.execute(enrollCourse, { sectionId: row.id, userId }, { waitFor, ecosystemId: row.ecosystemId });
  await seatsFor(ctx, row, userId, true, null);
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
  await seatsFor(ctx, row, userId, false, reason);
  return (await sectionRow(ctx, row.id)) ?? row;
}
