/** The admin user tools area (schema/roster.graphql, decision 0049). */
import { rosterPolicy } from '../../domain/user/policy/roster';
import type { Resolvers } from '../__generated__/resolvers';
import { visibleUser } from '../families/loaders';
import { toGlobalId } from '../relay';
import { rosterQueries } from './queries';

export const rosterResolvers: Resolvers = {
  Query: rosterQueries,
  UserRosterConnection: { totalCount: (page) => page.count() },
  UserRosterEntry: {
    userId: (row) => toGlobalId('User', row.userId),
    user: (row, _args, ctx) => visibleUser(ctx, row.userId),
    email: (row, _args, ctx) => (rosterPolicy(ctx.viewer, 'list', row.ecosystemId) ? row.email : null),
    status: (row) => row.status as 'ACTIVATED',
    roles: (row) => row.roles as Array<'SUPER_ADMIN'>,
    programIds: (row) => row.programIds.map((id) => toGlobalId('Program', id)),
    joinedAt: (row) => row.joinedAt.toISOString(),
  },
};
