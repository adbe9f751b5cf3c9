/** The sessions area's mutations and the session's activity trail (schema/sessions.graphql; decisions 0055-0057). */
import type { Resolvers } from '../__generated__/resolvers';
import { sessionActivity } from './activity';
import { trackJoinedOnlineLessonMutation } from './attendance';
import {
  cancelSessionMutation, createSessionMutation, dropSessionMutation, editSessionMutation, reserveSessionSeatMutation, restoreSessionMutation,
} from './mutations';

export const sessionMutationResolvers: Resolvers = {
  Query: {
    getSessionActivityBreadcrumbs: (_root, args, ctx) => sessionActivity(ctx, args.sessionId),
  },
  Mutation: {
    createSession: (_root, args, ctx) => createSessionMutation(ctx, args.input),
    editSessionV3: (_root, args, ctx) => editSessionMutation(ctx, args.input),
    cancelSessionV3: (_root, args, ctx) => cancelSessionMutation(ctx, args.input),
    restoreSession: (_root, args, ctx) => restoreSessionMutation(ctx, args.input),
    dropSession: (_root, args, ctx) => dropSessionMutation(ctx, args.input),
    reserveSessionSeat: (_root, args, ctx) => reserveSessionSeatMutation(ctx, args.input),
    trackJoinedOnlineLesson: (_root, args, ctx) => trackJoinedOnlineLessonMutation(ctx, args),
  },
};
