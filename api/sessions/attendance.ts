/**
 * trackJoinedOnlineLesson (spec section 7: tuteeId, tutorId, sessionId and participantType, with
 * isFallbackJoin): the join button's own call, recording when a participant joined (and, with
 * `left`, when they left) an online session. Decision 0055 records the rules:
 * - who: the person named by participantType (tutorId for leaders, tuteeId for learners; the viewer
 *   when neither is given) must be the viewer, or a child the viewer is the linked parent of;
 * - when: from the program's sessionJoinMinutesPrior before the start until the end (leaving is
 *   recorded until 24 hours after it), and only on the session's own day when the ecosystem has
 *   onlyJoinSessionsToday;
 * - the server's clock gives the time: a client cannot claim to have been there earlier.
 */
import { DateTime } from 'luxon';
import { recordSessionAttendance } from '../../domain/session/handlers';
import type { ParticipantType } from '../../domain/session/model';
import { ForbiddenError, IllegalStateError } from '../../domain/shared/errors';
import { SESSIONS_PROJECTION, type SessionRow } from '../../projections/sessions';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { loaders } from '../tenants/loaders';
import { sessionViewer, visibleSession } from './access';
import { rawId } from './conflict-resolvers';
import { sessionIdArg } from './inputs';
import { sessionLoader } from './loaders';
import { sessionMutationMessages as m } from './mutation-messages';
import { isParentOf } from '../../domain/session/policy';

const LEADERS: readonly ParticipantType[] = ['TUTOR', 'TEACHER', 'STAFF', 'ADMIN'];
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TrackJoinArgs {
  sessionId: string;
  participantType: ParticipantType;
  tutorId?: string | null;
  tuteeId?: string | null;
  isFallbackJoin?: boolean | null;
  left?: boolean | null;
}

/** Whether `now` is inside the session's join window; throws the reason when not. */
async function checkWindow(ctx: RequestContext, row: SessionRow, now: Date, leaving: boolean): Promise<void> {
  if (row.location === 'IN_PERSON' && row.meetingSolution === 'IN_PERSON') throw new IllegalStateError(m.joinNotOnline, 'NOT_ONLINE');
  const { programs, ecosystems } = loaders(ctx);
  const [program, ecosystem] = await Promise.all([programs.load(row.programId), ecosystems.load(row.ecosystemId)]);
  const prior = program?.sessions.sessionJoinMinutesPrior ?? 10;
  if (leaving) {
    if (now.getTime() > row.endAt.getTime() + DAY_MS) throw new IllegalStateError(m.joinEnded, 'ENDED');
    return;
  }
  if (now.getTime() >= row.endAt.getTime()) throw new IllegalStateError(m.joinEnded, 'ENDED');
  if (now.getTime() < row.startAt.getTime() - prior * 60_000) throw new IllegalStateError(m.joinTooEarly({ minutes: prior }), 'TOO_EARLY');
  if (ecosystem?.sessionSettings.onlyJoinSessionsToday && DateTime.fromJSDate(now).setZone(row.timeZoneId).toISODate() !== row.date) {
    throw new IllegalStateError(m.joinOnlyToday, 'NOT_TODAY');
  }
}

export async function trackJoinedOnlineLessonMutation(ctx: RequestContext, args: TrackJoinArgs): Promise<SessionRow> {
  const viewer = requireViewer(ctx);
  const sessionId = sessionIdArg(args.sessionId);
  const tutorId = args.tutorId ? rawId('User', args.tutorId, 'tutorId') : null;
  const tuteeId = args.tuteeId ? rawId('User', args.tuteeId, 'tuteeId') : null;
  const userId = (LEADERS.includes(args.participantType) ? tutorId : tuteeId) ?? viewer.userId;
  const row = await visibleSession(ctx, sessionId);
  if (!row) throw new ForbiddenError();
  if (userId !== viewer.userId && !isParentOf(await sessionViewer(ctx), row.ecosystemId, userId)) throw new ForbiddenError(m.joinOthers);
  const now = ctx.services.clock();
  await checkWindow(ctx, row, now, args.left === true);
  const at = now.toISOString();
  await ctx.execute(recordSessionAttendance, {
    seriesId: row.seriesId, occurrenceId: row.id, userId,
    joinedTime: args.left ? null : at, leftTime: args.left ? at : null, isFallbackJoin: args.isFallbackJoin ?? false,
  }, { waitFor: [SESSIONS_PROJECTION], ecosystemId: row.ecosystemId });
  const fresh = await sessionLoader(ctx).load(row.id);
  if (!fresh) throw new ForbiddenError();
  return fresh;
}
