/**
 * How batch-job and demo-data ledger events read in the audit trail (projections/audit): an English
 * sentence (the fallback) and the fields worth showing; the web app labels them per language. A
 * job's internal ids and its engine's workflow id are left out: they mean nothing to a reader.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from '../audit';

type Data = Record<string, unknown>;
const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});

function itemAdded(event: RecordedEvent): BreadcrumbDescription {
  const item = (dataOf(event).item ?? {}) as Data;
  return { summary: `Added demo ${String(item.kind ?? 'item')} ${String(item.label ?? '')}`.trim(), changes: { kind: item.kind, label: item.label } };
}

function jobQueued(event: RecordedEvent): BreadcrumbDescription {
  const data = dataOf(event);
  const metadata = (typeof data.metadata === 'object' && data.metadata !== null ? data.metadata : {}) as Data;
  // An invitation file's rows (up to 5,000, decision 0041) are shown by their number: each row's invitation has its own breadcrumbs.
  const { rows, ...rest } = metadata;
  const shown = Array.isArray(rows) ? { ...rest, rowCount: rows.length } : metadata;
  return { summary: `Queued the job ${String(data.jobName ?? '')}`.trim(), changes: { jobName: data.jobName, ...shown } };
}

const describers: Record<string, (event: RecordedEvent) => string | BreadcrumbDescription> = {
  BatchJobQueued: jobQueued,
  BatchJobSubmitted: () => ({ summary: 'Handed the job to the workflow engine', changes: {} }),
  BatchJobStarted: (e) => ({ summary: 'Started the job', changes: { total: dataOf(e).total } }),
  BatchJobProgressed: (e) => ({ summary: `Job progressed to ${String(dataOf(e).done)} of ${String(dataOf(e).total)}`, changes: { done: dataOf(e).done, total: dataOf(e).total } }),
  BatchJobFinished: () => ({ summary: 'Finished the job', changes: {} }),
  BatchJobFailed: (e) => ({ summary: 'The job failed', changes: { error: dataOf(e).error } }),
  BatchJobCancelled: () => ({ summary: 'Cancelled the job', changes: {} }),
  DemoDataCreationBegan: (e) => ({ summary: 'Began creating demo data', changes: { demoSessionsStartDate: dataOf(e).demoSessionsStartDate } }),
  DemoDataItemAdded: itemAdded,
  DemoDataCreated: () => ({ summary: 'Finished creating demo data', changes: {} }),
  DemoDataCreationAbandoned: (e) => ({ summary: 'Gave up creating demo data', changes: { reason: dataOf(e).reason } }),
  DemoDataDeletionBegan: () => ({ summary: 'Began deleting demo data', changes: {} }),
  DemoDataItemRemoved: () => ({ summary: 'Removed a demo item', changes: {} }),
  DemoDataDeleted: () => ({ summary: 'Finished deleting demo data', changes: {} }),
  DemoDataDeletionAbandoned: (e) => ({ summary: 'Gave up deleting demo data', changes: { reason: dataOf(e).reason } }),
};

export function registerDemoDataBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
