/** State of one application, folded from its stream (docs/decisions/0044). */
import type { Aggregate } from '../shared/decider';
import { sha256Hex } from '../user/sha256';
import { EMPTY_DRAFT, type DraftFields } from './draft';
import {
  applicationEventSchemas, type ApplicantType, type ApplicationEvent, type ApplicationStatus, type BackgroundCheckStatus,
} from './events';

export interface OpenApplication {
  status: ApplicationStatus;
  applicationId: string;
  ecosystemId: string;
  userId: string;
  applicantType: ApplicantType;
  approvalRequired: boolean;
  emailVerificationRequired: boolean;
  backgroundCheckStatus: BackgroundCheckStatus;
  draft: DraftFields;
  waiver: { version: string; acceptedAt: string } | null;
  lastNote: string | null;
  leadId: string | null;
}

export type ApplicationState = { status: 'NONE' } | OpenApplication;

/**
 * One application per person and ecosystem: its id is a UUID-shaped hash of the two, so signing up
 * twice finds the same stream and a retried sign-up appends nothing.
 */
export function applicationIdOf(ecosystemId: string, userId: string): string {
  const h = sha256Hex(`application:${ecosystemId}:${userId}`);
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function evolveOpen(state: OpenApplication, event: ApplicationEvent): OpenApplication {
  switch (event.type) {
    case 'ApplicationStarted': return state;
    case 'ApplicationDraftSaved': return { ...state, draft: { ...state.draft, ...(event.data.changes as Partial<DraftFields>) } };
    case 'ApplicationSubmitted': return { ...state, status: 'SUBMITTED' };
    case 'ApplicationReviewed': return { ...state, status: event.data.decision, lastNote: event.data.note };
    case 'BackgroundCheckStatusSet': return { ...state, backgroundCheckStatus: event.data.status };
    case 'WaiverAccepted': return { ...state, waiver: { version: event.data.version, acceptedAt: event.data.acceptedAt } };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export function evolve(state: ApplicationState, event: ApplicationEvent): ApplicationState {
  if (event.type === 'ApplicationStarted') {
    const d = event.data;
    return {
      status: 'DRAFT', applicationId: d.applicationId, ecosystemId: d.ecosystemId, userId: d.userId, applicantType: d.applicantType,
      approvalRequired: d.approvalRequired, emailVerificationRequired: d.emailVerificationRequired,
      backgroundCheckStatus: d.backgroundCheckRequired ? 'NOT_STARTED' : 'NOT_REQUIRED',
      draft: EMPTY_DRAFT, waiver: null, lastNote: null, leadId: d.leadId,
    };
  }
  return state.status === 'NONE' ? state : evolveOpen(state, event);
}

export const applicationAggregate: Aggregate<ApplicationState, ApplicationEvent> = {
  category: 'application',
  initialState: { status: 'NONE' },
  evolve,
  eventSchemas: applicationEventSchemas,
};
