/** A program folded from its events: not yet created, active, archived, or (demo only) deleted. */
import type { Aggregate } from '../shared/decider';
import { applyPatch } from '../ecosystem/patch';
import type { ProgramDetails } from './config';
import { programEventSchemas, type ProgramEvent } from './events';

interface Existing {
  id: string;
  ecosystemId: string;
  details: ProgramDetails;
  isDemo: boolean;
}

export type ProgramState =
  | { status: 'none' }
  | ({ status: 'active' } & Existing)
  | ({ status: 'archived' } & Existing)
  | { status: 'deleted'; id: string; ecosystemId: string };

export function evolveProgram(state: ProgramState, event: ProgramEvent): ProgramState {
  switch (event.type) {
    case 'ProgramCreated': {
      const { programId, ecosystemId, details, isDemo } = event.data;
      return { status: 'active', id: programId, ecosystemId, details, isDemo };
    }
    case 'ProgramEdited':
      return 'details' in state ? { ...state, details: applyPatch<ProgramDetails>(state.details, event.data.changes) } : state;
    case 'ProgramArchived':
      return 'details' in state ? { ...state, status: 'archived' } : state;
    case 'ProgramUnarchived':
      return 'details' in state ? { ...state, status: 'active' } : state;
    case 'ProgramDeleted':
      return { status: 'deleted', id: event.data.programId, ecosystemId: event.data.ecosystemId };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const programAggregate: Aggregate<ProgramState, ProgramEvent> = {
  category: 'program',
  initialState: { status: 'none' },
  evolve: evolveProgram,
  eventSchemas: programEventSchemas,
};
