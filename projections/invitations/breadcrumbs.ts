/**
 * How invitation events read in the audit trail (projections/audit): who was invited into which
 * role, and each resend. Never the token hash nor the expiry: the trail is read by admins and
 * analysts, and the hash is all a guesser would need to check a token offline.
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from '../audit';

type Data = Record<string, unknown>;
const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});

function issued(event: RecordedEvent): BreadcrumbDescription {
  const d = dataOf(event);
  return {
    summary: `Invited ${String(d.email)} as ${String(d.role)}`,
    changes: { email: d.email, firstName: d.firstName, lastName: d.lastName, role: d.role, language: d.language },
    targetName: String(d.email),
  };
}

const describers: Record<string, (event: RecordedEvent) => BreadcrumbDescription> = {
  InvitationIssued: issued,
  InvitationReissued: (e) => ({ summary: 'Sent the invitation again with a new link', changes: { issue: dataOf(e).issue } }),
  InvitationAccepted: () => ({ summary: 'Accepted the invitation', changes: {} }),
};

export function registerInvitationBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
