/** How operators' actions on projections read in the audit trail (projections/audit). */
import type { RecordedEvent } from '../domain/shared/events';
import type { ProjectionEventSkipped } from '../domain/operations/projection';
import { registerBreadcrumbDescriber } from './audit';

function skipped(event: RecordedEvent): string {
  const { projection, eventType, eventId, position } = (event as unknown as ProjectionEventSkipped).data;
  return `Skipped event ${eventType ?? '?'} ${eventId ?? ''} at ${position} in the ${projection} read model, which could not read it`;
}

export function registerOperationBreadcrumbs(): void {
  registerBreadcrumbDescriber('ProjectionEventSkipped', skipped);
}
