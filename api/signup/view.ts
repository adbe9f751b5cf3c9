/**
 * An application as GraphQL's UserApplication shows it: from the read model (admins' lists and
 * payloads) or from the aggregate (the applicant's own, which has no tenant in scope yet).
 */
import { EMPTY_DRAFT, type DraftFields } from '../../domain/application/draft';
import type { ApplicantType, ApplicationStatus, BackgroundCheckStatus } from '../../domain/application/events';
import type { OpenApplication } from '../../domain/application/state';
import type { ApplicationRow } from '../../projections/applications';
import { toGlobalId } from '../relay';

export interface ApplicationView {
  __typename: 'UserApplication';
  id: string;
  rawId: string;
  ecosystemId: string;
  applicant: { userId: string; email: string; firstName: string; lastName: string };
  applicantType: ApplicantType;
  status: ApplicationStatus;
  backgroundCheckStatus: BackgroundCheckStatus;
  approvalRequired: boolean;
  emailVerificationRequired: boolean;
  draft: DraftFields;
  waiverVersion: string | null;
  waiverAcceptedAt: string | null;
  lastNote: string | null;
  createdAt: string | null;
  submittedAt: string | null;
}

export function viewOfRow(row: ApplicationRow): ApplicationView {
  return {
    __typename: 'UserApplication',
    id: toGlobalId('UserApplication', row.id),
    rawId: row.id,
    ecosystemId: toGlobalId('Ecosystem', row.ecosystemId),
    applicant: { userId: toGlobalId('User', row.userId), email: row.email, firstName: row.firstName, lastName: row.lastName },
    applicantType: row.applicantType,
    status: row.status,
    backgroundCheckStatus: row.backgroundCheckStatus,
    approvalRequired: row.approvalRequired,
    emailVerificationRequired: row.emailVerificationRequired,
    draft: { ...EMPTY_DRAFT, ...(row.draft as Partial<DraftFields>) },
    waiverVersion: row.waiverVersion,
    waiverAcceptedAt: row.waiverAcceptedAt,
    lastNote: row.lastNote,
    createdAt: row.createdAt,
    submittedAt: row.submittedAt,
  };
}

export function viewOfState(app: OpenApplication, person: { email: string; firstName: string; lastName: string }): ApplicationView {
  return {
    __typename: 'UserApplication',
    id: toGlobalId('UserApplication', app.applicationId),
    rawId: app.applicationId,
    ecosystemId: toGlobalId('Ecosystem', app.ecosystemId),
    applicant: { userId: toGlobalId('User', app.userId), ...person },
    applicantType: app.applicantType,
    status: app.status,
    backgroundCheckStatus: app.backgroundCheckStatus,
    approvalRequired: app.approvalRequired,
    emailVerificationRequired: app.emailVerificationRequired,
    draft: app.draft,
    waiverVersion: app.waiver?.version ?? null,
    waiverAcceptedAt: app.waiver?.acceptedAt ?? null,
    lastNote: app.lastNote,
    createdAt: null,
    submittedAt: null,
  };
}
