/**
 * getGroupedCourses and getStudentsForSection (schema/courses.graphql). Grouping is by the course
 * name; a page holds up to GROUPS_PER_PAGE names with every visible section of each, so a course's
 * sections never split across pages. The sections are read under row-level security (other
 * tenants' rows are not there) and then filtered by the course policy.
 */
import { canSeeCourse, canSeeStudents } from '../../domain/course/policy';
import { ForbiddenError, ValidationError } from '../../domain/shared/errors';
import { courseSections, enrollmentsOf, type CourseSectionRow, type EnrollmentRow } from '../../projections/courses';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { courseViewer, visibleSection } from './access';
import { checkEnrolArgs } from './inputs';
import { courseApiMessages as m } from './messages';

export const GROUPS_PER_PAGE = 20;

export interface CourseGroupPage { groups: Array<{ name: string; sections: CourseSectionRow[] }>; pageNum: number; more: boolean }

export async function groupedCourses(ctx: RequestContext, pageNum: number | null | undefined, name: string | null | undefined): Promise<CourseGroupPage> {
  requireViewer(ctx);
  const page = pageNum ?? 1;
  if (!Number.isInteger(page) || page < 1) throw ValidationError.forField('pageNum', m.pageNumber);
  const viewer = await courseViewer(ctx);
  const rows = await ctx.read((c) => courseSections(c, ctx.services.clock(), name?.trim() || null));
  const groups = new Map<string, CourseSectionRow[]>();
  for (const row of rows.filter((r) => canSeeCourse(viewer, r))) groups.set(row.details.name, [...(groups.get(row.details.name) ?? []), row]);
  const all = [...groups.entries()].map(([groupName, sections]) => ({ name: groupName, sections }));
  const start = (page - 1) * GROUPS_PER_PAGE;
  return { groups: all.slice(start, start + GROUPS_PER_PAGE), pageNum: page, more: all.length > start + GROUPS_PER_PAGE };
}

export async function studentsForSection(ctx: RequestContext, sectionIdValue: string): Promise<EnrollmentRow[]> {
  requireViewer(ctx);
  const { row, viewer } = await visibleSection(ctx, checkEnrolArgs({ sectionId: sectionIdValue }).sectionId ?? '');
  if (!canSeeStudents(viewer, row)) throw new ForbiddenError(m.notAllowed);
  return ctx.read((c) => enrollmentsOf(c, row.id));
}
