/**
 * How demo-data ledger events read in the audit trail (projections/audit). The batch-job events
 * keep the generic summary; the web app labels them per language.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from '../audit';

type Data = Record<string, unknown>;
const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});

function itemAdded(event: RecordedEvent): BreadcrumbDescription {
  const item = (dataOf(event).item ?? {}) as Data;
  return { summary: `Added demo ${String(item.kind ?? 'item')} ${String(item.label ?? '')}`.trim(), changes: { kind: item.kind, label: item.label } };
}

const describers: Record<string, (event: RecordedEvent) => string | BreadcrumbDescription> = {
  DemoDataCreationBegan: (e) => ({ summary: 'Began creating demo data', changes: { demoSessionsStartDate: dataOf(e).demoSessionsStartDate } }),
  DemoDataItemAdded: itemAdded,
  DemoDataCreated: () => 'Finished creating demo data',
  DemoDataCreationAbandoned: (e) => ({ summary: 'Gave up creating demo data', changes: { reason: dataOf(e).reason } }),
  DemoDataDeletionBegan: () => 'Began deleting demo data',
  DemoDataItemRemoved: () => 'Removed a demo item',
  DemoDataDeleted: () => 'Finished deleting demo data',
  DemoDataDeletionAbandoned: (e) => ({ summary: 'Gave up deleting demo data', changes: { reason: dataOf(e).reason } }),
};

export function registerDemoDataBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
