/** A leader's check-in and check-out (schema/session-attendance.graphql; decision 0066). */
import type { Resolvers } from '../__generated__/resolvers';
import { checkInOutMutation, viewerCanCheckIn } from './checkin';
import { participantsOf } from './loaders';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const sessionCheckInResolvers: Resolvers = {
  Session: {
    viewerCanCheckIn: async (s, _args, ctx) => viewerCanCheckIn(ctx, s, await participantsOf(ctx, s.id)),
  },
  SessionParticipant: {
    checkedInTime: (p) => iso(p.checkedInTime),
    checkedOutTime: (p) => iso(p.checkedOutTime),
  },
  Mutation: {
    checkInToSession: (_root, args, ctx) => checkInOutMutation(ctx, args.input, 'in'),
    checkOutOfSession: (_root, args, ctx) => checkInOutMutation(ctx, args.input, 'out'),
  },
};
