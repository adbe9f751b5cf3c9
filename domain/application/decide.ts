/**
 * Decisions of the Application aggregate (docs/decisions/0044). Status moves:
 * DRAFT -> SUBMITTED; SUBMITTED -> APPROVED | DECLINED | CHANGES_REQUESTED; CHANGES_REQUESTED ->
 * SUBMITTED (again) or DECLINED. The draft changes only while DRAFT or CHANGES_REQUESTED.
 */
import type { CommandContext } from '../shared/decider';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import type {
  AcceptWaiverInput, ApplicationCommand, ReviewApplicationInput, SaveDraftInput, SetBackgroundCheckInput, StartApplicationInput,
  SubmitApplicationInput,
} from './commands';
import { isAnswered, REQUIRED_ANSWERS, type DraftChanges } from './draft';
import type { ApplicationEvent, BackgroundCheckStatus } from './events';
import { applicationMessages as m } from './messages';
import type { ApplicationState, OpenApplication } from './state';

const EDITABLE = new Set(['DRAFT', 'CHANGES_REQUESTED']);

/**
 * Background check moves. NOT_REQUIRED is where a check the ecosystem does not ask for starts; an
 * admin may also waive a check (-> NOT_REQUIRED) or ask for one after all (-> NOT_STARTED).
 */
export const BACKGROUND_CHECK_MOVES: Record<BackgroundCheckStatus, readonly BackgroundCheckStatus[]> = {
  NOT_STARTED: ['PENDING', 'APPROVED', 'DECLINED', 'NOT_REQUIRED'],
  PENDING: ['APPROVED', 'DECLINED', 'NOT_STARTED'],
  APPROVED: ['DECLINED'],
  DECLINED: ['PENDING'],
  NOT_REQUIRED: ['NOT_STARTED'],
};

export function requireOpen(state: ApplicationState): OpenApplication {
  if (state.status === 'NONE') throw new NotFoundError(m.notFound);
  return state;
}

export function startApplication(input: StartApplicationInput, state: ApplicationState): ApplicationEvent[] {
  if (state.status !== 'NONE') throw new IllegalStateError(m.alreadyStarted, 'APPLICATION_EXISTS');
  return [{ type: 'ApplicationStarted', data: { ...input } }];
}

/** Records only the fields whose value changes, so an autosave of unchanged answers records nothing. */
export function saveDraft(input: SaveDraftInput, state: ApplicationState): ApplicationEvent[] {
  const app = requireOpen(state);
  if (!EDITABLE.has(app.status)) throw new IllegalStateError(m.notEditable({ status: app.status }), 'APPLICATION_STATUS');
  const changes: DraftChanges = {};
  for (const [key, value] of Object.entries(input.changes) as [keyof DraftChanges, unknown][]) {
    if (JSON.stringify(app.draft[key]) !== JSON.stringify(value)) Object.assign(changes, { [key]: value });
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ApplicationDraftSaved', data: { applicationId: app.applicationId, changes } }];
}

export function submitApplication(input: SubmitApplicationInput, state: ApplicationState): ApplicationEvent[] {
  const app = requireOpen(state);
  if (app.status === 'SUBMITTED') return [];
  if (!EDITABLE.has(app.status)) throw new IllegalStateError(m.notSubmittable({ status: app.status }), 'APPLICATION_STATUS');
  if (app.emailVerificationRequired && !input.emailVerified) throw new IllegalStateError(m.emailNotVerified, 'EMAIL_NOT_VERIFIED');
  const missing = REQUIRED_ANSWERS[app.applicantType].filter((f) => !isAnswered(app.draft[f]));
  if (missing.length > 0) {
    throw new ValidationError(m.missingAnswers, Object.fromEntries(missing.map((f) => [`draft.${f}`, m.missingAnswers])));
  }
  return [{ type: 'ApplicationSubmitted', data: { applicationId: app.applicationId } }];
}

export function reviewApplication(input: ReviewApplicationInput, state: ApplicationState): ApplicationEvent[] {
  const app = requireOpen(state);
  const allowed = app.status === 'SUBMITTED' || (app.status === 'CHANGES_REQUESTED' && input.decision === 'DECLINED');
  if (!allowed) throw new IllegalStateError(m.notReviewable({ status: app.status }), 'APPLICATION_STATUS');
  if (input.decision === 'CHANGES_REQUESTED' && input.note === null) throw ValidationError.forField('note', m.noteRequired);
  if (input.decision === 'APPROVED' && !['APPROVED', 'NOT_REQUIRED'].includes(app.backgroundCheckStatus)) {
    throw new IllegalStateError(m.backgroundCheckOpen, 'BACKGROUND_CHECK');
  }
  return [{ type: 'ApplicationReviewed', data: { applicationId: app.applicationId, decision: input.decision, note: input.note } }];
}

export function setBackgroundCheck(input: SetBackgroundCheckInput, state: ApplicationState): ApplicationEvent[] {
  const app = requireOpen(state);
  const from = app.backgroundCheckStatus;
  if (from === input.status) return [];
  if (!BACKGROUND_CHECK_MOVES[from].includes(input.status)) {
    throw new IllegalStateError(m.backgroundCheckMove({ from, to: input.status }), 'BACKGROUND_CHECK');
  }
  return [{ type: 'BackgroundCheckStatusSet', data: { applicationId: app.applicationId, status: input.status } }];
}

/** Accepting the version already accepted records nothing; an older version than the current is refused. */
export function acceptWaiver(input: AcceptWaiverInput, state: ApplicationState, ctx: CommandContext): ApplicationEvent[] {
  const app = requireOpen(state);
  if (input.version !== input.current) throw ValidationError.forField('version', m.waiverVersion);
  if (app.waiver?.version === input.version) return [];
  return [{ type: 'WaiverAccepted', data: { applicationId: app.applicationId, version: input.version, acceptedAt: ctx.now } }];
}

export function decide(command: ApplicationCommand, state: ApplicationState, ctx: CommandContext): ApplicationEvent[] {
  switch (command.type) {
    case 'StartApplication': return startApplication(command.data, state);
    case 'SaveApplicationDraft': return saveDraft(command.data, state);
    case 'SubmitApplication': return submitApplication(command.data, state);
    case 'ReviewApplication': return reviewApplication(command.data, state);
    case 'SetBackgroundCheckStatus': return setBackgroundCheck(command.data, state);
    case 'AcceptWaiver': return acceptWaiver(command.data, state, ctx);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
