/**
 * A course section (spec section 3, Course section; docs/decisions/0061-course-sections.md): stream
 * `course-<sectionId>`. Its sessions are COURSE bookings of the Session aggregate carrying the
 * section's id; the section keeps who is enrolled, so the stream revision settles two last-seat
 * enrolments. Period and fullness are derived when read (coursePeriod, courseFullness).
 */
import { DateTime, IANAZone } from 'luxon';

/** Who may enrol themselves (STUDENT) or their linked child (PARENT); admins always may. */
export const ENROLL_ROLES = ['STUDENT', 'PARENT'] as const;
export type EnrollRole = (typeof ENROLL_ROLES)[number];
export const COURSE_PERIODS = ['CLOSED', 'ONGOING', 'UPCOMING'] as const;
export type CoursePeriod = (typeof COURSE_PERIODS)[number];
export type CourseFullness = 'OPEN' | 'FULL';

/** A local date and wall time `YYYY-MM-DDTHH:mm` in the section's zone. */
export type LocalDateTime = string;

export interface CourseSectionDetails {
  name: string;
  programIds: string[];
  enrollRoles: EnrollRole[];
  /** Cents each learner pays; null when free. */
  perUserRate: number | null;
  description: string;
  maxEnrollments: number;
  timeZoneId: string;
  /** Learners may unenrol until this moment (admins any time); null: until the section closes. */
  dropDeadline: LocalDateTime | null;
  enrollmentStart: LocalDateTime;
  enrollmentEnd: LocalDateTime;
}

export function isZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/** The instant of a local date-time in `zone`; a wall time skipped by a clock change moves forward (luxon's rule). */
export function instantOf(local: LocalDateTime, zone: string): number {
  return DateTime.fromISO(local, { zone }).toMillis();
}

/**
 * CLOSED / ONGOING / UPCOMING: the section's term runs from its first session's start to its last
 * session's end; a section without sessions has its enrolment window as its term. Archived sections
 * are CLOSED.
 */
export function coursePeriod(s: { archived: boolean; firstStart: number | null; lastEnd: number | null; enrollStart: number; enrollEnd: number }, now: number): CoursePeriod {
  if (s.archived) return 'CLOSED';
  const from = s.firstStart ?? s.enrollStart;
  const to = s.lastEnd ?? s.enrollEnd;
  if (now < from) return 'UPCOMING';
  return now < to ? 'ONGOING' : 'CLOSED';
}

export function courseFullness(enrolled: number, maxEnrollments: number): CourseFullness {
  return enrolled >= maxEnrollments ? 'FULL' : 'OPEN';
}
