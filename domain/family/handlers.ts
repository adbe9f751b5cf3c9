/** The Family command handlers the command bus runs; each connection belongs to its ecosystem. */
import type { CommandHandler } from '../shared/decider';
import {
  editFamilyConnectionInput, linkFamilyMemberInput, unlinkFamilyMemberInput,
  type EditFamilyConnectionInput, type LinkFamilyMemberInput, type UnlinkFamilyMemberInput,
} from './commands';
import { decide } from './decide';
import type { FamilyEvent } from './events';
import { familyAggregate, type FamilyState } from './state';

type FamilyHandler<Input> = CommandHandler<Input, FamilyState, FamilyEvent>;

export const linkFamilyMember: FamilyHandler<LinkFamilyMemberInput> = {
  type: 'LinkFamilyMember',
  input: linkFamilyMemberInput,
  aggregate: familyAggregate,
  aggregateId: (input) => input.parentId,
  ecosystemId: (input) => input.ecosystemId,
  decide: (input, state) => decide({ type: 'LinkFamilyMember', data: input }, state),
};

export const editFamilyConnection: FamilyHandler<EditFamilyConnectionInput> = {
  type: 'EditFamilyConnection',
  input: editFamilyConnectionInput,
  aggregate: familyAggregate,
  aggregateId: (input) => input.parentId,
  ecosystemId: (input) => input.ecosystemId,
  decide: (input, state) => decide({ type: 'EditFamilyConnection', data: input }, state),
};

export const unlinkFamilyMember: FamilyHandler<UnlinkFamilyMemberInput> = {
  type: 'UnlinkFamilyMember',
  input: unlinkFamilyMemberInput,
  aggregate: familyAggregate,
  aggregateId: (input) => input.parentId,
  ecosystemId: (input) => input.ecosystemId,
  decide: (input, state) => decide({ type: 'UnlinkFamilyMember', data: input }, state),
};
