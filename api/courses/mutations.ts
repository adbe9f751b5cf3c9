/**
 * createCourseSection and editCourseSection (schema/courses.graphql, decision 0061). A section's
 * sessions are checked for conflicts (its leaders' other sessions and the ecosystem's rules, as
 * createSession checks them) before anything is written; then the section is created, its COURSE
 * booking scheduled through the Session aggregate with the section's id, and attached to it.
 */
import { DateTime } from 'luxon';
import type { CourseSectionDetails } from '../../domain/course/model';
import { archiveCourseSection, attachCourseSessions, createCourseSection, editCourseSection } from '../../domain/course/handlers';
import { canManageIn } from '../../domain/course/policy';
import { scheduleSession } from '../../domain/session/handlers';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { ecosystemMessages } from '../../domain/ecosystem/messages';
import { COURSES_PROJECTION, type CourseSectionRow } from '../../projections/courses';
import { SESSIONS_PROJECTION } from '../../projections/sessions';
import { usersByIds } from '../../projections/users/roster-queries';
import type { CourseSessionsInput, CreateCourseSectionInput, CreateSessionInput, EditCourseSectionInput } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { toGlobalId } from '../relay';
import { bookingFromInput, rawId, scheduleFromInput } from '../sessions/conflict-resolvers';
import { bookingOutcome, conflictsForBooking, type SessionConflictAnswer } from '../sessions/conflicts';
import { loaders } from '../tenants/loaders';
import { withFieldPrefix } from '../tenants/support';
import { managedSection, sectionRow } from './access';
import { checkCreateInput, checkEditInput } from './inputs';
import { courseApiMessages as m } from './messages';

const waitFor = [COURSES_PROJECTION, SESSIONS_PROJECTION];

export interface CourseSectionPayload { section: CourseSectionRow | null; conflicts: SessionConflictAnswer[] }

/** Programs by global or raw id; each must be a program of the ecosystem the request can see. */
async function programsOf(ctx: RequestContext, ecosystemId: string, values: readonly string[], field: string): Promise<string[]> {
  const ids = values.map((v, i) => rawId('Program', v, `${field}.${i}`));
  const programs = await Promise.all(ids.map((id) => loaders(ctx).programs.load(id)));
  programs.forEach((p, i) => {
    if (!p || p.ecosystemId !== ecosystemId) throw ValidationError.forField(`${field}.${i}`, m.programElsewhere);
  });
  return ids;
}

/** Leaders by global or raw id; each must hold a role in the ecosystem. */
async function leadersOf(ctx: RequestContext, ecosystemId: string, values: readonly string[]): Promise<string[]> {
  const ids = values.map((v, i) => rawId('User', v, `input.leaderIds.${i}`));
  const people = await ctx.read((c) => usersByIds(c, ids));
  ids.forEach((id, i) => {
    if (!(people.get(id)?.roles ?? []).some((r) => r.ecosystemId === ecosystemId)) throw ValidationError.forField(`input.leaderIds.${i}`, m.notAllowed);
  });
  return ids;
}

/** The createSession input the section's sessions amount to, so they are checked exactly as a booking is. */
function bookingInput(sessions: CourseSessionsInput, name: string, programId: string, timeZoneId: string, leaderIds: string[]): CreateSessionInput {
  return {
    programId: toGlobalId('Program', programId), sessionType: 'COURSE', subject: name, date: sessions.date, startTime: sessions.startTime,
    endTime: sessions.endTime, timeZoneId, recurrence: sessions.recurrence, location: sessions.location, meetingSolution: sessions.meetingSolution,
    customUrl: sessions.customUrl, locationName: sessions.locationName, tutorIds: leaderIds.map((id) => toGlobalId('User', id)), tuteeIds: [],
  };
}

async function scheduleCourseSessions(ctx: RequestContext, sectionId: string, ecosystemId: string, booking: Awaited<ReturnType<typeof bookingFromInput>>, input: CreateSessionInput): Promise<void> {
  const seriesId = ctx.newId('course-session');
  await withFieldPrefix('input.sessions', () => ctx.execute(scheduleSession, {
    seriesId, ecosystemId, schedule: scheduleFromInput(input, booking.timeZoneId), actorIsAdmin: true,
    participants: booking.tutorIds.map((userId) => ({ userId, userType: 'TUTOR', isLeader: true, isPaired: false })),
    details: {
      sessionType: 'COURSE', programId: booking.programId, subject: input.subject, location: input.location, courseSectionId: sectionId,
      meeting: { solution: input.meetingSolution, url: input.meetingSolution === 'CUSTOM_URL' ? input.customUrl ?? null : null, locationName: input.locationName ?? null },
    },
  }, { waitFor, ecosystemId }));
  await ctx.execute(attachCourseSessions, { sectionId, seriesId }, { waitFor, ecosystemId });
}

export async function createCourseSectionMutation(ctx: RequestContext, input: CreateCourseSectionInput): Promise<CourseSectionPayload> {
  const viewer = requireViewer(ctx);
  const { ecosystemId } = checkCreateInput(input);
  const ecosystem = await loaders(ctx).ecosystems.load(ecosystemId);
  if (!ecosystem) throw new NotFoundError(ecosystemMessages.notFound);
  const programIds = await programsOf(ctx, ecosystemId, input.programIds, 'input.programIds');
  if (!canManageIn(viewer, ecosystemId, programIds)) throw new ForbiddenError(m.notAllowed);
  const leaderIds = await leadersOf(ctx, ecosystemId, input.leaderIds ?? []);
  const config = ecosystem.courseSectionConfig;
  const end = DateTime.fromISO(input.enrollmentEnd, { zone: input.timeZoneId });
  const dropDeadline = input.dropDeadline ?? (end.isValid ? end.plus({ days: config.dropDeadlineDays }).toFormat("yyyy-MM-dd'T'HH:mm") : null);
  const sessions = input.sessions ? bookingInput(input.sessions, input.name, programIds[0] ?? '', input.timeZoneId, leaderIds) : null;
  const booking = sessions ? await withFieldPrefix('input.sessions', () => bookingFromInput(ctx, sessions)) : null;
  if (booking) {
    const conflicts = await conflictsForBooking(ctx, booking);
    if (!bookingOutcome(conflicts, false).book) return { section: null, conflicts };
  }
  const sectionId = ctx.newId('course-section');
  await withFieldPrefix('input', () => ctx.execute(createCourseSection, {
    sectionId, ecosystemId, leaderIds,
    details: {
      name: input.name, programIds, enrollRoles: input.enrollRoles ?? undefined, perUserRate: input.perUserRate ?? null, description: input.description ?? '',
      maxEnrollments: input.maxEnrollments ?? config.maxEnrollments, timeZoneId: input.timeZoneId, dropDeadline,
      enrollmentStart: input.enrollmentStart, enrollmentEnd: input.enrollmentEnd,
    },
  }, { waitFor, ecosystemId }));
  if (booking && sessions) await scheduleCourseSessions(ctx, sectionId, ecosystemId, booking, sessions);
  return { section: await sectionRow(ctx, sectionId), conflicts: [] };
}

/** Only the fields the input names; programs and leaders checked as at creation. */
async function changesOf(ctx: RequestContext, row: CourseSectionRow, input: EditCourseSectionInput): Promise<Partial<CourseSectionDetails>> {
  const out: Partial<CourseSectionDetails> = {};
  const plain = ['name', 'description', 'maxEnrollments', 'timeZoneId', 'enrollmentStart', 'enrollmentEnd'] as const;
  for (const key of plain) if (input[key] != null) Object.assign(out, { [key]: input[key] });
  if (input.enrollRoles) out.enrollRoles = [...input.enrollRoles];
  if (input.perUserRate !== undefined) out.perUserRate = input.perUserRate;
  if (input.dropDeadline !== undefined) out.dropDeadline = input.dropDeadline;
  if (input.programIds) out.programIds = await programsOf(ctx, row.ecosystemId, input.programIds, 'input.programIds');
  return out;
}

export async function editCourseSectionMutation(ctx: RequestContext, input: EditCourseSectionInput): Promise<CourseSectionRow> {
  const viewer = requireViewer(ctx);
  const row = await managedSection(ctx, checkEditInput(input).sectionId);
  const changes = await changesOf(ctx, row, input);
  // Moving the section to programs the editor does not run would take it out of their hands.
  if (changes.programIds && !canManageIn(viewer, row.ecosystemId, changes.programIds)) throw new ForbiddenError(m.notAllowed);
  const leaderIds = input.leaderIds ? await leadersOf(ctx, row.ecosystemId, input.leaderIds) : undefined;
  const options = { waitFor, ecosystemId: row.ecosystemId };
  await withFieldPrefix('input', () => ctx.execute(editCourseSection, { sectionId: row.id, changes, leaderIds }, options));
  if (input.archived) await ctx.execute(archiveCourseSection, { sectionId: row.id }, options);
  const updated = await sectionRow(ctx, row.id);
  if (!updated) throw new NotFoundError(m.notAllowed);
  return updated;
}
