/**
 * The course policy's facts (domain/course/policy.ts) and the checks every course resolver makes.
 * A section the reader may not see answers FORBIDDEN exactly as one that does not exist, so a
 * refusal never tells that it is there (decision 0053).
 */
import { canManageCourse, canSeeCourse, type CourseViewer } from '../../domain/course/policy';
import { ForbiddenError } from '../../domain/shared/errors';
import { isUuid } from '../../domain/shared/ids';
import { courseSectionsByIds, type CourseSectionRow } from '../../projections/courses';
import type { RequestContext } from '../context';
import { loaderOf, type LoaderSpec } from '../loaders';
import { sessionViewer } from '../sessions/access';
import { courseApiMessages as m } from './messages';

export const courseViewer = (ctx: RequestContext): Promise<CourseViewer> => sessionViewer(ctx);

function sectionsSpec(ctx: RequestContext): LoaderSpec<string, CourseSectionRow> {
  return { name: 'courses.sections', fetch: (client, keys) => courseSectionsByIds(client, keys, ctx.services.clock()) };
}

/** The section as the tenant scope shows it (batched per request), before any policy. */
export function sectionRow(ctx: RequestContext, sectionId: string): Promise<CourseSectionRow | null> {
  return isUuid(sectionId) ? loaderOf(ctx, sectionsSpec(ctx)).load(sectionId.toLowerCase()) : Promise.resolve(null);
}

/** The section if the reader may see it, else FORBIDDEN. */
export async function visibleSection(ctx: RequestContext, sectionId: string): Promise<{ row: CourseSectionRow; viewer: CourseViewer }> {
  const [row, viewer] = await Promise.all([sectionRow(ctx, sectionId), courseViewer(ctx)]);
  if (!row || !canSeeCourse(viewer, row)) throw new ForbiddenError();
  return { row, viewer };
}

/** The section if the reader manages it, else FORBIDDEN. */
export async function managedSection(ctx: RequestContext, sectionId: string): Promise<CourseSectionRow> {
  const { row, viewer } = await visibleSection(ctx, sectionId);
  if (!canManageCourse(viewer, row)) throw new ForbiddenError(m.notAllowed);
  return row;
}
