/**
 * The session mutations (schema/sessions.graphql; decisions 0055-0057). Each one:
 * 1. resolves the session (occurrence) to its booking's stream through the read model and asks the
 *    session policy (api/sessions/access.ts) before anything else;
 * 2. for a booking or an edit that moves sessions or changes who takes part, checks every occurrence
 *    it would create or move for conflicts (api/sessions/conflicts.ts) and books nothing when there
 *    are any, unless an admin forces it (recorded in the event);
 * 3. dispatches one command to the Session aggregate and waits for the sessions read model, so the
 *    payload shows what was written.
 */
import type { CommandContext } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/errors';
import {
  cancelSession, dropSession, editSession, reserveSessionSeat, restoreSession, scheduleSession,
} from '../../domain/session/handlers';
import type { SessionChangesInput as DomainChanges } from '../../domain/session/commands';
import type { Participant, ParticipantType } from '../../domain/session/model';
import { sessionMessages } from '../../domain/session/messages';
import { SESSIONS_PROJECTION, type SessionRow } from '../../projections/sessions';
import { usersByIds } from '../../projections/users/roster-queries';
import type { UserRoleRow } from '../../projections/users/queries';
import type {
  CancelSessionInput, CreateSessionInput, DropSessionInput, EditSessionInput, ReserveSessionSeatInput, RestoreSessionInput,
  SessionChangesInput, SessionScope,
} from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { withFieldPrefix } from '../tenants/support';
import {
  authorizeCancelSession, authorizeCreateSession, authorizeDropParticipant, authorizeEditSession, authorizeReserveSeat,
} from './access';
import { bookingFromInput, rawId, scheduleFromInput } from './conflict-resolvers';
import { booksAsAdmin, bookingOutcome, conflictsForBooking, forceBookAllowed, type SessionConflictAnswer } from './conflicts';
import { editedOccurrences, occurrencePeople, seriesRows } from './edits';
import { checkCreateInput, checkEditInput, checkReasonInput } from './input-checks';
import { sessionIdArg } from './inputs';
import { sessionLoader } from './loaders';
import { startMeetingRoomSync } from '../../workflows/meetings/start';

const waitFor = [SESSIONS_PROJECTION];

export interface SessionBookingPayload {
  session: SessionRow | null;
  count: number;
  conflicts: SessionConflictAnswer[];
}

const LEADER_TYPES: ReadonlyArray<readonly [string, ParticipantType]> = [['SUPER_ADMIN', 'ADMIN'], ['STAFF', 'STAFF'], ['TEACHER', 'TEACHER']];

/** A leader's participant type: their strongest ecosystem role there, else TUTOR. */
function leaderType(roles: readonly UserRoleRow[], ecosystemId: string): ParticipantType {
  const held = new Set(roles.filter((r) => r.ecosystemId === ecosystemId).map((r) => r.role));
  return LEADER_TYPES.find(([role]) => held.has(role as UserRoleRow['role']))?.[1] ?? 'TUTOR';
}

/**
 * The participants of a booking, with their types. Until pairs exist (a later issue), a learner
 * counts as paired with the session's tutors when both are in its program (a LEADER and a PUPIL of
 * it): decision 0055.
 */
async function participantsOf(ctx: RequestContext, ecosystemId: string, programId: string, tutorIds: readonly string[], tuteeIds: readonly string[]): Promise<Participant[]> {
  const people = await ctx.read((c) => usersByIds(c, [...tutorIds, ...tuteeIds]));
  const inProgram = (id: string, role: string) => (people.get(id)?.roles ?? []).some((r) => r.ecosystemId === ecosystemId && r.programId === programId && r.role === role);
  const tutorsLead = tutorIds.some((id) => inProgram(id, 'LEADER'));
  return [
    ...tutorIds.map((userId): Participant => ({ userId, userType: leaderType(people.get(userId)?.roles ?? [], ecosystemId), isLeader: true, isPaired: tutorsLead && tuteeIds.some((t) => inProgram(t, 'PUPIL')) })),
    ...tuteeIds.map((userId): Participant => ({ userId, userType: 'STUDENT', isLeader: false, isPaired: tutorsLead && inProgram(userId, 'PUPIL') })),
  ];
}

function meetingOf(input: Pick<SessionChangesInput, 'meetingSolution' | 'customUrl' | 'locationName' | 'locationPoint'> & { meetingSolution?: CreateSessionInput['meetingSolution'] | null }) {
  return {
    solution: input.meetingSolution ?? 'LESSONSPACE',
    url: input.meetingSolution === 'CUSTOM_URL' ? input.customUrl ?? null : null,
    locationName: input.locationName ?? null,
    locationPoint: input.locationPoint ? { lng: input.locationPoint.lng, lat: input.locationPoint.lat } : null,
  };
}

/** The first occurrence of a booking (or of the changed ones), as the payload shows it. */
async function firstOf(ctx: RequestContext, seriesId: string, fromId: string | null): Promise<SessionRow | null> {
  if (fromId) {
    const row = await sessionLoader(ctx).load(fromId);
    if (row) return row;
  }
  const rows = await ctx.read((c) => seriesRows(c, seriesId));
  return rows.find((r) => !r.cancelled) ?? rows[0] ?? null;
}

function commandContextNow(ctx: RequestContext): Pick<CommandContext, 'now'> {
  return { now: ctx.services.clock().toISOString() };
}

export async function createSessionMutation(ctx: RequestContext, input: CreateSessionInput): Promise<SessionBookingPayload> {
  const viewer = requireViewer(ctx);
  checkCreateInput(input);
  const booking = await bookingFromInput(ctx, input);
  const participants = await participantsOf(ctx, booking.ecosystemId, booking.programId, booking.tutorIds, booking.tuteeIds);
  await authorizeCreateSession(ctx, {
    ecosystemId: booking.ecosystemId, programId: booking.programId, sessionType: input.sessionType,
    leaders: booking.tutorIds, learners: participants.filter((p) => !p.isLeader).map((p) => ({ userId: p.userId, isPaired: p.isPaired })),
  });
  const forced = forceBookAllowed(ctx, booking, input.forceBook);
  const conflicts = await conflictsForBooking(ctx, booking);
  const outcome = bookingOutcome(conflicts, forced);
  if (!outcome.book) return { session: null, count: 0, conflicts };
  const seriesId = ctx.newId('session');
  const scheduled = await withFieldPrefix('input', () => ctx.execute(scheduleSession, {
    seriesId, ecosystemId: booking.ecosystemId, schedule: booking.schedule, participants,
    details: {
      sessionType: input.sessionType, programId: booking.programId, subject: input.subject, subjectId: input.subjectId ?? null,
      sessionDescription: input.sessionDescription ?? '', location: input.location, meeting: meetingOf(input),
      maxStudents: input.maxStudents ?? null, gradeLevels: input.gradeLevels ?? [], schools: input.schools ?? [],
    },
    actorIsAdmin: booksAsAdmin(viewer, booking.ecosystemId, booking.programId),
    forceBooked: outcome.forceBooked,
    overriddenConflicts: outcome.forceBooked ? conflicts.map((c) => ({ type: c.type, date: c.date, userId: c.userId ? rawId('User', c.userId, 'userId') : null })) : [],
  }, { waitFor, ecosystemId: booking.ecosystemId }));
  // Its Lessonspace or Zoom room (or the built-in one) is made by a workflow (decision 0058).
  await startMeetingRoomSync(ctx.services.engine, scheduled);
  return { session: await firstOf(ctx, seriesId, null), count: booking.occurrences.length, conflicts: outcome.forceBooked ? conflicts : [] };
}

/** The domain's changes from the GraphQL ones; times become a start and a length in the session's zone. */
function domainChanges(row: SessionRow, c: SessionChangesInput, participants: Participant[] | null): DomainChanges {
  const out: DomainChanges = {};
  if (c.date) out.date = c.date;
  if (c.startTime) out.startTime = c.startTime;
  if (c.timeZoneId) out.timeZoneId = c.timeZoneId;
  if (c.startTime || c.endTime) {
    const schedule = scheduleFromInput({ date: c.date ?? row.date, startTime: c.startTime ?? row.startTime, endTime: c.endTime ?? endTimeOf(row), recurrence: null }, c.timeZoneId ?? row.timeZoneId);
    out.durationMinutes = schedule.durationMinutes;
  }
  if (c.recurrence !== undefined) {
    out.recurrence = c.recurrence ? scheduleFromInput({ date: c.date ?? row.date, startTime: c.startTime ?? row.startTime, endTime: c.endTime ?? endTimeOf(row), recurrence: c.recurrence }, row.timeZoneId).recurrence : null;
  }
  const details: NonNullable<DomainChanges['details']> = {};
  if (c.subject != null) details.subject = c.subject;
  if (c.subjectId !== undefined) details.subjectId = c.subjectId ?? null;
  if (c.sessionDescription != null) details.sessionDescription = c.sessionDescription;
  if (c.location) details.location = c.location;
  if (c.meetingSolution) details.meeting = meetingOf(c);
  if (c.maxStudents !== undefined) details.maxStudents = c.maxStudents ?? null;
  if (c.gradeLevels) details.gradeLevels = [...c.gradeLevels];
  if (c.schools) details.schools = [...c.schools];
  if (Object.keys(details).length) out.details = details;
  if (participants) out.participants = participants;
  return out;
}

function endTimeOf(row: SessionRow): string {
  const minutes = (Number(row.startTime.slice(0, 2)) * 60 + Number(row.startTime.slice(3, 5)) + row.durationMinutes) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export async function editSessionMutation(ctx: RequestContext, input: EditSessionInput): Promise<SessionBookingPayload> {
  const viewer = requireViewer(ctx);
  const sessionId = sessionIdArg(input.sessionId, 'input.sessionId');
  checkEditInput(input);
  const c = input.changes;
  const tutorIds = c.tutorIds ? c.tutorIds.map((id, i) => rawId('User', id, `input.changes.tutorIds.${i}`)) : null;
  const tuteeIds = c.tuteeIds ? c.tuteeIds.map((id, i) => rawId('User', id, `input.changes.tuteeIds.${i}`)) : null;
  const current = await sessionLoader(ctx).load(sessionId);
  let participants: Participant[] | null = null;
  let row: SessionRow;
  if ((tutorIds || tuteeIds) && current) {
    const now = await ctx.read((db) => occurrencePeople(db, sessionId));
    const leaders = tutorIds ?? now.leaders;
    participants = await participantsOf(ctx, current.ecosystemId, current.programId, leaders, tuteeIds ?? now.learners);
    row = await authorizeEditSession(ctx, sessionId, { leaders, learners: participants.filter((p) => !p.isLeader).map((p) => ({ userId: p.userId, isPaired: p.isPaired })) });
  } else {
    row = await authorizeEditSession(ctx, sessionId);
  }
  const changes = domainChanges(row, c, participants);
  const forced = forceBookAllowed(ctx, row, input.forceBook);
  const moved = await editedOccurrences(ctx, row, input.scope, changes, commandContextNow(ctx).now);
  let conflicts: SessionConflictAnswer[] = [];
  if (moved) {
    conflicts = await conflictsForBooking(ctx, moved);
    // The edit dialog's check before saving (decision 0067): the same checks, nothing written.
    if (input.checkOnly) return { session: null, count: moved.occurrences.length, conflicts };
    const outcome = bookingOutcome(conflicts, forced);
    if (!outcome.book) return { session: null, count: 0, conflicts };
  }
  if (input.checkOnly) return { session: null, count: 0, conflicts: [] };
  const edited = await withFieldPrefix('input.changes', () => ctx.execute(editSession, {
    seriesId: row.seriesId, occurrenceId: row.id, scope: input.scope, changes,
    actorIsAdmin: booksAsAdmin(viewer, row.ecosystemId, row.programId),
  }, { waitFor, ecosystemId: row.ecosystemId }));
  // A reschedule or a new segment updates the series' room in place (decision 0058).
  await startMeetingRoomSync(ctx.services.engine, edited);
  return { session: await firstOf(ctx, row.seriesId, row.id), count: moved?.occurrences.length ?? 1, conflicts: forced ? conflicts : [] };
}

/** How many occurrences a scope names, from the read model (for the payload's count). */
async function scopeCount(ctx: RequestContext, row: SessionRow, scope: SessionScope, match: (r: SessionRow) => boolean): Promise<number> {
  if (scope === 'SINGLE') return 1;
  const rows = await ctx.read((c) => seriesRows(c, row.seriesId));
  return rows.filter((r) => r.segmentId === row.segmentId && (scope === 'ALL' || r.originalDate >= row.originalDate) && match(r)).length;
}

export async function cancelSessionMutation(ctx: RequestContext, input: CancelSessionInput): Promise<SessionBookingPayload> {
  requireViewer(ctx);
  const sessionId = sessionIdArg(input.sessionId, 'input.sessionId');
  checkReasonInput(input);
  const row = await authorizeCancelSession(ctx, sessionId);
  const now = ctx.services.clock();
  const count = await scopeCount(ctx, row, input.scope, (r) => !r.cancelled && r.startAt > now);
  await withFieldPrefix('input', () => ctx.execute(cancelSession, {
    seriesId: row.seriesId, occurrenceId: row.id, scope: input.scope, reason: input.reason?.trim() || null, deleted: input.deleteSession ?? false,
  }, { waitFor, ecosystemId: row.ecosystemId }));
  return { session: input.deleteSession ? null : await sessionLoader(ctx).load(row.id), count, conflicts: [] };
}

export async function restoreSessionMutation(ctx: RequestContext, input: RestoreSessionInput): Promise<SessionBookingPayload> {
  requireViewer(ctx);
  const row = await authorizeCancelSession(ctx, sessionIdArg(input.sessionId, 'input.sessionId'));
  const scope = input.scope ?? 'SINGLE';
  const count = await scopeCount(ctx, row, scope, (r) => r.cancelled);
  await withFieldPrefix('input', () => ctx.execute(restoreSession, { seriesId: row.seriesId, occurrenceId: row.id, scope }, { waitFor, ecosystemId: row.ecosystemId }));
  return { session: await sessionLoader(ctx).load(row.id), count, conflicts: [] };
}

export async function dropSessionMutation(ctx: RequestContext, input: DropSessionInput): Promise<SessionBookingPayload> {
  const viewer = requireViewer(ctx);
  const sessionId = sessionIdArg(input.sessionId, 'input.sessionId');
  const userId = input.userId ? rawId('User', input.userId, 'input.userId') : viewer.userId;
  checkReasonInput(input);
  const row = await authorizeDropParticipant(ctx, sessionId, userId);
  const scope = input.scope ?? 'SINGLE';
  const count = await scopeCount(ctx, row, scope, (r) => !r.cancelled);
  await withFieldPrefix('input', () => ctx.execute(dropSession, {
    seriesId: row.seriesId, occurrenceId: row.id, scope, userId, reason: input.reason?.trim() || null,
  }, { waitFor, ecosystemId: row.ecosystemId }));
  return { session: await sessionLoader(ctx).load(row.id), count, conflicts: [] };
}

export async function reserveSessionSeatMutation(ctx: RequestContext, input: ReserveSessionSeatInput): Promise<SessionBookingPayload> {
  const viewer = requireViewer(ctx);
  const sessionId = sessionIdArg(input.sessionId, 'input.sessionId');
  const userId = input.userId ? rawId('User', input.userId, 'input.userId') : viewer.userId;
  const row = await authorizeReserveSeat(ctx, sessionId, userId);
  const [me] = await participantsOf(ctx, row.ecosystemId, row.programId, [], [userId]);
  if (!me) throw ValidationError.forField('input.userId', sessionMessages.notFound);
  await withFieldPrefix('input', () => ctx.execute(reserveSessionSeat, {
    seriesId: row.seriesId, occurrenceId: row.id, userId, userType: me.userType, isPaired: me.isPaired,
  }, { waitFor, ecosystemId: row.ecosystemId }));
  return { session: await sessionLoader(ctx).load(row.id), count: 1, conflicts: [] };
}
