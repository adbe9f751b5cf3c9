/** The admin user tools area (schema/roster.graphql, decision 0049). */
import { rosterPolicy } from '../../domain/user/policy/roster';
import type { Resolvers } from '../__generated__/resolvers';
import { visibleUser } from '../families/loaders';
import { toGlobalId } from '../relay';
import { rosterQueries } from './queries';
import { archiveOneOrMany, updatePermissions } from './actions';
import { adminSavePassword } from './password';
import { archiveAll, bulkJob, updateAllPermissions } from './bulk';
import { toBatchJob } from '../jobs/mapping';
import { sendFollowUp } from './follow-up';
import { adminSaveEmail, adminSavePhone } from './contact';

export const rosterResolvers: Resolvers = {
  Query: {
    ...rosterQueries,
    getUserBulkJob: async (_root, args, ctx) => {
      const row = await bulkJob(ctx, args.jobId);
      return row ? toBatchJob(row) : null;
    },
  },
  Mutation: {
    adminArchiveOneOrManyUser: (_root, args, ctx) => archiveOneOrMany(ctx, args.ecosystemId, args.userIds),
    updateOneOrManyUserPermissions: (_root, args, ctx) => updatePermissions(ctx, args.ecosystemId, args.userIds, args.changes),
    adminSaveEcosystemUserPassword: (_root, args, ctx) => adminSavePassword(ctx, args.userId, args.password),
    adminSaveEcosystemUserEmail: (_root, args, ctx) => adminSaveEmail(ctx, args),
    adminSaveEcosystemUserPhone: (_root, args, ctx) => adminSavePhone(ctx, args),
    sendErrorMessageFollowUpToUser: (_root, args, ctx) => sendFollowUp(ctx, args),
    adminArchiveAllUser: async (_root, args, ctx) => toBatchJob(await archiveAll(ctx, args)),
    adminUpdateAllUserPermissions: async (_root, args, ctx) => toBatchJob(await updateAllPermissions(ctx, args)),
  },
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
