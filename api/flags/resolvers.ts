import { setFeatureFlag } from '../../domain/featureflags/flags';
import { NotFoundError } from '../../domain/shared/errors';
import type { Resolvers } from '../__generated__/resolvers';
import { authorize } from '../auth/policy';
import { apiMessages } from '../i18n/messages';

export const flagsResolvers: Resolvers = {
  Query: {
    featureFlags: (_root, _args, ctx) => ctx.services.flags.tree(),
  },
  Mutation: {
    async setFeatureFlag(_root, { name, value }, ctx) {
      authorize(ctx, { type: 'platform.configure' });
      await ctx.execute(setFeatureFlag, { name, value });
      // The bus has appended; the local service learns of it through its subscription, but the
      // payload must show the new value now.
      const node = ctx.services.flags.find(name);
      if (!node) throw new NotFoundError(apiMessages.featureFlagNotFound);
      return { ...node, value };
    },
  },
};
