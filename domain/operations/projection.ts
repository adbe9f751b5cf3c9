/**
 * What operators do to projections that the audit trail must show (stream `projection-<name>`):
 * skipping an event a projection cannot read (`npm run projections -- skip NAME POSITION`,
 * docs/decisions/0016-poison-events-and-upcasting.md). The actor is the operator (role OPERATOR);
 * the tenant is the skipped event's, so that tenant's audit trail shows what its read model lacks.
 */
import { z } from 'zod';
import type { Aggregate, CommandHandler, DomainEvent } from '../shared/decider';

const skipped = z.object({
  projection: z.string().min(1),
  /** The build (schema) that went past the event. */
  build: z.string().min(1),
  /** `commit/prepare`, as `projections status` shows it. */
  position: z.string().regex(/^\d+\/\d+$/),
  eventId: z.string().nullable(),
  eventType: z.string().nullable(),
  error: z.string(),
});

export type ProjectionEventSkipped = DomainEvent<'ProjectionEventSkipped', z.output<typeof skipped>>;
export type ProjectionOperationEvent = ProjectionEventSkipped;

/** The skips recorded so far, as `build@position`: recording one again (a re-run of the command) adds nothing. */
export type ProjectionOperationsState = { skips: readonly string[] };

const keyOf = (data: { build: string; position: string }) => `${data.build}@${data.position}`;

export const projectionOperationsAggregate: Aggregate<ProjectionOperationsState, ProjectionOperationEvent> = {
  category: 'projection',
  initialState: { skips: [] },
  evolve: (state, event) => ({ skips: [...state.skips, keyOf(event.data)] }),
  eventSchemas: { ProjectionEventSkipped: skipped },
};

const skipInput = skipped.extend({ ecosystemId: z.uuid().nullable() });
export type SkipProjectionEventInput = z.infer<typeof skipInput>;

export const skipProjectionEvent: CommandHandler<SkipProjectionEventInput, ProjectionOperationsState, ProjectionOperationEvent> = {
  type: 'SkipProjectionEvent',
  input: skipInput,
  aggregate: projectionOperationsAggregate,
  aggregateId: (input) => input.projection,
  ecosystemId: (input) => input.ecosystemId,
  decide: ({ ecosystemId: _tenant, ...data }, state) =>
    state.skips.includes(keyOf(data)) ? [] : [{ type: 'ProjectionEventSkipped', data }],
};
