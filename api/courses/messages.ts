/** Messages of the course API's own checks (Spanish in api/i18n/es/courses.ts). */
import { defineMessages } from '../../domain/shared/i18n';

export const courseApiMessages = defineMessages('courses.api', {
  pageNumber: 'Pages start at 1.',
  sectionOrSession: 'Name the course section or one of its recurring sessions.',
  notCourseSession: 'This is not a session of a course section.',
  notAllowed: 'You do not have permission to do this with this course section.',
  programElsewhere: 'Choose programs of the course section\'s ecosystem.',
  required: 'This is required.',
  tooLong: 'Use at most {max, number} characters.',
  oneLine: 'Use a single line.',
  tooMany: 'Give at most {max, number} entries.',
  outOfRange: 'Use a whole number from {min, number} to {max, number}.',
  invalidId: 'This is not a valid id.',
  sessionsNeedLeader: 'Choose at least one leader to run the course\'s sessions.',
});
