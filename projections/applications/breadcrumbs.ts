/**
 * How application events read in the audit trail (projections/audit): the type, the decisions and
 * statuses, which draft fields changed (never their values: a date of birth, a phone number).
 */
import type { RecordedEvent } from '../../domain/shared/events';
import { registerBreadcrumbDescriber, type BreadcrumbDescription } from '../audit';

type Data = Record<string, unknown>;
const dataOf = (event: RecordedEvent): Data => (typeof event.data === 'object' && event.data !== null ? event.data as Data : {});

function started(event: RecordedEvent): BreadcrumbDescription {
  const d = dataOf(event);
  return {
    summary: `Signed up as ${String(d.applicantType)}`,
    changes: {
      applicantType: d.applicantType, approvalRequired: d.approvalRequired, emailVerificationRequired: d.emailVerificationRequired,
      backgroundCheckRequired: d.backgroundCheckRequired,
    },
  };
}

function draftSaved(event: RecordedEvent): BreadcrumbDescription {
  const changes = dataOf(event).changes;
  return { summary: 'Saved the application draft', changes: { changedFields: typeof changes === 'object' && changes !== null ? Object.keys(changes) : [] } };
}

const describers: Record<string, (event: RecordedEvent) => string | BreadcrumbDescription> = {
  ApplicationStarted: started,
  ApplicationDraftSaved: draftSaved,
  ApplicationSubmitted: () => ({ summary: 'Submitted the application', changes: {} }),
  ApplicationReviewed: (e) => ({ summary: `Reviewed the application: ${String(dataOf(e).decision)}`, changes: { decision: dataOf(e).decision, note: dataOf(e).note } }),
  BackgroundCheckStatusSet: (e) => ({ summary: `Set the background check to ${String(dataOf(e).status)}`, changes: { backgroundCheckStatus: dataOf(e).status } }),
  SignupLeadCreated: (e) => ({ summary: 'Created a sign-up ticket', changes: { applicantType: dataOf(e).applicantType, leadSource: dataOf(e).leadSource } }),
  SignupLeadUsed: () => ({ summary: 'Signed up with a sign-up ticket', changes: {} }),
  WaiverAccepted: (e) => ({ summary: 'Accepted the waiver', changes: { waiverVersion: dataOf(e).version, acceptedAt: dataOf(e).acceptedAt } }),
};

export function registerApplicationBreadcrumbs(): void {
  for (const [type, describe] of Object.entries(describers)) registerBreadcrumbDescriber(type, describe);
}
