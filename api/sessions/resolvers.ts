/** The sessions area's reads (schema/sessions.graphql, schema/session-lists.graphql; decision 0056). */
import type { Resolvers } from '../__generated__/resolvers';
import { registerNodeType } from '../relay';
import { visibleSession } from './access';
import { sessionFields, sessionParticipantFields } from './fields';
import { sessionIdArg } from './inputs';
import { hoursTutored, leadersInSessions, sessionsForParent, sessionsForUser, sessionsOfOverseer, upcomingDropIns } from './lists';

registerNodeType('Session', (ctx, id) => (ctx.viewer ? visibleSession(ctx, id) : Promise.resolve(null)));

export const sessionsResolvers: Resolvers = {
  Query: {
    getSession: (_root, args, ctx) => visibleSession(ctx, sessionIdArg(args.sessionId)),
    getSessionsForUser: (_root, args, ctx) => sessionsForUser(ctx, args.input),
    getSessionsForUserV2: (_root, args, ctx) => sessionsForUser(ctx, args.input),
    getSessionsForUserByFilter: (_root, args, ctx) => sessionsForUser(ctx, args.input),
    getAllEcosystemSessionsForUser: (_root, args, ctx) => sessionsForUser(ctx, args.input, { browsedOnly: true }),
    getSessionsForTeacher: (_root, args, ctx) => sessionsOfOverseer(ctx, args.input, 'TEACHER'),
    getSessionsForStaff: (_root, args, ctx) => sessionsOfOverseer(ctx, args.input, 'STAFF'),
    getSessionsForParent: (_root, args, ctx) => sessionsForParent(ctx, args.input),
    getUpcomingDropInSessions: (_root, args, ctx) => upcomingDropIns(ctx, args.isTutorContext ?? false, args.startDate ?? null, args.endDate ?? null),
    getIsUserLeaderInSessions: (_root, args, ctx) => leadersInSessions(ctx, args.userIds),
    getEcosystemHoursTutored: (_root, args, ctx) => hoursTutored(ctx, args.userId),
  },
  Session: sessionFields,
  SessionParticipant: sessionParticipantFields,
};
