/**
 * How notification events read in the audit trail (projections/audit): the kind and the recipient,
 * not the parameters (names and times of someone's sessions are the recipient's business).
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from '../audit';

type Data = Record<string, unknown>;
const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});

const describers: Record<string, (event: RecordedEvent) => BreadcrumbDescription> = {
  NotificationPosted: (e) => ({
    summary: `Posted a ${String(dataOf(e).kind)} notification`,
    changes: { kind: dataOf(e).kind, recipientUserId: dataOf(e).recipientUserId },
  }),
  NotificationRead: () => ({ summary: 'Read the notification', changes: {} }),
};

export function registerNotificationBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
