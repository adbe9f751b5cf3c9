/**
 * checkInToSession and checkOutOfSession (schema/session-attendance.graphql, decision 0066): a
 * leader's own check-in and check-out where the program's tutorSelfCheckInOut allows it. Checks in
 * the order of decision 0062: the shape of the input (BAD_USER_INPUT), who may ask (FORBIDDEN, the
 * same for a session that does not exist or is not to be seen), the program's switch, the time
 * window (CONFLICT with why), then the command, which decides what depends on the booking's state
 * (a leader of it, not cancelled, check-out after check-in; a repeat records nothing).
 */
import { checkInToSession, checkOutOfSession } from '../../domain/session/handlers';
import { canRecordCheckIn, checkInMessages as c, checkInWindowRefusal, type CheckAction } from '../../domain/session/checkin-rules';
import { isSessionAdmin } from '../../domain/session/policy';
import { ForbiddenError, IllegalStateError } from '../../domain/shared/errors';
import { SESSIONS_PROJECTION, type SessionRow } from '../../projections/sessions';
import type { SessionCheckInInput } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { loaders } from '../tenants/loaders';
import { sessionViewer, visibleSession } from './access';
import { rawId } from './conflict-resolvers';
import { sessionIdArg } from './inputs';
import { participantsOf, sessionLoader } from './loaders';

interface CheckInRequest { sessionId: string; userId: string; time: string | null }

function checkInRequest(ctx: RequestContext, input: SessionCheckInInput): CheckInRequest {
  const viewer = requireViewer(ctx);
  return {
    sessionId: sessionIdArg(input.sessionId, 'input.sessionId'),
    userId: input.userId ? rawId('User', input.userId, 'input.userId') : viewer.userId,
    // The DateTime scalar has checked the form; the domain compares normalised instants.
    time: input.time ? new Date(Date.parse(input.time)).toISOString() : null,
  };
}

/** The session if the viewer may record this check-in or check-out; FORBIDDEN (with why) otherwise. */
async function authorizeCheckIn(ctx: RequestContext, req: CheckInRequest): Promise<SessionRow> {
  const row = await visibleSession(ctx, req.sessionId);
  if (!row) throw new ForbiddenError();
  const [viewer, people] = await Promise.all([sessionViewer(ctx), participantsOf(ctx, row.id)]);
  const leads = people.some((p) => p.isLeader && p.userId === viewer.principal.userId);
  const actor = { viewerId: viewer.principal.userId, isAdmin: isSessionAdmin(viewer.principal, row) };
  const verdict = canRecordCheckIn(actor, req.userId, req.time !== null, leads);
  if (!verdict.allowed) throw new ForbiddenError(verdict.message);
  return row;
}

/** Refuses a program without tutor check-in, and a time outside the window (an admin's correction: its own time, any day). */
async function checkWindow(ctx: RequestContext, row: SessionRow, req: CheckInRequest, action: CheckAction): Promise<void> {
  const { programs, ecosystems } = loaders(ctx);
  const [program, ecosystem] = await Promise.all([programs.load(row.programId), ecosystems.load(row.ecosystemId)]);
  if (!program?.tutorSelfCheckInOut) throw new ForbiddenError(c.notAllowed);
  const window = {
    startAt: row.startAt.toISOString(), endAt: row.endAt.toISOString(), date: row.date, timeZoneId: row.timeZoneId,
    minutesPrior: program.sessions.sessionJoinMinutesPrior, onlyToday: req.time === null && (ecosystem?.sessionSettings.onlyJoinSessionsToday ?? false),
  };
  const refusal = checkInWindowRefusal(window, req.time ?? ctx.services.clock().toISOString(), action);
  if (refusal) throw new IllegalStateError(refusal.message, refusal.code);
}

export async function checkInOutMutation(ctx: RequestContext, input: SessionCheckInInput, action: CheckAction): Promise<SessionRow> {
  const req = checkInRequest(ctx, input);
  const row = await authorizeCheckIn(ctx, req);
  await checkWindow(ctx, row, req, action);
  await ctx.execute(action === 'in' ? checkInToSession : checkOutOfSession, {
    seriesId: row.seriesId, occurrenceId: row.id, userId: req.userId, time: req.time,
  }, { waitFor: [SESSIONS_PROJECTION], ecosystemId: row.ecosystemId });
  const fresh = await sessionLoader(ctx).load(row.id);
  if (!fresh) throw new ForbiddenError();
  return fresh;
}

/** Session.viewerCanCheckIn: the viewer leads this session, it is not cancelled, and the program lets tutors check in. */
export async function viewerCanCheckIn(ctx: RequestContext, row: SessionRow, leaders: readonly { userId: string; isLeader: boolean }[]): Promise<boolean> {
  const viewer = requireViewer(ctx);
  if (row.cancelled || !leaders.some((p) => p.isLeader && p.userId === viewer.userId)) return false;
  const program = await loaders(ctx).programs.load(row.programId);
  return program?.tutorSelfCheckInOut ?? false;
}
