/** The people area: User and Profile fields and the profile mutations (schema/people.graphql). */
import type { Resolvers } from '../__generated__/resolvers';
import { peopleFieldResolvers } from './fields';
import {
  editPrimaryInfoMutation, editTimeZoneIdMutation, editTimezoneCooldownInfoMutation, editUserPropertiesMutation, genericUpdateUserMutation,
  updateUserMutation,
} from './mutations';

export const peopleResolvers: Resolvers = {
  ...peopleFieldResolvers,
  Mutation: {
    updateUser: (_root, args, ctx) => updateUserMutation(ctx, args.input),
    genericUpdateUser: (_root, args, ctx) => genericUpdateUserMutation(ctx, args.userId, args.input),
    editPrimaryInfo: (_root, args, ctx) => editPrimaryInfoMutation(ctx, args.userId, args.input),
    editUserProperties: (_root, args, ctx) => editUserPropertiesMutation(ctx, args),
    editTimeZoneId: (_root, args, ctx) => editTimeZoneIdMutation(ctx, args.timeZoneId, args.userId),
    editTimezoneCooldownInfo: (_root, args, ctx) => editTimezoneCooldownInfoMutation(ctx, args.input),
  },
};
