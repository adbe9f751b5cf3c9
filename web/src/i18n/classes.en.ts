/**
 * English of the course pages /classes and /classes/:name (docs/decisions/0061). Not part of the
 * first load: the pages wrap themselves in ClassesMessages (i18n/PageMessages.tsx).
 */
export const classesEn = {
  'classes.title': 'Classes',
  'classes.intro': 'Course sections you can join or run, grouped by course.',
  'classes.empty': 'No classes to show.',
  'classes.more': 'Next page',
  'classes.previous': 'Previous page',
  'classes.back': 'All classes',
  'classes.sections': 'Sections of {name}',
  'classes.openCourse': 'Open {name}',
  'classes.sectionCount': '{count, plural, one {# section} other {# sections}}',
  'classes.period.CLOSED': 'Closed',
  'classes.period.ONGOING': 'Ongoing',
  'classes.period.UPCOMING': 'Upcoming',
  'classes.fullness.OPEN': 'Seats left',
  'classes.fullness.FULL': 'Full',
  'classes.enrolled': '{count, number} of {max, number} enrolled',
  'classes.window': 'Enrolment: {start} to {end}',
  'classes.deadline': 'Unenroll by {date}',
  'classes.noDeadline': 'No deadline to unenroll',
  'classes.youAreEnrolled': 'You are enrolled',
  'classes.enroll': 'Enroll in {name}',
  'classes.unenroll': 'Unenroll from {name}',
  'classes.enrollShort': 'Enroll',
  'classes.unenrollShort': 'Unenroll',
  'classes.enrollDone': 'You are enrolled.',
  'classes.unenrollDone': 'You are no longer enrolled.',
  'classes.sessionsTitle': 'Sessions',
  'classes.noSessions': 'No sessions yet.',
  'classes.studentsTitle': 'Enrolled students',
  'classes.noStudents': 'No one is enrolled yet.',
  'classes.rate': 'Rate: {amount}',
  'classes.section': 'Section {number, number}',
} as const satisfies Record<string, string>;

export type ClassesMessageId = keyof typeof classesEn;
