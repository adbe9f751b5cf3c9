/** Decisions of the Invitation aggregate: one small function per command, then `decide`. */
import type { CommandContext } from '../shared/decider';
import { IllegalStateError, ValidationError } from '../shared/errors';
import { isProgramRole } from '../user/events';
import type { AcceptInvitationInput, InvitationCommand, IssueInvitationInput, ReissueInvitationInput } from './commands';
import type { InvitationEvent } from './events';
import { invitationMessages } from './messages';
import type { InvitationState } from './state';

function assertFuture(expiresAt: string, ctx: CommandContext): void {
  if (Date.parse(expiresAt) <= Date.parse(ctx.now)) throw ValidationError.forField('expiresAt', invitationMessages.expiryInPast);
}

export function issueInvitation(input: IssueInvitationInput, state: InvitationState, ctx: CommandContext): InvitationEvent[] {
  if (state.status !== 'none') throw new IllegalStateError(invitationMessages.alreadyIssued, 'INVITATION_EXISTS');
  if (isProgramRole(input.role) !== (input.programId !== null)) {
    throw ValidationError.forField('programId', invitationMessages.programRoleNeedsProgram);
  }
  assertFuture(input.expiresAt, ctx);
  return [{ type: 'InvitationIssued', data: { ...input } }];
}

/** A resend mints a new token: the one sent before stops working at once. */
export function reissueInvitation(input: ReissueInvitationInput, state: InvitationState, ctx: CommandContext): InvitationEvent[] {
  if (state.status === 'none') throw new IllegalStateError(invitationMessages.notFound, 'INVITATION_NOT_FOUND');
  if (state.status === 'accepted') throw new IllegalStateError(invitationMessages.alreadyAccepted, 'INVITATION_ACCEPTED');
  assertFuture(input.expiresAt, ctx);
  return [{ type: 'InvitationReissued', data: { invitationId: state.invitationId, tokenHash: input.tokenHash, expiresAt: input.expiresAt, issue: state.issue + 1 } }];
}

/**
 * Used, expired, replaced and unknown tokens get one and the same answer, so a link's holder learns
 * nothing about why it fails (and a guesser nothing about which invitations exist).
 */
export function acceptInvitation(input: AcceptInvitationInput, state: InvitationState, ctx: CommandContext): InvitationEvent[] {
  const live = state.status === 'pending' && state.tokenHash === input.tokenHash && Date.parse(ctx.now) < Date.parse(state.expiresAt);
  if (!live) throw new IllegalStateError(invitationMessages.invalid, 'INVITE_INVALID');
  return [{ type: 'InvitationAccepted', data: { invitationId: state.invitationId, userId: state.userId } }];
}

export function decide(command: InvitationCommand, state: InvitationState, ctx: CommandContext): InvitationEvent[] {
  switch (command.type) {
    case 'IssueInvitation': return issueInvitation(command.data, state, ctx);
    case 'ReissueInvitation': return reissueInvitation(command.data, state, ctx);
    case 'AcceptInvitation': return acceptInvitation(command.data, state, ctx);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

/** Whether a presented token hash opens this invitation now (the join page's look-up asks this). */
export function isLive(state: InvitationState, tokenHash: string, now: string): state is Extract<InvitationState, { status: 'pending' }> {
  return state.status === 'pending' && state.tokenHash === tokenHash && Date.parse(now) < Date.parse(state.expiresAt);
}
