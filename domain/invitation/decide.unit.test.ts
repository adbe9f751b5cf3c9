import { describe, it } from 'vitest';
import { ZodError } from 'zod';
import { IllegalStateError, ValidationError } from '../shared/errors';
import { given, NOW } from '../user/given';
import type { InvitationEvent } from './events';
import { acceptInvitation, issueInvitation, reissueInvitation } from './handlers';

const invitationId = '3f1e2d3c-4b5a-4697-8877-665544332211';
const ecosystemId = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const programId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c03';
const userId = '5b0c5a52-3b8a-4d6e-9d39-0a1f1f6c2a01';
const adminId = '7d3e1c0a-2f4b-4a8e-8c1d-3e5f7a9b1c02';
const hash = (n: number) => n.toString(16).padStart(64, '0');
const LATER = '2026-11-28T10:00:00.000Z';
const MUCH_LATER = '2026-12-05T10:00:00.000Z';
const AFTER_EXPIRY = '2026-11-29T10:00:00.000Z';

const issueInput = {
  invitationId, ecosystemId, programId: null, role: 'STUDENT', userId, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace',
  language: 'es', invitedBy: adminId, tokenHash: hash(1), expiresAt: LATER,
} as const;
const issued: InvitationEvent = { type: 'InvitationIssued', data: { ...issueInput } };
const reissued: InvitationEvent = { type: 'InvitationReissued', data: { invitationId, tokenHash: hash(2), expiresAt: MUCH_LATER, issue: 2 } };
const accepted: InvitationEvent = { type: 'InvitationAccepted', data: { invitationId, userId } };

describe('Invitation: not sent yet', () => {
  it('IssueInvitation records the invitee, the role and the token hash', () => {
    given(issueInvitation, []).when(issueInput).then([issued]);
  });

  it('IssueInvitation takes a program role only with its program, and an ecosystem role only without one', () => {
    given(issueInvitation, []).when({ ...issueInput, role: 'LEADER' }).thenThrows(ValidationError, 'Choose the program');
    given(issueInvitation, []).when({ ...issueInput, programId }).thenThrows(ValidationError, 'Choose the program');
    given(issueInvitation, []).when({ ...issueInput, role: 'LEADER', programId })
      .then([{ type: 'InvitationIssued', data: { ...issueInput, role: 'LEADER', programId } }]);
  });

  it('IssueInvitation refuses a plain token where its hash belongs, and an expiry in the past', () => {
    given(issueInvitation, []).when({ ...issueInput, tokenHash: 'a-plain-token' }).thenThrows(ZodError);
    given(issueInvitation, []).when({ ...issueInput, expiresAt: NOW }).thenThrows(ValidationError, 'must expire after');
  });

  it('nothing can be resent or accepted', () => {
    given(reissueInvitation, []).when({ invitationId, tokenHash: hash(2), expiresAt: LATER }).thenThrows(IllegalStateError, 'no such invitation');
    given(acceptInvitation, []).when({ invitationId, tokenHash: hash(1) }).thenThrows(IllegalStateError, 'This Invite Link Is Invalid');
  });
});

describe('Invitation: sent', () => {
  it('IssueInvitation again is refused', () => {
    given(issueInvitation, [issued]).when(issueInput).thenThrows(IllegalStateError, 'already sent');
  });

  it('AcceptInvitation with the live token before it expires accepts it', () => {
    given(acceptInvitation, [issued]).when({ invitationId, tokenHash: hash(1) }).then([accepted]);
  });

  it('AcceptInvitation with a mistyped token, or after the expiry, is the invalid link', () => {
    given(acceptInvitation, [issued]).when({ invitationId, tokenHash: hash(9) }).thenThrows(IllegalStateError, 'This Invite Link Is Invalid');
    given(acceptInvitation, [issued]).when({ invitationId, tokenHash: hash(1) }, { now: LATER }).thenThrows(IllegalStateError, 'This Invite Link Is Invalid');
    given(acceptInvitation, [issued]).when({ invitationId, tokenHash: hash(1) }, { now: AFTER_EXPIRY }).thenThrows(IllegalStateError, 'This Invite Link Is Invalid');
  });

  it('ReissueInvitation mints the next issue; the earlier token stops working, the new one works until its own expiry', () => {
    given(reissueInvitation, [issued]).when({ invitationId, tokenHash: hash(2), expiresAt: MUCH_LATER }).then([reissued]);
    given(acceptInvitation, [issued, reissued]).when({ invitationId, tokenHash: hash(1) }).thenThrows(IllegalStateError, 'This Invite Link Is Invalid');
    given(acceptInvitation, [issued, reissued]).when({ invitationId, tokenHash: hash(2) }, { now: AFTER_EXPIRY }).then([accepted]);
  });

  it('an expired invitation can still be resent', () => {
    given(reissueInvitation, [issued]).when({ invitationId, tokenHash: hash(2), expiresAt: MUCH_LATER }, { now: AFTER_EXPIRY })
      .then([reissued]);
  });
});

describe('Invitation: accepted', () => {
  it('the token is used up: accepting again is the invalid link, and nothing is resent', () => {
    given(acceptInvitation, [issued, accepted]).when({ invitationId, tokenHash: hash(1) }).thenThrows(IllegalStateError, 'This Invite Link Is Invalid');
    given(reissueInvitation, [issued, accepted]).when({ invitationId, tokenHash: hash(2), expiresAt: MUCH_LATER }).thenThrows(IllegalStateError, 'already accepted');
  });
});
