/** The one-time link mutations (schema/one-time.graphql, docs/decisions/0042). */
import { z } from 'zod';
import type { Resolvers } from '../../__generated__/resolvers';
import { confirmEmail } from './verify-email';

/** Generous for a 43-character token; longer input is refused before any work. */
const token = z.string().max(200);

export const oneTimeResolvers: Resolvers = {
  Mutation: {
    async verifyEmail(_root, args, ctx) {
      const input = z.object({ token }).parse(args);
      return confirmEmail(ctx.services.auth.oneTime, input.token.trim());
    },
  },
};
