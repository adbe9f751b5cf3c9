/** Session completion and post-session feedback (schema/session-feedback.graphql; decision 0074). */
import type { Resolvers } from '../__generated__/resolvers';
import { toGlobalId } from '../relay';
import { completedSessionsWithoutFeedback, editPostSessionFeedback } from './feedback';

export const sessionFeedbackResolvers: Resolvers = {
  SessionParticipant: {
    hasPendingFeedback: (p) => p.hasPendingFeedback,
    feedbackSubmitDate: (p) => (p.feedbackSubmittedAt ? p.feedbackSubmittedAt.toISOString() : null),
    feedbackSubmitBy: (p) => (p.feedbackSubmittedBy ? toGlobalId('User', p.feedbackSubmittedBy) : null),
  },
  Query: {
    getCompletedSessionsWithoutFeedback: (_root, args, ctx) => completedSessionsWithoutFeedback(ctx, args.selectedFilters),
  },
  Mutation: {
    editPostSessionFeedback: (_root, args, ctx) => editPostSessionFeedback(ctx, args.input),
  },
};
