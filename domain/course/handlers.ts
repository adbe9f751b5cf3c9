/** The course section command handlers the command bus runs; a section belongs to its ecosystem. */
import type { CommandHandler } from '../shared/decider';
import type { z } from 'zod';
import {
  archiveCourseSectionInput, attachCourseSessionsInput, createCourseSectionInput, editCourseSectionInput, enrollCourseInput, unenrollCourseInput,
  type CreateCourseSectionInput,
} from './commands';
import * as d from './decide';
import type { CourseEvent } from './events';
import { courseAggregate, type CourseState } from './state';

type CourseHandler<Input> = CommandHandler<Input, CourseState, CourseEvent>;

const tenantOf = (state: CourseState): string | null => (state.status === 'none' ? null : state.ecosystemId);

function onSection<S extends z.ZodType<{ sectionId: string }>>(type: string, input: S, decide: CourseHandler<z.output<S>>['decide']): CourseHandler<z.output<S>> {
  return {
    type,
    input: input as unknown as z.ZodType<z.output<S>>,
    aggregate: courseAggregate,
    aggregateId: (data) => data.sectionId,
    ecosystemId: (_data, state) => tenantOf(state),
    decide,
  };
}

export const createCourseSection: CourseHandler<CreateCourseSectionInput> = {
  type: 'CreateCourseSection',
  input: createCourseSectionInput,
  aggregate: courseAggregate,
  aggregateId: (input) => input.sectionId,
  ecosystemId: (input) => input.ecosystemId,
  decide: d.createCourseSection,
  createsStream: true,
};

export const editCourseSection = onSection('EditCourseSection', editCourseSectionInput, d.editCourseSection);
export const archiveCourseSection = onSection('ArchiveCourseSection', archiveCourseSectionInput, d.archiveCourseSection);
export const attachCourseSessions = onSection('AttachCourseSessions', attachCourseSessionsInput, d.attachCourseSessions);
export const enrollCourse = onSection('EnrollCourse', enrollCourseInput, d.enrollCourse);
export const unenrollCourse = onSection('UnenrollCourse', unenrollCourseInput, d.unenrollCourse);
