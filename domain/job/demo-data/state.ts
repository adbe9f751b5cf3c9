/**
 * State of an ecosystem's demo data. ABSENT: none. CREATING / DELETING: a job is working on it.
 * PRESENT: items exist (`complete` is false when creation or deletion stopped early). `jobId` is
 * the job that last changed the ledger.
 */
import type { Aggregate } from '../../shared/decider';
import { demoDataEventSchemas, type DemoDataEvent, type DemoItem } from './events';

export type DemoDataState =
  | { status: 'ABSENT' }
  | { status: 'CREATING'; jobId: string; demoSessionsStartDate: string; items: DemoItem[] }
  | { status: 'PRESENT'; jobId: string; demoSessionsStartDate: string; items: DemoItem[]; complete: boolean }
  | { status: 'DELETING'; jobId: string; demoSessionsStartDate: string; items: DemoItem[] };

export const initialDemoDataState: DemoDataState = { status: 'ABSENT' };

export function evolve(state: DemoDataState, event: DemoDataEvent): DemoDataState {
  switch (event.type) {
    case 'DemoDataCreationBegan':
      return { status: 'CREATING', jobId: event.data.jobId, demoSessionsStartDate: event.data.demoSessionsStartDate, items: [] };
    case 'DemoDataItemAdded':
      return state.status === 'CREATING' ? { ...state, items: [...state.items, event.data.item] } : state;
    case 'DemoDataCreated':
    case 'DemoDataCreationAbandoned':
      return state.status === 'CREATING'
        ? { status: 'PRESENT', jobId: state.jobId, demoSessionsStartDate: state.demoSessionsStartDate, items: state.items, complete: event.type === 'DemoDataCreated' }
        : state;
    case 'DemoDataDeletionBegan':
      return state.status === 'PRESENT'
        ? { status: 'DELETING', jobId: event.data.jobId, demoSessionsStartDate: state.demoSessionsStartDate, items: state.items }
        : state;
    case 'DemoDataItemRemoved':
      return state.status === 'DELETING' ? { ...state, items: state.items.filter((i) => i.id !== event.data.itemId) } : state;
    case 'DemoDataDeleted':
      return { status: 'ABSENT' };
    case 'DemoDataDeletionAbandoned':
      return state.status === 'DELETING' ? { ...state, status: 'PRESENT', complete: false } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const demoDataAggregate: Aggregate<DemoDataState, DemoDataEvent> = {
  category: 'demodata',
  initialState: initialDemoDataState,
  evolve,
  eventSchemas: demoDataEventSchemas,
};
