/**
 * Inputs of the invitation commands. The domain never sees a token: the API mints it, hashes it
 * and states the hash; the aggregate decides whether a presented hash is the live one.
 */
import { z } from 'zod';
import { invitationIssuedSchema, tokenHashSchema } from './events';

export const issueInvitationInput = invitationIssuedSchema;
export type IssueInvitationInput = z.infer<typeof issueInvitationInput>;

export const reissueInvitationInput = z.object({
  invitationId: z.uuid(),
  tokenHash: tokenHashSchema,
  expiresAt: z.iso.datetime({ offset: true }),
});
export type ReissueInvitationInput = z.infer<typeof reissueInvitationInput>;

export const acceptInvitationInput = z.object({ invitationId: z.uuid(), tokenHash: tokenHashSchema });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;

export type InvitationCommand =
  | { type: 'IssueInvitation'; data: IssueInvitationInput }
  | { type: 'ReissueInvitation'; data: ReissueInvitationInput }
  | { type: 'AcceptInvitation'; data: AcceptInvitationInput };
