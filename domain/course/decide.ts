/**
 * Decisions about one course section (decision 0061): its details are validated whole after each
 * change; enrolment happens inside the window and never beyond maxEnrollments (the bus re-decides
 * on a newer revision, so two last-seat enrolments cannot both pass); learners unenrol before the
 * drop deadline, admins any time.
 */
import type { CommandContext } from '../shared/decider';
import { IllegalStateError, NotFoundError, ValidationError, type FieldErrors } from '../shared/errors';
import type {
  ArchiveCourseSectionInput, AttachCourseSessionsInput, CreateCourseSectionInput, EditCourseSectionInput, EnrollCourseInput, UnenrollCourseInput,
} from './commands';
import type { CourseEvent } from './events';
import { courseMessages as m } from './messages';
import { instantOf, isZone, type CourseSectionDetails } from './model';
import type { CourseSection, CourseState } from './state';

export const MAX_ENROLLMENTS = 1000;

function existing(state: CourseState): CourseSection {
  if (state.status === 'none') throw new NotFoundError(m.notFound);
  return state;
}

function active(state: CourseState): CourseSection {
  const s = existing(state);
  if (s.status === 'archived') throw new IllegalStateError(m.archived, 'ARCHIVED');
  return s;
}

/** Every rule of a section's details, one message per wrong field. */
export function checkDetails(d: CourseSectionDetails, enrolled: number): CourseSectionDetails {
  const errors: FieldErrors = {};
  const name = d.name.trim();
  if (!name) errors.name = m.nameRequired;
  if (d.programIds.length === 0) errors.programIds = m.programsRequired;
  if (d.maxEnrollments < 1 || d.maxEnrollments > MAX_ENROLLMENTS) errors.maxEnrollments = m.maxEnrollments({ max: MAX_ENROLLMENTS });
  else if (d.maxEnrollments < enrolled) errors.maxEnrollments = m.belowEnrolled({ count: enrolled });
  if (d.perUserRate !== null && d.perUserRate < 0) errors.perUserRate = m.rate;
  if (!isZone(d.timeZoneId)) errors.timeZoneId = m.invalidZone;
  else {
    const times = { enrollmentStart: d.enrollmentStart, enrollmentEnd: d.enrollmentEnd, dropDeadline: d.dropDeadline };
    for (const [field, value] of Object.entries(times)) if (value !== null && Number.isNaN(instantOf(value, d.timeZoneId))) errors[field] = m.invalidDateTime;
    if (!errors.enrollmentStart && !errors.enrollmentEnd && instantOf(d.enrollmentEnd, d.timeZoneId) <= instantOf(d.enrollmentStart, d.timeZoneId)) {
      errors.enrollmentEnd = m.windowOrder;
    }
  }
  if (Object.keys(errors).length) throw ValidationError.forFields(errors);
  return { ...d, name, description: d.description.trim(), programIds: [...new Set(d.programIds)], enrollRoles: [...new Set(d.enrollRoles)] };
}

export function createCourseSection(input: CreateCourseSectionInput, state: CourseState, ctx: CommandContext): CourseEvent[] {
  if (state.status !== 'none') throw new IllegalStateError(m.alreadyExists, 'ALREADY_EXISTS');
  const details = checkDetails(input.details, 0);
  return [{
    type: 'CourseSectionCreated',
    data: { sectionId: input.sectionId, ecosystemId: input.ecosystemId, details, leaderIds: [...new Set(input.leaderIds)], createdBy: ctx.actor.userId, at: ctx.now },
  }];
}

/** Only the fields that differ are recorded, so each breadcrumb names the actions that really happened. */
export function editCourseSection(input: EditCourseSectionInput, state: CourseState, ctx: CommandContext): CourseEvent[] {
  const s = active(state);
  const given = Object.fromEntries(Object.entries(input.changes).filter(([, v]) => v !== undefined)) as Partial<CourseSectionDetails>;
  const details = checkDetails({ ...s.details, ...given }, s.enrolled.length);
  const changes: Partial<CourseSectionDetails> = {};
  for (const key of Object.keys(given) as (keyof CourseSectionDetails)[]) {
    if (JSON.stringify(details[key]) !== JSON.stringify(s.details[key])) Object.assign(changes, { [key]: details[key] });
  }
  const leaders = input.leaderIds ? [...new Set(input.leaderIds)] : undefined;
  const leadersChanged = leaders !== undefined && JSON.stringify(leaders) !== JSON.stringify(s.leaderIds);
  if (!Object.keys(changes).length && !leadersChanged) return [];
  return [{ type: 'CourseSectionEdited', data: { sectionId: s.id, ecosystemId: s.ecosystemId, changes, ...(leadersChanged ? { leaderIds: leaders } : {}), at: ctx.now } }];
}

export function archiveCourseSection(_input: ArchiveCourseSectionInput, state: CourseState, ctx: CommandContext): CourseEvent[] {
  const s = active(state);
  return [{ type: 'CourseSectionArchived', data: { sectionId: s.id, ecosystemId: s.ecosystemId, at: ctx.now } }];
}

export function attachCourseSessions(input: AttachCourseSessionsInput, state: CourseState, ctx: CommandContext): CourseEvent[] {
  const s = active(state);
  if (s.seriesIds.includes(input.seriesId)) throw new IllegalStateError(m.sessionAlreadyAttached, 'ALREADY_ATTACHED');
  return [{ type: 'CourseSessionsAttached', data: { sectionId: s.id, ecosystemId: s.ecosystemId, seriesId: input.seriesId, at: ctx.now } }];
}

/** Enrolling someone already enrolled records nothing: a retry after a failure later on is harmless. */
export function enrollCourse(input: EnrollCourseInput, state: CourseState, ctx: CommandContext): CourseEvent[] {
  const s = active(state);
  if (s.enrolled.includes(input.userId)) return [];
  const now = Date.parse(ctx.now);
  const { enrollmentStart, enrollmentEnd, timeZoneId } = s.details;
  if (now < instantOf(enrollmentStart, timeZoneId) || now >= instantOf(enrollmentEnd, timeZoneId)) throw new IllegalStateError(m.notOpen, 'NOT_OPEN');
  if (s.enrolled.length >= s.details.maxEnrollments) throw new IllegalStateError(m.full, 'FULL');
  return [{ type: 'CourseEnrolled', data: { sectionId: s.id, ecosystemId: s.ecosystemId, userId: input.userId, at: ctx.now } }];
}

export function unenrollCourse(input: UnenrollCourseInput, state: CourseState, ctx: CommandContext): CourseEvent[] {
  const s = existing(state);
  if (!s.enrolled.includes(input.userId)) throw new IllegalStateError(m.notEnrolled, 'NOT_ENROLLED');
  const { dropDeadline, timeZoneId } = s.details;
  if (!input.actorIsAdmin && dropDeadline !== null && Date.parse(ctx.now) >= instantOf(dropDeadline, timeZoneId)) {
    throw new IllegalStateError(m.deadlinePassed, 'DEADLINE_PASSED');
  }
  const reason = input.reason?.trim() || null;
  return [{ type: 'CourseUnenrolled', data: { sectionId: s.id, ecosystemId: s.ecosystemId, userId: input.userId, reason, at: ctx.now } }];
}
