/**
 * CourseSection fields (schema/courses.graphql). Period and fullness follow the clock and the
 * section's sessions when read; the reader's own rights are the policy's answers, so a page shows
 * exactly the buttons the mutations would accept.
 */
import { canEnrollPerson, canManageCourse } from '../../domain/course/policy';
import { courseFullness, coursePeriod, instantOf } from '../../domain/course/model';
import { IllegalStateError } from '../../domain/shared/errors';
import { seriesRows } from '../sessions/edits';
import type { CourseSectionRow } from '../../projections/courses';
import type { CourseSectionResolvers, SectionStudentResolvers } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { visibleUser } from '../families/loaders';
import { toGlobalId } from '../relay';
import { visibleSession } from '../sessions/access';
import { enrollCourse } from '../../domain/course/decide';
import { courseViewer } from './access';

const at = (row: CourseSectionRow, local: string) => new Date(instantOf(local, row.details.timeZoneId)).toISOString();

/** Whether the enrol command would pass now for this learner (the decider's own answer, not a copy of its rules). */
function enrolWouldPass(ctx: RequestContext, row: CourseSectionRow, userId: string): boolean {
  try {
    return enrollCourse({ sectionId: row.id, userId }, row, { actor: { userId, role: 'STUDENT' }, now: ctx.services.clock().toISOString() }).length > 0;
  } catch (e) {
    if (e instanceof IllegalStateError) return false;
    throw e;
  }
}

export const courseSectionFields: CourseSectionResolvers<RequestContext> = {
  id: (s) => toGlobalId('CourseSection', s.id),
  rawId: (s) => s.id,
  name: (s) => s.details.name,
  programIds: (s) => s.details.programIds.map((id) => toGlobalId('Program', id)),
  enrollRoles: (s) => s.details.enrollRoles,
  perUserRate: (s) => s.details.perUserRate,
  description: (s) => s.details.description,
  enrolledStudentsAmt: (s) => s.enrolled.length,
  maxEnrollments: (s) => s.details.maxEnrollments,
  timeZoneId: (s) => s.details.timeZoneId,
  dropDeadline: (s) => (s.details.dropDeadline ? at(s, s.details.dropDeadline) : null),
  enrollmentStartLocal: (s) => s.details.enrollmentStart,
  enrollmentEndLocal: (s) => s.details.enrollmentEnd,
  dropDeadlineLocal: (s) => s.details.dropDeadline,
  enrollmentStart: (s) => at(s, s.details.enrollmentStart),
  enrollmentEnd: (s) => at(s, s.details.enrollmentEnd),
  archived: (s) => s.status === 'archived',
  creatorId: (s) => toGlobalId('User', s.createdBy),
  leaderIds: (s) => s.leaderIds.map((id) => toGlobalId('User', id)),
  leaders: async (s, _args, ctx) => (await Promise.all(s.leaderIds.map((id) => visibleUser(ctx, id)))).filter((u) => u !== null),
  period: (s, _args, ctx) => coursePeriod({
    archived: s.status === 'archived', firstStart: s.firstStart?.getTime() ?? null, lastEnd: s.lastEnd?.getTime() ?? null,
    enrollStart: instantOf(s.details.enrollmentStart, s.details.timeZoneId), enrollEnd: instantOf(s.details.enrollmentEnd, s.details.timeZoneId),
  }, ctx.services.clock().getTime()),
  fullness: (s) => courseFullness(s.enrolled.length, s.details.maxEnrollments),
  nextSession: (s, _args, ctx) => (s.nextSessionId ? visibleSession(ctx, s.nextSessionId) : null),
  sessions: async (s, _args, ctx) => {
    const rows = (await Promise.all(s.seriesIds.map((id) => ctx.read((c) => seriesRows(c, id))))).flat();
    const seen = await Promise.all(rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime()).map((r) => visibleSession(ctx, r.id)));
    return seen.filter((r) => r !== null);
  },
  isEnrolled: (s, _args, ctx) => s.enrolled.includes(ctx.viewer?.userId ?? ''),
  canEnroll: async (s, _args, ctx) => {
    const viewer = await courseViewer(ctx);
    const p = viewer.principal;
    // Only learners take seats: an admin or leader enrols others, never themselves.
    const learner = p.roles.some((r) => r.ecosystemId === s.ecosystemId && (r.role === 'STUDENT' || r.role === 'PUPIL'));
    return learner && canEnrollPerson(viewer, s, p.userId) && enrolWouldPass(ctx, s, p.userId);
  },
  canUnenroll: async (s, _args, ctx) => {
    const viewer = await courseViewer(ctx);
    const me = viewer.principal.userId;
    if (!s.enrolled.includes(me) || !canEnrollPerson(viewer, s, me)) return false;
    return canManageCourse(viewer, s) || s.details.dropDeadline === null || ctx.services.clock().getTime() < instantOf(s.details.dropDeadline, s.details.timeZoneId);
  },
  canManage: async (s, _args, ctx) => canManageCourse(await courseViewer(ctx), s),
};

export const sectionStudentFields: SectionStudentResolvers<RequestContext> = {
  userId: (e) => toGlobalId('User', e.userId),
  user: (e, _args, ctx) => visibleUser(ctx, e.userId),
  enrolledAt: (e) => e.enrolledAt.toISOString(),
};
