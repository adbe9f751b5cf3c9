/** The invitation command handlers the command bus runs; each acts on `invitation-<invitationId>`. */
import type { CommandHandler } from '../shared/decider';
import {
  acceptInvitationInput, issueInvitationInput, reissueInvitationInput,
  type AcceptInvitationInput, type InvitationCommand, type IssueInvitationInput, type ReissueInvitationInput,
} from './commands';
import { decide } from './decide';
import type { InvitationEvent } from './events';
import { invitationAggregate, type InvitationState } from './state';

type InvitationHandler<Input> = CommandHandler<Input, InvitationState, InvitationEvent>;

function stateEcosystem(state: InvitationState): string | null {
  return state.status === 'none' ? null : state.ecosystemId;
}

export const issueInvitation: InvitationHandler<IssueInvitationInput> = {
  type: 'IssueInvitation',
  input: issueInvitationInput,
  aggregate: invitationAggregate,
  aggregateId: (input) => input.invitationId,
  ecosystemId: (input) => input.ecosystemId,
  programId: (input) => input.programId,
  decide: (data, state, ctx) => decide({ type: 'IssueInvitation', data } as InvitationCommand, state, ctx),
  createsStream: true,
};

export const reissueInvitation: InvitationHandler<ReissueInvitationInput> = {
  type: 'ReissueInvitation',
  input: reissueInvitationInput,
  aggregate: invitationAggregate,
  aggregateId: (input) => input.invitationId,
  ecosystemId: (_input, state) => stateEcosystem(state),
  decide: (data, state, ctx) => decide({ type: 'ReissueInvitation', data }, state, ctx),
};

export const acceptInvitation: InvitationHandler<AcceptInvitationInput> = {
  type: 'AcceptInvitation',
  input: acceptInvitationInput,
  aggregate: invitationAggregate,
  aggregateId: (input) => input.invitationId,
  ecosystemId: (_input, state) => stateEcosystem(state),
  decide: (data, state, ctx) => decide({ type: 'AcceptInvitation', data }, state, ctx),
};
