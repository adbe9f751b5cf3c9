/**
 * How message events read in the audit trail (projections/audit). Only what a reader needs: the
 * kind, channel, language and recipient, and each attempt's outcome. Never the subject or body
 * (one-time links and codes) nor an attempt's token: the trail is read by admins and analysts.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from '../audit';

type Data = Record<string, unknown>;
const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});

function recorded(event: RecordedEvent): BreadcrumbDescription {
  const d = dataOf(event);
  return {
    summary: `Recorded a ${String(d.kind)} ${String(d.channel)} message to ${String(d.to)}`,
    changes: { kind: d.kind, channel: d.channel, language: d.language, recipient: d.to },
    targetName: String(d.to),
  };
}

const describers: Record<string, (event: RecordedEvent) => string | BreadcrumbDescription> = {
  MessageRecorded: recorded,
  MessageDeliveryAttempted: (e) => ({ summary: `Delivery attempt ${String(dataOf(e).attempt)}`, changes: { attempt: dataOf(e).attempt, transport: dataOf(e).transport } }),
  MessageSent: (e) => ({ summary: 'Sent the message', changes: { attempt: dataOf(e).attempt } }),
  MessageDeliveryFailed: (e) => ({ summary: 'A delivery attempt failed', changes: { attempt: dataOf(e).attempt, error: dataOf(e).error, permanent: dataOf(e).permanent } }),
  MessageDeliveryUncertain: (e) => ({ summary: 'A delivery attempt ended without an answer; not sent again', changes: { attempt: dataOf(e).attempt } }),
  MessageKeptInOutbox: () => ({ summary: 'Kept the message in the outbox (no transport configured)', changes: {} }),
  MessageAbandoned: (e) => ({ summary: 'Gave up delivering the message', changes: { error: dataOf(e).error } }),
  MessageBounced: (e) => ({ summary: 'The message bounced (reported undelivered after sending)', changes: { reason: dataOf(e).reason, reportedBy: dataOf(e).source } }),
};

export function registerMessageBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
