/**
 * Decisions of the DemoData ledger. Steps a job repeats (engines retry activities) decide nothing
 * the second time; steps from a job that no longer owns the ledger are refused, which is what
 * stops a cancelled or superseded job from adding anything more.
 */
import { IllegalStateError } from '../../shared/errors';
import { demoDataMessages as m } from '../messages';
import type {
  AbandonDemoDataInput, AddDemoDataItemInput, BeginDemoDataCreationInput, DemoDataCommand, DemoDataJobInput, RemoveDemoDataItemInput,
} from './commands';
import type { DemoDataEvent } from './events';
import type { DemoDataState } from './state';

type Owned<S extends DemoDataState['status']> = Extract<DemoDataState, { status: S }>;

function owned<S extends 'CREATING' | 'DELETING'>(state: DemoDataState, status: S, jobId: string): Owned<S> {
  if (state.status === status && 'jobId' in state && state.jobId === jobId) return state as Owned<S>;
  throw new IllegalStateError(m.notThisJob, 'DEMO_DATA_NOT_THIS_JOB');
}

function busy(state: DemoDataState): never {
  throw state.status === 'CREATING'
    ? new IllegalStateError(m.creating, 'DEMO_DATA_BUSY')
    : new IllegalStateError(m.deleting, 'DEMO_DATA_BUSY');
}

export function beginDemoDataCreation(input: BeginDemoDataCreationInput, state: DemoDataState): DemoDataEvent[] {
  if (state.status === 'CREATING' && state.jobId === input.jobId) return [];
  if (state.status === 'PRESENT') throw new IllegalStateError(m.exists, 'DEMO_DATA_EXISTS');
  if (state.status !== 'ABSENT') busy(state);
  return [{ type: 'DemoDataCreationBegan', data: { ...input } }];
}

export function addDemoDataItem(input: AddDemoDataItemInput, state: DemoDataState): DemoDataEvent[] {
  const ledger = owned(state, 'CREATING', input.jobId);
  if (ledger.items.some((i) => i.id === input.item.id)) return [];
  return [{ type: 'DemoDataItemAdded', data: { ...input } }];
}

export function completeDemoDataCreation(input: DemoDataJobInput, state: DemoDataState): DemoDataEvent[] {
  if (state.status === 'PRESENT' && state.jobId === input.jobId && state.complete) return [];
  owned(state, 'CREATING', input.jobId);
  return [{ type: 'DemoDataCreated', data: { ...input } }];
}

/** Nothing to abandon unless this job is still creating: cleanup after any failure is safe to send. */
export function abandonDemoDataCreation(input: AbandonDemoDataInput, state: DemoDataState): DemoDataEvent[] {
  if (state.status !== 'CREATING' || state.jobId !== input.jobId) return [];
  return [{ type: 'DemoDataCreationAbandoned', data: { ...input } }];
}

export function beginDemoDataDeletion(input: DemoDataJobInput, state: DemoDataState): DemoDataEvent[] {
  if (state.status === 'DELETING' && state.jobId === input.jobId) return [];
  if (state.status === 'ABSENT') throw new IllegalStateError(m.absent, 'NO_DEMO_DATA');
  if (state.status !== 'PRESENT') busy(state);
  return [{ type: 'DemoDataDeletionBegan', data: { ...input } }];
}

export function removeDemoDataItem(input: RemoveDemoDataItemInput, state: DemoDataState): DemoDataEvent[] {
  const ledger = owned(state, 'DELETING', input.jobId);
  if (!ledger.items.some((i) => i.id === input.itemId)) return [];
  return [{ type: 'DemoDataItemRemoved', data: { ...input } }];
}

export function completeDemoDataDeletion(input: DemoDataJobInput, state: DemoDataState): DemoDataEvent[] {
  const ledger = owned(state, 'DELETING', input.jobId);
  // The ledger is the record of what exists: it may only say "none" once every item is gone.
  if (ledger.items.length > 0) throw new IllegalStateError(m.itemsRemain, 'DEMO_ITEMS_REMAIN');
  return [{ type: 'DemoDataDeleted', data: { ...input } }];
}

export function abandonDemoDataDeletion(input: AbandonDemoDataInput, state: DemoDataState): DemoDataEvent[] {
  if (state.status !== 'DELETING' || state.jobId !== input.jobId) return [];
  return [{ type: 'DemoDataDeletionAbandoned', data: { ...input } }];
}

export function decide(command: DemoDataCommand, state: DemoDataState): DemoDataEvent[] {
  switch (command.type) {
    case 'BeginDemoDataCreation': return beginDemoDataCreation(command.data, state);
    case 'AddDemoDataItem': return addDemoDataItem(command.data, state);
    case 'CompleteDemoDataCreation': return completeDemoDataCreation(command.data, state);
    case 'AbandonDemoDataCreation': return abandonDemoDataCreation(command.data, state);
    case 'BeginDemoDataDeletion': return beginDemoDataDeletion(command.data, state);
    case 'RemoveDemoDataItem': return removeDemoDataItem(command.data, state);
    case 'CompleteDemoDataDeletion': return completeDemoDataDeletion(command.data, state);
    case 'AbandonDemoDataDeletion': return abandonDemoDataDeletion(command.data, state);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
