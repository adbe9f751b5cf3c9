/** State of one invitation, folded from `invitation-<invitationId>`. */
import type { Aggregate } from '../shared/decider';
import type { GrantableRole } from '../user/events';
import { invitationEventSchemas, type InvitationEvent } from './events';

export interface IssuedInvitation {
  invitationId: string;
  ecosystemId: string;
  programId: string | null;
  role: GrantableRole;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  language: 'en' | 'es';
  /** The hash of the one token that works now; an earlier issue's token no longer does. */
  tokenHash: string;
  expiresAt: string;
  /** 1 when first sent, then one more per resend. */
  issue: number;
}

export type InvitationState =
  | { status: 'none' }
  | ({ status: 'pending' } & IssuedInvitation)
  | ({ status: 'accepted' } & IssuedInvitation);

export const initialInvitationState: InvitationState = { status: 'none' };

export function evolve(state: InvitationState, event: InvitationEvent): InvitationState {
  switch (event.type) {
    case 'InvitationIssued': {
      const { invitedBy: _invitedBy, ...rest } = event.data;
      return { status: 'pending', ...rest, issue: 1 };
    }
    case 'InvitationReissued':
      return state.status === 'pending'
        ? { ...state, tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt, issue: event.data.issue }
        : state;
    case 'InvitationAccepted':
      return state.status === 'pending' ? { ...state, status: 'accepted' } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const invitationAggregate: Aggregate<InvitationState, InvitationEvent> = {
  category: 'invitation',
  initialState: initialInvitationState,
  evolve,
  eventSchemas: invitationEventSchemas,
};
