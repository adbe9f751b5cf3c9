/** Decisions about one program. */
import { diff, isEmptyPatch, mergePatch } from '../ecosystem/patch';
import { validate, validateNew } from '../ecosystem/validation';
import { IllegalStateError, NotFoundError } from '../shared/errors';
import type { CreateProgramInput, EditProgramInput, ProgramCommand, ProgramIdInput } from './commands';
import { programDetailsSchema, withDerivedShortName, type ProgramDetails } from './config';
import type { ProgramChanges, ProgramEvent } from './events';
import { programMessages as m } from './messages';
import type { ProgramState } from './state';

type Existing = Extract<ProgramState, { status: 'active' | 'archived' }>;

function existing(state: ProgramState): Existing {
  if (state.status === 'none' || state.status === 'deleted') throw new NotFoundError(m.notFound);
  return state;
}

function active(state: ProgramState): Existing {
  const s = existing(state);
  if (s.status === 'archived') throw new IllegalStateError(m.archivedReadOnly, 'ARCHIVED');
  return s;
}

export function createProgram(input: CreateProgramInput, state: ProgramState): ProgramEvent[] {
  if (state.status !== 'none') throw new IllegalStateError(m.alreadyExists, 'ALREADY_EXISTS');
  const details = validateNew(programDetailsSchema, mergePatch(input.defaults ?? {}, withDerivedShortName(input.details)), input.details, ['shortName']);
  return [{ type: 'ProgramCreated', data: { programId: input.programId, ecosystemId: input.ecosystemId, details, isDemo: input.isDemo } }];
}

export function editProgram(input: EditProgramInput, state: ProgramState): ProgramEvent[] {
  const s = active(state);
  const details: ProgramDetails = validate(programDetailsSchema, mergePatch(s.details, input.changes));
  const changes: ProgramChanges = diff(s.details, details);
  return isEmptyPatch(changes) ? [] : [{ type: 'ProgramEdited', data: { programId: s.id, ecosystemId: s.ecosystemId, changes } }];
}

export function archiveProgram(_input: ProgramIdInput, state: ProgramState): ProgramEvent[] {
  const s = existing(state);
  if (s.status === 'archived') throw new IllegalStateError(m.alreadyArchived, 'ALREADY_ARCHIVED');
  return [{ type: 'ProgramArchived', data: { programId: s.id, ecosystemId: s.ecosystemId } }];
}

export function unarchiveProgram(_input: ProgramIdInput, state: ProgramState): ProgramEvent[] {
  const s = existing(state);
  if (s.status === 'active') throw new IllegalStateError(m.notArchived, 'NOT_ARCHIVED');
  return [{ type: 'ProgramUnarchived', data: { programId: s.id, ecosystemId: s.ecosystemId } }];
}

/**
 * Idempotent for the demo-data job: a program that was never created (the job stopped between
 * recording the item and creating it) or is already deleted needs nothing more.
 */
export function deleteDemoProgram(_input: ProgramIdInput, state: ProgramState): ProgramEvent[] {
  if (state.status === 'none' || state.status === 'deleted') return [];
  if (!state.isDemo) throw new IllegalStateError(m.notDemo, 'NOT_DEMO');
  return [{ type: 'ProgramDeleted', data: { programId: state.id, ecosystemId: state.ecosystemId } }];
}

export function decide(command: ProgramCommand, state: ProgramState): ProgramEvent[] {
  switch (command.type) {
    case 'CreateProgram':
      return createProgram(command.data, state);
    case 'EditProgram':
      return editProgram(command.data, state);
    case 'ArchiveProgram':
      return archiveProgram(command.data, state);
    case 'UnarchiveProgram':
      return unarchiveProgram(command.data, state);
    case 'DeleteDemoProgram':
      return deleteDemoProgram(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
