/** The courses area (schema/courses.graphql, decision 0061). */
import type { Resolvers } from '../__generated__/resolvers';
import { canSeeCourse } from '../../domain/course/policy';
import { registerNodeType } from '../relay';
import { courseViewer, sectionRow } from './access';
import { enrollCourseMutation, unenrollCourseMutation } from './enrolment';
import { courseSectionFields, sectionStudentFields } from './fields';
import { createCourseSectionMutation, editCourseSectionMutation } from './mutations';
import { groupedCourses, studentsForSection } from './queries';

registerNodeType('CourseSection', async (ctx, id) => {
  if (!ctx.viewer) return null;
  const [row, viewer] = await Promise.all([sectionRow(ctx, id), courseViewer(ctx)]);
  return row && canSeeCourse(viewer, row) ? row : null;
});

export const coursesResolvers: Resolvers = {
  Query: {
    getGroupedCourses: (_root, args, ctx) => groupedCourses(ctx, args.pageNum, args.name),
    getStudentsForSection: (_root, args, ctx) => studentsForSection(ctx, args.sectionId),
  },
  Mutation: {
    createCourseSection: (_root, args, ctx) => createCourseSectionMutation(ctx, args.input),
    editCourseSection: (_root, args, ctx) => editCourseSectionMutation(ctx, args.input),
    enrollCourseSection: (_root, args, ctx) => enrollCourseMutation(ctx, args.sectionId, args.userId),
    unenrollCourse: (_root, args, ctx) => unenrollCourseMutation(ctx, args),
  },
  CourseSection: courseSectionFields,
  SectionStudent: sectionStudentFields,
};
