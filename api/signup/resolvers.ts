/** Sign-up and applications (schema/signup.graphql, docs/decisions/0044). */
import { findApplication } from '../../projections/applications';
import type { Resolvers } from '../__generated__/resolvers';
import { registerNodeType } from '../relay';
import { userApplicationsQuery } from './list';
import { flowFor, signupEcosystem, signupFlowView, WAIVER_VERSION } from './options';
import { acceptWaiverMutation, myApplication, saveDraftMutation, submitMutation } from './own';
import { sendBackgroundCheckReminderMutation, updateUserApplicationMutation } from './review';
import { signUpMutation } from './signup';
import { createSignupLeadMutation, leadLookup } from './leads';
import { signupLeadsQuery } from './leads-list';
import { toGlobalId } from '../relay';
import { viewOfRow } from './view';
import { NotFoundError } from '../../domain/shared/errors';

registerNodeType('UserApplication', async (ctx, id) => {
  const row = await ctx.read((c) => findApplication(c, id));
  return row ? viewOfRow(row) : null;
});

async function signupOptions(ctx: Parameters<typeof signupEcosystem>[0], profileId: string) {
  try {
    const { ecosystemId, details } = await signupEcosystem(ctx, profileId);
    return {
      ecosystemId: toGlobalId('Ecosystem', ecosystemId),
      tutor: signupFlowView(flowFor(details, 'TUTOR')),
      parent: signupFlowView(flowFor(details, 'PARENT')),
      studentSignupEnabled: details.landing.studentSignupEnabled,
      waiverVersion: WAIVER_VERSION,
    };
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

export const signupResolvers: Resolvers = {
  Query: {
    getSignupOptions: (_root, args, ctx) => signupOptions(ctx, args.profileId),
    getMyApplication: (_root, args, ctx) => myApplication(ctx, args.ecosystemId),
    getHubSpotEmailSignup: (_root, args, ctx) => leadLookup(ctx, args.ticketId),
    getUserApplications: (_root, args, ctx) => userApplicationsQuery(ctx, args.input, args),
    signupLeads: (_root, args, ctx) => signupLeadsQuery(ctx, args),
  },
  Mutation: {
    signUp: (_root, args, ctx) => signUpMutation(ctx, args.input),
    createSignupLead: (_root, args, ctx) => createSignupLeadMutation(ctx, args.input),
    saveApplicationDraft: (_root, args, ctx) => saveDraftMutation(ctx, args.ecosystemId, args.draft),
    submitApplication: (_root, args, ctx) => submitMutation(ctx, args.ecosystemId),
    acceptWaiver: (_root, args, ctx) => acceptWaiverMutation(ctx, args.ecosystemId, args.version),
    updateUserApplication: (_root, args, ctx) => updateUserApplicationMutation(ctx, args.input),
    sendBackgroundCheckReminder: (_root, args, ctx) => sendBackgroundCheckReminderMutation(ctx, args.applicationId),
  },
};
