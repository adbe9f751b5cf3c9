/**
 * Events of the DemoData ledger (stream `demodata-<ecosystemId>`): which demo content a job added
 * to an ecosystem. It is the one place that says whether an ecosystem has demo data, so two
 * concurrent "create demo data" jobs cannot both add it (the second meets the first's revision),
 * and deleting removes exactly what was added, even after a partial or cancelled creation.
 */
import { z } from 'zod';

/** What a demo item is; deleting it dispatches that kind's removal command. */
export const demoItemKindSchema = z.enum(['program']);

export const demoItemSchema = z.object({
  kind: demoItemKindSchema,
  id: z.uuid(),
  /** A readable name, for the breadcrumbs and the job's result. */
  label: z.string().min(1),
});
export type DemoItem = z.infer<typeof demoItemSchema>;

const ecosystemId = z.uuid();
const jobId = z.uuid();

export const demoDataCreationBeganSchema = z.object({ ecosystemId, jobId, demoSessionsStartDate: z.string() });
/** Recorded before the item itself is created, so a crash between the two still lets delete find it. */
export const demoDataItemAddedSchema = z.object({ ecosystemId, jobId, item: demoItemSchema });
export const demoDataCreatedSchema = z.object({ ecosystemId, jobId });
/** Creation stopped early (failure or cancellation): what was added stays recorded for deletion. */
export const demoDataCreationAbandonedSchema = z.object({ ecosystemId, jobId, reason: z.string() });
export const demoDataDeletionBeganSchema = z.object({ ecosystemId, jobId });
export const demoDataItemRemovedSchema = z.object({ ecosystemId, jobId, itemId: z.uuid() });
export const demoDataDeletedSchema = z.object({ ecosystemId, jobId });
export const demoDataDeletionAbandonedSchema = z.object({ ecosystemId, jobId, reason: z.string() });

type Ev<T extends string, S extends z.ZodType> = { type: T; data: z.infer<S> };

export type DemoDataEvent =
  | Ev<'DemoDataCreationBegan', typeof demoDataCreationBeganSchema>
  | Ev<'DemoDataItemAdded', typeof demoDataItemAddedSchema>
  | Ev<'DemoDataCreated', typeof demoDataCreatedSchema>
  | Ev<'DemoDataCreationAbandoned', typeof demoDataCreationAbandonedSchema>
  | Ev<'DemoDataDeletionBegan', typeof demoDataDeletionBeganSchema>
  | Ev<'DemoDataItemRemoved', typeof demoDataItemRemovedSchema>
  | Ev<'DemoDataDeleted', typeof demoDataDeletedSchema>
  | Ev<'DemoDataDeletionAbandoned', typeof demoDataDeletionAbandonedSchema>;

export const demoDataEventSchemas = {
  DemoDataCreationBegan: demoDataCreationBeganSchema,
  DemoDataItemAdded: demoDataItemAddedSchema,
  DemoDataCreated: demoDataCreatedSchema,
  DemoDataCreationAbandoned: demoDataCreationAbandonedSchema,
  DemoDataDeletionBegan: demoDataDeletionBeganSchema,
  DemoDataItemRemoved: demoDataItemRemovedSchema,
  DemoDataDeleted: demoDataDeletedSchema,
  DemoDataDeletionAbandoned: demoDataDeletionAbandonedSchema,
};

export const DEMO_DATA_EVENT_TYPES = Object.keys(demoDataEventSchemas) as Array<DemoDataEvent['type']>;
