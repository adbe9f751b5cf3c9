/**
 * The invite e-mail (template INVITE, domain/message/templates) in the invitee's language, with
 * the ecosystem's name and terms. Keyed by invitation and issue, so a retried request sends
 * nothing twice while each resend (a new issue, a new link) sends once.
 */
import { ecosystemAggregate } from '../../domain/ecosystem/state';
import type { IssuedInvitation } from '../../domain/invitation/state';
import { loadAccount } from '../../projections/users';
import type { RequestContext } from '../context';
import { sendMessageFromRequest } from '../messages/send';
import { inviteMailRequest } from '../../workflows/invitations/mail';
import { inviteLink } from './links';

export interface EcosystemBrand {
  ecosystemName: string | null;
  tutorTerm: string | null;
  tuteeTerm: string | null;
  moduleTerm: string | null;
  MFAEnabled: boolean;
  active: boolean;
}

/** The ecosystem's name and terms from its stream: readable before anyone signed in, and never stale. */
export async function brandOf(ctx: RequestContext, ecosystemId: string): Promise<EcosystemBrand> {
  const state = await ctx.loadAggregate(ecosystemAggregate, ecosystemId);
  if (state.status === 'none') return { ecosystemName: null, tutorTerm: null, tuteeTerm: null, moduleTerm: null, MFAEnabled: false, active: false };
  const d = state.details;
  return { ecosystemName: d.name, tutorTerm: d.tutorTerm, tuteeTerm: d.tuteeTerm, moduleTerm: d.moduleTerm, MFAEnabled: d.MFAEnabled, active: state.status === 'active' };
}

async function inviterName(ctx: RequestContext): Promise<string | null> {
  const viewer = ctx.viewer;
  if (!viewer) return null;
  const account = await ctx.read((c) => loadAccount(c, viewer.userId));
  return account ? `${account.firstName} ${account.lastName}`.trim() || null : null;
}

export async function sendInviteEmail(ctx: RequestContext, invitation: IssuedInvitation, token: string): Promise<void> {
  const { ecosystemName, tutorTerm, tuteeTerm, moduleTerm } = await brandOf(ctx, invitation.ecosystemId);
  const url = inviteLink(ctx.services.config, token);
  await sendMessageFromRequest(ctx, inviteMailRequest(invitation, url, await inviterName(ctx), { ecosystemName, tutorTerm, tuteeTerm, moduleTerm }));
}
