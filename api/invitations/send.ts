/**
 * The invite e-mail (template INVITE, domain/message/templates) in the invitee's language, with
 * the ecosystem's name and terms. Keyed by invitation and issue, so a retried request sends
 * nothing twice while each resend (a new issue, a new link) sends once.
 */
import { ecosystemAggregate } from '../../domain/ecosystem/state';
import type { IssuedInvitation } from '../../domain/invitation/state';
import type { GrantableRole } from '../../domain/user/events';
import { loadAccount } from '../../projections/users';
import type { RequestContext } from '../context';
import { sendMessageFromRequest } from '../messages/send';
import { inviteLink } from './links';

const TUTOR_ROLES: ReadonlySet<GrantableRole> = new Set(['LEADER', 'TEACHER']);
const TUTEE_ROLES: ReadonlySet<GrantableRole> = new Set(['PUPIL', 'STUDENT']);

function roleTerm(role: GrantableRole): 'tutor' | 'tutee' | null {
  if (TUTOR_ROLES.has(role)) return 'tutor';
  return TUTEE_ROLES.has(role) ? 'tutee' : null;
}

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
  await sendMessageFromRequest(ctx, {
    ecosystemId: invitation.ecosystemId, channel: 'EMAIL', kind: 'INVITE', language: invitation.language,
    to: invitation.email, recipientUserId: invitation.userId,
    params: { url: inviteLink(ctx.services.config, token), inviterName: await inviterName(ctx), role: roleTerm(invitation.role) },
    brand: { ecosystemName, tutorTerm, tuteeTerm, moduleTerm },
    idempotencyKey: `invite/${invitation.invitationId}/${invitation.issue}`,
  });
}
