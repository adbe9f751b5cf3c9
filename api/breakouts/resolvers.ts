/**
 * getUpcomingBreakoutSessionsV2 (schema/breakouts.graphql). Breakout rooms are ONE_ON_ONE_BREAKOUT
 * sessions (decision 0061): each its own booking with its own meeting room. The list walks the
 * participant rows of the reader (leading, in tutor context) or of the reader and their linked
 * children (taking part), under row-level security, and shows only what the session policy lets
 * the reader see.
 */
import { listSessions, type SessionRow } from '../../projections/sessions';
import type { Resolvers } from '../__generated__/resolvers';
import type { RequestContext } from '../context';
import { sessionViewer, visibleSession } from '../sessions/access';
import { primeSessions } from '../sessions/loaders';

/** No pages: the soonest 50, a week or two of a busy program's rooms. */
export const BREAKOUT_LIMIT = 50;

export async function upcomingBreakouts(ctx: RequestContext, isTutorContext: boolean): Promise<SessionRow[]> {
  const viewer = await sessionViewer(ctx);
  const self = viewer.principal.userId;
  const parentIn = new Set(viewer.principal.roles.filter((r) => r.role === 'PARENT').map((r) => r.ecosystemId));
  const children = viewer.children.filter((c) => parentIn.has(c.ecosystemId)).map((c) => c.childId);
  const userIds = isTutorContext ? [self] : [...new Set([self, ...children])];
  const { rows } = await ctx.read((client) => listSessions(client, {
    scope: { all: true }, userIds, leadersOnly: isTutorContext, status: 'UPCOMING', now: ctx.services.clock(),
    sessionTypes: ['ONE_ON_ONE_BREAKOUT'], pageNumber: 1, pageSize: BREAKOUT_LIMIT,
  }));
  primeSessions(ctx, rows);
  const seen = await Promise.all(rows.map((r) => visibleSession(ctx, r.id)));
  return seen.filter((r): r is SessionRow => r !== null);
}

export const breakoutResolvers: Resolvers = {
  Query: {
    getUpcomingBreakoutSessionsV2: (_root, args, ctx) => upcomingBreakouts(ctx, args.isTutorContext ?? false),
  },
};
