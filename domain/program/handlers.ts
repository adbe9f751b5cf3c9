/**
 * The program command handlers the command bus runs. For the demo-data job: createProgram with
 * `isDemo: true`, and deleteDemoProgram to remove it again (idempotent; refuses real programs).
 */
import type { CommandHandler } from '../shared/decider';
import {
  createProgramInput, editProgramInput, programIdInput,
  type CreateProgramInput, type EditProgramInput, type ProgramIdInput,
} from './commands';
import { decide } from './decide';
import type { ProgramEvent } from './events';
import { programAggregate, type ProgramState } from './state';

type ProgramHandler<Input> = CommandHandler<Input, ProgramState, ProgramEvent>;

const tenantOf = (state: ProgramState): string | null => (state.status === 'none' ? null : state.ecosystemId);

export const createProgram: ProgramHandler<CreateProgramInput> = {
  type: 'CreateProgram',
  input: createProgramInput,
  aggregate: programAggregate,
  aggregateId: (input) => input.programId,
  ecosystemId: (input) => input.ecosystemId,
  programId: (input) => input.programId,
  decide: (data, state) => decide({ type: 'CreateProgram', data }, state),
  createsStream: true,
};

export const editProgram: ProgramHandler<EditProgramInput> = {
  type: 'EditProgram',
  input: editProgramInput,
  aggregate: programAggregate,
  aggregateId: (input) => input.programId,
  ecosystemId: (_input, state) => tenantOf(state),
  programId: (input) => input.programId,
  decide: (data, state) => decide({ type: 'EditProgram', data }, state),
};

function byId(type: 'ArchiveProgram' | 'UnarchiveProgram' | 'DeleteDemoProgram'): ProgramHandler<ProgramIdInput> {
  return {
    type,
    input: programIdInput,
    aggregate: programAggregate,
    aggregateId: (input) => input.programId,
    ecosystemId: (_input, state) => tenantOf(state),
    programId: (input) => input.programId,
    decide: (data, state) => decide({ type, data }, state),
  };
}

export const archiveProgram = byId('ArchiveProgram');
export const unarchiveProgram = byId('UnarchiveProgram');
export const deleteDemoProgram = byId('DeleteDemoProgram');
