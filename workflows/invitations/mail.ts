/**
 * The invite e-mail's request (template INVITE, domain/message/templates), shared by inviteUser
 * in the API and the invitation-file job: the invitee's language, the ecosystem's name and terms,
 * and a key per invitation and issue, so a retry sends nothing twice while each resend (a new
 * issue, a new link) sends once.
 */
import type { IssuedInvitation } from '../../domain/invitation/state';
import type { BrandInput } from '../../domain/message/templates';
import type { GrantableRole } from '../../domain/user/events';
import type { SendMessageRequest } from '../messages/send';

const TUTOR_ROLES: ReadonlySet<GrantableRole> = new Set(['LEADER', 'TEACHER']);
const TUTEE_ROLES: ReadonlySet<GrantableRole> = new Set(['PUPIL', 'STUDENT']);

export function roleTerm(role: GrantableRole): 'tutor' | 'tutee' | null {
  if (TUTOR_ROLES.has(role)) return 'tutor';
  return TUTEE_ROLES.has(role) ? 'tutee' : null;
}

export function inviteMailRequest(invitation: IssuedInvitation, url: string, inviterName: string | null, brand: BrandInput): SendMessageRequest<'INVITE'> {
  return {
    ecosystemId: invitation.ecosystemId, channel: 'EMAIL', kind: 'INVITE', language: invitation.language,
    to: invitation.email, recipientUserId: invitation.userId,
    params: { url, inviterName, role: roleTerm(invitation.role) },
    brand,
    idempotencyKey: `invite/${invitation.invitationId}/${invitation.issue}`,
  };
}
