import { describe, expect, it } from 'vitest';
import { fold as foldEvents } from '../shared/decider';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { given, NOW, systemActor } from '../user/given';
import { BACKGROUND_CHECK_MOVES } from './decide';
import { BACKGROUND_CHECK_STATUSES, type ApplicationEvent } from './events';
import { acceptWaiver, reviewApplication, saveApplicationDraft, setBackgroundCheckStatus, startApplication, submitApplication } from './handlers';
import { applicationAggregate, applicationIdOf } from './state';

const ecosystemId = '11111111-1111-4111-8111-111111111111';
const userId = '22222222-2222-4222-8222-222222222222';
const applicationId = applicationIdOf(ecosystemId, userId);
const ctx = { actor: systemActor, now: NOW };
const fold = (events: ApplicationEvent[]) => foldEvents(applicationAggregate, events);

function started(over: Partial<{ approvalRequired: boolean; emailVerificationRequired: boolean; backgroundCheckRequired: boolean }> = {}): ApplicationEvent {
  return {
    type: 'ApplicationStarted',
    data: {
      applicationId, ecosystemId, userId, applicantType: 'TUTOR', approvalRequired: true, emailVerificationRequired: false,
      backgroundCheckRequired: false, leadId: null, ...over,
    },
  };
}
const answers = { dateOfBirth: '2000-01-31', phoneNumber: '5551234567', subjects: ['Math'], availability: 'Weekday evenings', bio: 'I like algebra.' };
const filled: ApplicationEvent = { type: 'ApplicationDraftSaved', data: { applicationId, changes: answers } };
const submitted: ApplicationEvent = { type: 'ApplicationSubmitted', data: { applicationId } };
const reviewed = (decision: 'APPROVED' | 'DECLINED' | 'CHANGES_REQUESTED', note: string | null = null): ApplicationEvent =>
  ({ type: 'ApplicationReviewed', data: { applicationId, decision, note } });

describe('Application: none', () => {
  it('StartApplication starts it; the id is the same for the same person and ecosystem', () => {
    given(startApplication, []).when(started().data).then([started()]);
    expect(applicationIdOf(ecosystemId, userId)).toBe(applicationId);
    expect(applicationIdOf(ecosystemId, '33333333-3333-4333-8333-333333333333')).not.toBe(applicationId);
  });
  it('any other command finds no application', () => {
    given(submitApplication, []).when({ applicationId, emailVerified: true }).thenThrows(NotFoundError);
  });
});

describe('Application: draft', () => {
  it('a save records only the changed fields, normalised; saving the same answers again records nothing', () => {
    given(saveApplicationDraft, [started()]).when({ applicationId, changes: { phoneNumber: '(555) 123-4567', paymentMethod: 'VENMO', bio: ' Hi ' } })
      .then([{ type: 'ApplicationDraftSaved', data: { applicationId, changes: { phoneNumber: '5551234567', bio: 'Hi' } } }]);
    given(saveApplicationDraft, [started(), filled]).when({ applicationId, changes: answers }).then([]);
  });
  it('refuses a malformed answer and an unknown field', () => {
    given(saveApplicationDraft, [started()]).when({ applicationId, changes: { zipCode: '12' } }).thenThrows(Error, 'ZIP code');
    expect(() => saveApplicationDraft.input.parse({ applicationId, changes: { password: 'x' } })).toThrow();
    expect(() => saveApplicationDraft.input.parse({ applicationId, changes: { subjects: ['Astrology'] } })).toThrow();
  });
  it('submitting needs the required answers, each named', () => {
    const run = () => submitApplication.decide({ applicationId, emailVerified: true }, fold([started()]), ctx);
    expect(run).toThrow(ValidationError);
    try { run(); } catch (e) { expect(Object.keys((e as ValidationError).fields).sort()).toEqual(['draft.availability', 'draft.bio', 'draft.dateOfBirth', 'draft.phoneNumber', 'draft.subjects']); }
    given(submitApplication, [started(), filled]).when({ applicationId, emailVerified: false }).then([submitted]);
  });
  it('waits for a confirmed e-mail address when the ecosystem verifies addresses', () => {
    given(submitApplication, [started({ emailVerificationRequired: true }), filled]).when({ applicationId, emailVerified: false })
      .thenThrows(IllegalStateError, 'confirm your e-mail');
    given(submitApplication, [started({ emailVerificationRequired: true }), filled]).when({ applicationId, emailVerified: true }).then([submitted]);
  });
  it('cannot be reviewed before it is submitted', () => {
    given(reviewApplication, [started(), filled]).when({ applicationId, decision: 'APPROVED' }).thenThrows(IllegalStateError);
  });
});

describe('Application: submitted', () => {
  const base = [started(), filled, submitted];
  it('submitting again records nothing; editing is refused', () => {
    given(submitApplication, base).when({ applicationId, emailVerified: true }).then([]);
    given(saveApplicationDraft, base).when({ applicationId, changes: { bio: 'New' } }).thenThrows(IllegalStateError);
  });
  it('admins approve, decline, or ask for changes with a note', () => {
    given(reviewApplication, base).when({ applicationId, decision: 'APPROVED' }).then([reviewed('APPROVED')]);
    given(reviewApplication, base).when({ applicationId, decision: 'DECLINED', note: 'Sorry' }).then([reviewed('DECLINED', 'Sorry')]);
    given(reviewApplication, base).when({ applicationId, decision: 'CHANGES_REQUESTED' }).thenThrows(ValidationError);
    given(reviewApplication, base).when({ applicationId, decision: 'CHANGES_REQUESTED', note: 'Add a bio' }).then([reviewed('CHANGES_REQUESTED', 'Add a bio')]);
  });
  it('approval waits for a required background check', () => {
    const checked = [started({ backgroundCheckRequired: true }), filled, submitted];
    given(reviewApplication, checked).when({ applicationId, decision: 'APPROVED' }).thenThrows(IllegalStateError, 'background check');
    const passed: ApplicationEvent = { type: 'BackgroundCheckStatusSet', data: { applicationId, status: 'APPROVED' } };
    given(reviewApplication, [...checked, passed]).when({ applicationId, decision: 'APPROVED' }).then([reviewed('APPROVED')]);
  });
  it('changes requested: editable and submittable again, or declined; approved and declined are final', () => {
    const back = [...base, reviewed('CHANGES_REQUESTED', 'More')];
    given(saveApplicationDraft, back).when({ applicationId, changes: { bio: 'More about me' } })
      .then([{ type: 'ApplicationDraftSaved', data: { applicationId, changes: { bio: 'More about me' } } }]);
    given(submitApplication, back).when({ applicationId, emailVerified: true }).then([submitted]);
    given(reviewApplication, back).when({ applicationId, decision: 'APPROVED' }).thenThrows(IllegalStateError);
    given(reviewApplication, back).when({ applicationId, decision: 'DECLINED' }).then([reviewed('DECLINED')]);
    for (const end of ['APPROVED', 'DECLINED'] as const) {
      given(reviewApplication, [...base, reviewed(end)]).when({ applicationId, decision: 'DECLINED' }).thenThrows(IllegalStateError);
      given(submitApplication, [...base, reviewed(end)]).when({ applicationId, emailVerified: true }).thenThrows(IllegalStateError);
    }
  });
});

describe('Background check: every move, allowed and refused', () => {
  const at = (status: (typeof BACKGROUND_CHECK_STATUSES)[number]): ApplicationEvent[] => {
    if (status === 'NOT_REQUIRED') return [started()];
    const events = [started({ backgroundCheckRequired: true })];
    if (status === 'NOT_STARTED') return events;
    const path = status === 'DECLINED' ? ['DECLINED'] : status === 'APPROVED' ? ['APPROVED'] : ['PENDING'];
    return [...events, ...path.map((s) => ({ type: 'BackgroundCheckStatusSet', data: { applicationId, status: s } }) as ApplicationEvent)];
  };
  for (const from of BACKGROUND_CHECK_STATUSES) {
    for (const to of BACKGROUND_CHECK_STATUSES) {
      it(`${from} -> ${to}`, () => {
        const when = given(setBackgroundCheckStatus, at(from)).when({ applicationId, status: to });
        if (from === to) when.then([]);
        else if (BACKGROUND_CHECK_MOVES[from].includes(to)) when.then([{ type: 'BackgroundCheckStatusSet', data: { applicationId, status: to } }]);
        else when.thenThrows(IllegalStateError, `cannot go from ${from} to ${to}`);
      });
    }
  }
});

describe('Waiver', () => {
  it('records the version and time once; an outdated version is refused', () => {
    given(acceptWaiver, [started()]).when({ applicationId, version: '2026-11', current: '2026-11' }, { now: '2026-11-24T09:00:00.000Z' })
      .then([{ type: 'WaiverAccepted', data: { applicationId, version: '2026-11', acceptedAt: '2026-11-24T09:00:00.000Z' } }]);
    const accepted: ApplicationEvent = { type: 'WaiverAccepted', data: { applicationId, version: '2026-11', acceptedAt: '2026-11-24T09:00:00.000Z' } };
    given(acceptWaiver, [started(), accepted]).when({ applicationId, version: '2026-11', current: '2026-11' }).then([]);
    given(acceptWaiver, [started()]).when({ applicationId, version: '2025-01', current: '2026-11' }).thenThrows(ValidationError);
  });
});

