/** What users read when a course section command is refused (English; Spanish in api/i18n/es/courses.ts). */
import { defineMessages } from '../shared/i18n';

export const courseMessages = defineMessages('course', {
  notFound: 'This course section does not exist.',
  alreadyExists: 'A course section with this id already exists.',
  archived: 'This course section is archived.',
  nameRequired: 'Give the course a name.',
  programsRequired: 'Choose at least one program for the course.',
  invalidZone: 'Choose a valid time zone.',
  invalidDateTime: 'Enter a valid date and time (YYYY-MM-DDTHH:mm).',
  windowOrder: 'Enrolment must end after it starts.',
  maxEnrollments: 'A course section takes between 1 and {max, number} learners.',
  belowEnrolled: '{count, number} learners are already enrolled: the limit cannot be lower.',
  rate: 'The rate cannot be negative.',
  notOpen: 'Enrolment for this course is not open.',
  full: 'This course section is full.',
  notEnrolled: 'This learner is not enrolled in this course section.',
  deadlinePassed: 'The deadline to unenroll from this course has passed.',
  sessionAlreadyAttached: 'These sessions already belong to this course section.',
});
