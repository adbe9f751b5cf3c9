/** Inputs of the DemoData ledger commands. Each names the job acting, so only that job moves it on. */
import { z } from 'zod';
import { demoItemSchema } from './events';

const base = z.object({ ecosystemId: z.uuid(), jobId: z.uuid() });

export const beginDemoDataCreationInput = base.extend({ demoSessionsStartDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export const addDemoDataItemInput = base.extend({ item: demoItemSchema });
export const completeDemoDataCreationInput = base;
export const abandonDemoDataInput = base.extend({ reason: z.string().min(1).max(2000) });
export const beginDemoDataDeletionInput = base;
export const removeDemoDataItemInput = base.extend({ itemId: z.uuid() });
export const completeDemoDataDeletionInput = base;

export type BeginDemoDataCreationInput = z.infer<typeof beginDemoDataCreationInput>;
export type AddDemoDataItemInput = z.infer<typeof addDemoDataItemInput>;
export type DemoDataJobInput = z.infer<typeof base>;
export type AbandonDemoDataInput = z.infer<typeof abandonDemoDataInput>;
export type RemoveDemoDataItemInput = z.infer<typeof removeDemoDataItemInput>;

export type DemoDataCommand =
  | { type: 'BeginDemoDataCreation'; data: BeginDemoDataCreationInput }
  | { type: 'AddDemoDataItem'; data: AddDemoDataItemInput }
  | { type: 'CompleteDemoDataCreation'; data: DemoDataJobInput }
  | { type: 'AbandonDemoDataCreation'; data: AbandonDemoDataInput }
  | { type: 'BeginDemoDataDeletion'; data: DemoDataJobInput }
  | { type: 'RemoveDemoDataItem'; data: RemoveDemoDataItemInput }
  | { type: 'CompleteDemoDataDeletion'; data: DemoDataJobInput }
  | { type: 'AbandonDemoDataDeletion'; data: AbandonDemoDataInput };
