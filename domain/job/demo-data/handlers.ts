/** The DemoData ledger command handlers. The ledger of an ecosystem is stream `demodata-<ecosystemId>`. */
import type { z } from 'zod';
import type { CommandHandler } from '../../shared/decider';
import {
  abandonDemoDataInput, addDemoDataItemInput, beginDemoDataCreationInput, beginDemoDataDeletionInput,
  completeDemoDataCreationInput, completeDemoDataDeletionInput, removeDemoDataItemInput, type DemoDataCommand,
} from './commands';
import { decide } from './decide';
import type { DemoDataEvent } from './events';
import { demoDataAggregate, type DemoDataState } from './state';

type Command<T extends DemoDataCommand['type']> = Extract<DemoDataCommand, { type: T }>;
type LedgerHandler<T extends DemoDataCommand['type']> = CommandHandler<Command<T>['data'], DemoDataState, DemoDataEvent>;

function handler<T extends DemoDataCommand['type']>(type: T, input: z.ZodType<Command<T>['data']>): LedgerHandler<T> {
  return {
    type,
    input,
    aggregate: demoDataAggregate,
    aggregateId: (data) => data.ecosystemId,
    ecosystemId: (data) => data.ecosystemId,
    decide: (data, state) => decide({ type, data } as Command<T>, state),
  };
}

export const beginDemoDataCreation = handler('BeginDemoDataCreation', beginDemoDataCreationInput);
export const addDemoDataItem = handler('AddDemoDataItem', addDemoDataItemInput);
export const completeDemoDataCreation = handler('CompleteDemoDataCreation', completeDemoDataCreationInput);
export const abandonDemoDataCreation = handler('AbandonDemoDataCreation', abandonDemoDataInput);
export const beginDemoDataDeletion = handler('BeginDemoDataDeletion', beginDemoDataDeletionInput);
export const removeDemoDataItem = handler('RemoveDemoDataItem', removeDemoDataItemInput);
export const completeDemoDataDeletion = handler('CompleteDemoDataDeletion', completeDemoDataDeletionInput);
export const abandonDemoDataDeletion = handler('AbandonDemoDataDeletion', abandonDemoDataInput);
