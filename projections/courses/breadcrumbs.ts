/**
 * How course events read in the audit trail: the recorded course actions of spec section 4
 * (archive; edit of description, max enrolment, rate, programs, unenroll deadline; enroll;
 * unenroll), each with its actor and time from the event.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from '../audit';

type Data = Record<string, unknown>;
const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});

/** The spec's names of the course actions an edit's changed fields are. */
const EDIT_ACTIONS: Record<string, string> = {
  description: 'description', maxEnrollments: 'max enrolment', perUserRate: 'rate', programIds: 'programs', dropDeadline: 'unenroll deadline',
  name: 'name', enrollRoles: 'enroll roles', timeZoneId: 'time zone', enrollmentStart: 'enrolment start', enrollmentEnd: 'enrolment end',
};

function edited(e: RecordedEvent): BreadcrumbDescription {
  const d = dataOf(e);
  const changes = typeof d.changes === 'object' && d.changes !== null ? d.changes as Data : {};
  const parts = Object.keys(changes).map((k) => EDIT_ACTIONS[k] ?? k);
  if (d.leaderIds) parts.push('leaders');
  return { summary: `Edited the course section: ${parts.join(', ')}`, changes: { ...changes, ...(d.leaderIds ? { leaderIds: d.leaderIds } : {}) } };
}

const describers: Record<string, (event: RecordedEvent) => BreadcrumbDescription> = {
  CourseSectionCreated: (e) => {
    const details = (dataOf(e).details ?? {}) as Data;
    const name = String(details.name ?? '');
    return { summary: `Created course section ${name}`, changes: { name, maxEnrollments: details.maxEnrollments }, targetName: name };
  },
  CourseSectionEdited: edited,
  CourseSectionArchived: () => ({ summary: 'Archived the course section', changes: {} }),
  CourseSessionsAttached: (e) => ({ summary: 'Added sessions to the course section', changes: { seriesId: dataOf(e).seriesId } }),
  CourseEnrolled: (e) => ({ summary: 'Enrolled a learner', changes: { userId: dataOf(e).userId } }),
  CourseUnenrolled: (e) => ({ summary: 'Unenrolled a learner', changes: { userId: dataOf(e).userId, reason: dataOf(e).reason } }),
};

export function registerCourseBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
