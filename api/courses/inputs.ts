/**
 * The shape of the course mutations' arguments, checked before anything is looked up (so a
 * malformed value answers BAD_USER_INPUT on its own field, never a refusal about something else):
 * every problem is collected and answered at once, each on its field.
 */
import { courseMessages } from '../../domain/course/messages';
import { isZone } from '../../domain/course/model';
import { sessionMessages } from '../../domain/session/messages';
import { ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { isUuid } from '../../domain/shared/ids';
import type { CourseSessionsInput, CreateCourseSectionInput, EditCourseSectionInput } from '../__generated__/resolvers';
import { idOf } from '../relay';
import { courseApiMessages as m } from './messages';

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const CLOCK = /^\d{2}:\d{2}$/;
const MAX_IDS = 50;

export class ArgumentChecks {
  readonly errors: FieldErrors = {};

  text(field: string, value: string | null | undefined, max: number, options: { required?: boolean; multiline?: boolean } = {}): void {
    if (value == null) return;
    if (options.required && !value.trim()) this.errors[field] = m.required;
    else if (value.length > max) this.errors[field] = m.tooLong({ max });
    else if (!options.multiline && /[\r\n]/.test(value)) this.errors[field] = m.oneLine;
  }

  /** A global id of `type` or a raw UUID; the UUID, or '' when it is not one. */
  id(field: string, type: string, value: string | null | undefined): string {
    if (value == null) return '';
    const raw = idOf(type, value);
    if (!isUuid(raw)) this.errors[field] = m.invalidId;
    return raw.toLowerCase();
  }

  ids(field: string, type: string, values: readonly string[] | null | undefined): string[] {
    if (!values) return [];
    if (values.length > MAX_IDS) {
      this.errors[field] = m.tooMany({ max: MAX_IDS });
      return [];
    }
    return values.map((v, i) => this.id(`${field}.${i}`, type, v));
  }

  count(field: string, values: readonly unknown[] | null | undefined, max: number): void {
    if (values && values.length > max) this.errors[field] = m.tooMany({ max });
  }

  whole(field: string, value: number | null | undefined, min: number, max: number): void {
    if (value != null && (!Number.isInteger(value) || value < min || value > max)) this.errors[field] = m.outOfRange({ min, max });
  }

  matches(field: string, value: string | null | undefined, pattern: RegExp, message: typeof m.required): void {
    if (value != null && !pattern.test(value)) this.errors[field] = message;
  }

  zone(field: string, value: string | null | undefined): void {
    if (value != null && !isZone(value)) this.errors[field] = courseMessages.invalidZone;
  }

  done(): void {
    if (Object.keys(this.errors).length) throw ValidationError.forFields(this.errors);
  }
}

/** The fields a section's create and edit share. */
function checkDetails(c: ArgumentChecks, input: Partial<CreateCourseSectionInput> | EditCourseSectionInput, creating: boolean): void {
  c.text('input.name', input.name, 200, { required: creating || input.name != null });
  c.text('input.description', input.description, 5000, { multiline: true });
  c.count('input.enrollRoles', input.enrollRoles, 2);
  c.whole('input.perUserRate', input.perUserRate, 0, 10_000_000);
  c.whole('input.maxEnrollments', input.maxEnrollments, 1, 1000);
  c.zone('input.timeZoneId', input.timeZoneId);
  for (const key of ['enrollmentStart', 'enrollmentEnd', 'dropDeadline'] as const) {
    c.matches(`input.${key}`, input[key], LOCAL_DATE_TIME, courseMessages.invalidDateTime);
  }
}

function checkSessions(c: ArgumentChecks, s: CourseSessionsInput | null | undefined): void {
  if (!s) return;
  c.matches('input.sessions.startTime', s.startTime, CLOCK, sessionMessages.invalidTime);
  c.matches('input.sessions.endTime', s.endTime, CLOCK, sessionMessages.invalidTime);
  c.text('input.sessions.customUrl', s.customUrl, 2000);
  c.text('input.sessions.locationName', s.locationName, 300);
  const r = s.recurrence;
  if (!r) return;
  c.count('input.sessions.recurrence.recurringDays', r.recurringDays, 7);
  (r.recurringDays ?? []).forEach((d, i) => c.whole(`input.sessions.recurrence.recurringDays.${i}`, d, 0, 6));
  c.whole('input.sessions.recurrence.weeksRepeat', r.weeksRepeat, 1, 52);
  c.whole('input.sessions.recurrence.weeksRecurring', r.weeksRecurring, 1, 52);
}

export function checkCreateInput(input: CreateCourseSectionInput): { ecosystemId: string; programIds: string[]; leaderIds: string[] } {
  const c = new ArgumentChecks();
  const ecosystemId = c.id('input.ecosystemId', 'Ecosystem', input.ecosystemId);
  const programIds = c.ids('input.programIds', 'Program', input.programIds);
  const leaderIds = c.ids('input.leaderIds', 'User', input.leaderIds);
  checkDetails(c, input, true);
  checkSessions(c, input.sessions);
  // A session needs someone in it, and nothing may be written before that is known.
  if (input.sessions && leaderIds.length === 0 && !c.errors['input.leaderIds']) c.errors['input.leaderIds'] = m.sessionsNeedLeader;
  c.done();
  return { ecosystemId, programIds, leaderIds };
}

export function checkEditInput(input: EditCourseSectionInput): { sectionId: string; programIds: string[] | null; leaderIds: string[] | null } {
  const c = new ArgumentChecks();
  const sectionId = c.id('input.sectionId', 'CourseSection', input.sectionId);
  const programIds = input.programIds ? c.ids('input.programIds', 'Program', input.programIds) : null;
  const leaderIds = input.leaderIds ? c.ids('input.leaderIds', 'User', input.leaderIds) : null;
  checkDetails(c, input, false);
  c.done();
  return { sectionId, programIds, leaderIds };
}

/** enrollCourseSection and unenrollCourse: ids and the reason. */
export function checkEnrolArgs(args: { sectionId?: string | null; recurringSessionId?: string | null; userId?: string | null; reason?: string | null }) {
  const c = new ArgumentChecks();
  const sectionId = args.sectionId != null ? c.id('sectionId', 'CourseSection', args.sectionId) : null;
  const segmentId = args.recurringSessionId != null ? c.id('recurringSessionId', 'RecurringSession', args.recurringSessionId) : null;
  const userId = args.userId != null ? c.id('userId', 'User', args.userId) : null;
  c.text('reason', args.reason, 2000);
  c.done();
  return { sectionId, segmentId, userId };
}
