/** The families area (schema/families.graphql, decision 0048). */
import type { Resolvers } from '../__generated__/resolvers';
import { idOf } from '../relay';
import { linkFamilyMemberMutation, unlinkFamilyMemberMutation } from './mutations';
import { familyConnection, getFamilyConnections, getUserConnections, hasConnections, readableLinks } from './queries';
import { visibleUser } from './loaders';

export const familiesResolvers: Resolvers = {
  Query: {
    getFamilyConnections: (_root, args, ctx) => getFamilyConnections(ctx, args.userId),
    getUserConnections: (_root, args, ctx) => getUserConnections(ctx, args.userId),
    hasConnections: (_root, _args, ctx) => hasConnections(ctx),
  },
  Mutation: {
    linkFamilyMember: (_root, args, ctx) => linkFamilyMemberMutation(ctx, args.input),
    unlinkFamilyMember: (_root, args, ctx) => unlinkFamilyMemberMutation(ctx, args.input),
  },
  FamilyConnection: { user: (c, _args, ctx) => visibleUser(ctx, idOf('User', c.userId)) },
  UserConnection: { user: (c, _args, ctx) => visibleUser(ctx, idOf('User', c.userId)) },
  Profile: {
    familyConnections: async (user, _args, ctx) => {
      const { links } = await readableLinks(ctx, user.id);
      return links.map((link) => familyConnection(user.id, link));
    },
    students: async (user, _args, ctx) => {
      const { links } = await readableLinks(ctx, user.id);
      const children = await Promise.all(links.filter((l) => l.parentId === user.id).map((l) => visibleUser(ctx, l.childId)));
      return children.filter((c) => c !== null);
    },
  },
};
