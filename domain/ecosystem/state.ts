/** An ecosystem folded from its events: not yet created, active, or archived. */
import type { Aggregate } from '../shared/decider';
import type { EcosystemDetails } from './config';
import { ecosystemEventSchemas, type EcosystemEvent } from './events';
import { applyPatch } from './patch';

interface Existing {
  id: string;
  details: EcosystemDetails;
  /** Set once MigrateEcosystemToProgram has run; a second migration is refused. */
  migratedToProgramId: string | null;
}

export type EcosystemState =
  | { status: 'none' }
  | ({ status: 'active' } & Existing)
  | ({ status: 'archived' } & Existing);

export const initialEcosystemState: EcosystemState = { status: 'none' };

export function evolveEcosystem(state: EcosystemState, event: EcosystemEvent): EcosystemState {
  switch (event.type) {
    case 'EcosystemCreated':
      return { status: 'active', id: event.data.ecosystemId, details: event.data.details, migratedToProgramId: null };
    case 'EcosystemEdited':
      return state.status === 'none' ? state : { ...state, details: applyPatch<EcosystemDetails>(state.details, event.data.changes) };
    case 'EcosystemArchived':
      return state.status === 'none' ? state : { ...state, status: 'archived' };
    case 'EcosystemUnarchived':
      return state.status === 'none' ? state : { ...state, status: 'active' };
    case 'EcosystemMigratedToProgram':
      return state.status === 'none' ? state : { ...state, migratedToProgramId: event.data.programId };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const ecosystemAggregate: Aggregate<EcosystemState, EcosystemEvent> = {
  category: 'ecosystem',
  initialState: initialEcosystemState,
  evolve: evolveEcosystem,
  eventSchemas: ecosystemEventSchemas,
};
