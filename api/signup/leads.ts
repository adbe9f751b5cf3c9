/**
 * Sign-up tickets (docs/decisions/0045): admins create a lead with a ticket link; the link's page
 * looks the lead up (getHubSpotEmailSignup: the spec's name for the sign-up lead look-up, there is
 * no HubSpot here) and opens the sign-up pre-filled; signing up uses the ticket once.
 */
import { randomBytes } from 'node:crypto';
import { createSignupLead, isUsable, leadKey, signupLeadAggregate, useSignupLead, type LeadRecord } from '../../domain/application/lead/lead';
import { leadMessages } from '../../domain/application/lead/messages';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/shared/errors';
import { applicationPolicy } from '../../domain/user/policy/application';
import type { SignupLeadInput } from '../__generated__/resolvers';
import { requireViewer } from '../auth/policy';
import type { RequestContext } from '../context';
import { ecosystemIdArg } from './own';
import { publicUrl } from './options';
import { signupApiMessages } from './messages';
import { SIGNUP_LEADS_PROJECTION } from '../../projections/signupleads';

/** How long a ticket link works. */
const TICKET_DAYS = 30;
const TICKET = /^[A-Za-z0-9_-]{22,64}$/;

export async function createSignupLeadMutation(ctx: RequestContext, input: SignupLeadInput) {
  const viewer = requireViewer(ctx);
  const ecosystemId = ecosystemIdArg(input.ecosystemId, 'input.ecosystemId');
  if (!applicationPolicy(viewer, 'createLead', { ecosystemId, userId: '' })) throw new ForbiddenError();
  const ticketId = randomBytes(24).toString('base64url');
  const expiresAt = new Date(ctx.services.clock().getTime() + TICKET_DAYS * 86_400_000).toISOString();
  const { ecosystemId: _e, ...lead } = input;
  try {
    await ctx.execute(createSignupLead, { ...lead, ticketId, leadId: ctx.newId('lead'), ecosystemId, expiresAt }, { ecosystemId, waitFor: [SIGNUP_LEADS_PROJECTION] });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    throw new ValidationError(err.userMessage, Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [`input.${k}`, v])));
  }
  return { ticketId, url: publicUrl(ctx, `/su/h/${ticketId}`), expiresAt };
}

/** The lead behind a ticket while it can be used; null otherwise (one answer for unknown, used and expired). */
export async function usableLead(ctx: RequestContext, ticketId: string): Promise<LeadRecord | null> {
  if (!TICKET.test(ticketId)) return null;
  const state = await ctx.loadAggregate(signupLeadAggregate, leadKey(ticketId));
  return isUsable(state, ctx.services.clock().toISOString()) ? state : null;
}

export async function leadLookup(ctx: RequestContext, ticketId: string) {
  const lead = await usableLead(ctx, ticketId);
  if (!lead) return null;
  const r = await ctx.read((c) => c.query<{ profile_id: string }>('SELECT profile_id FROM read.ecosystem_profiles WHERE ecosystem_id = $1 AND NOT archived', [lead.ecosystemId]));
  if (!r.rows[0]) return null;
  return {
    profileId: r.rows[0].profile_id, firstName: lead.firstName, lastName: lead.lastName, email: lead.email, phoneNumber: lead.phoneNumber,
    applicantType: lead.applicantType, clientProfileType: lead.clientProfileType, subject: lead.subject, tutorProfileId: null, status: lead.status,
    leadSource: lead.leadSource,
  };
}

/** The lead a sign-up names, checked before anything is written: usable, and of this ecosystem. */
export async function leadForSignup(ctx: RequestContext, ticketId: string | null | undefined, ecosystemId: string): Promise<string | null> {
  if (!ticketId) return null;
  const lead = await usableLead(ctx, ticketId);
  if (!lead) throw new NotFoundError(leadMessages.invalid);
  if (lead.ecosystemId !== ecosystemId) throw ValidationError.forField('input.ticketId', signupApiMessages.ticketOtherEcosystem);
  return lead.leadId;
}

export async function markLeadUsed(ctx: RequestContext, ticketId: string, userId: string): Promise<void> {
  await ctx.execute(useSignupLead, { ticketId, userId });
}
