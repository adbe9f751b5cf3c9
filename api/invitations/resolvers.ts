/** The invitations area (schema/invitations.graphql, docs/decisions/0040). */
import type { Resolvers } from '../__generated__/resolvers';
import { userIdArg } from '../people/target';
import { uuidArg } from '../tenants/access';
import { activateFromInvite, invitedUserByToken, loginPayload } from './activate';
import { activationInput, inviteeOf } from './inputs';
import { inviteFromFile } from './file';
import { pendingInvitations } from './pending';
import { inviteOne, resendInvite, toInvitation } from './invite';
import { translate } from '../i18n/catalogue';
import { toBatchJob } from '../jobs/mapping';

export const invitationsResolvers: Resolvers = {
  Query: {
    getInvitedUserByToken: (_root, args, ctx) => invitedUserByToken(ctx, args.token.slice(0, 200)),
    getPendingInvitations: (_root, args, ctx) => pendingInvitations(ctx, uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId'), args),
  },
  Mutation: {
    inviteUser: async (_root, args, ctx) => toInvitation(await inviteOne(ctx, inviteeOf(args.input, ctx.locale))),
    inviteUsersFromFile: async (_root, args, ctx) => {
      const outcome = await inviteFromFile(ctx, uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId'), args.csv);
      return {
        rowCount: outcome.rowCount,
        rowErrors: outcome.rowErrors.map((e) => ({ row: e.row, column: e.column, message: translate(e.message, ctx.locale) })),
        invited: outcome.invited.map(toInvitation),
        job: outcome.job ? toBatchJob(outcome.job) : null,
      };
    },
    resendInviteEmail: async (_root, args, ctx) =>
      toInvitation(await resendInvite(ctx, userIdArg(args.userId, 'userId'), uuidArg('Ecosystem', args.ecosystemId, 'ecosystemId'))),
    activateAccountFromInvite: async (_root, args, ctx) => loginPayload(await activateFromInvite(ctx, activationInput.parse(args))),
  },
};
