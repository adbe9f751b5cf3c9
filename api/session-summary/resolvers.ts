/** schema/session-summary.graphql (docs/decisions/0063). */
import type { Resolvers } from '../__generated__/resolvers';
import { addEditRemoveProgramsProperty } from './properties';
import { completedSessionSummary } from './summary';

export const sessionSummaryResolvers: Resolvers = {
  Query: {
    getCompletedSessionSummaryV3: (_root, args, ctx) => completedSessionSummary(ctx, args.input),
  },
  Mutation: {
    addEditRemoveProgramsSessionsProperty: (_root, args, ctx) => addEditRemoveProgramsProperty(ctx, args.programIds, args.sessionPropertyInput),
  },
};
