import { describe, expect, it } from 'vitest';
import { dropChoices } from './dialogRules';
import type { Session } from './sessionOperations';

const participant = (userId: string, isLeader: boolean, firstName: string) =>
  ({ userId, userType: isLeader ? 'TUTOR' : 'STUDENT', isLeader, joinedTime: null, user: { id: userId, profile: { firstName, lastName: 'X', preferredName: null } } });

function session(changes: Partial<Session>): Session {
  return { participants: [participant('T', true, 'Tina'), participant('L', false, 'Lee'), participant('M', false, 'Max')], viewerCanEdit: false, viewerIsParticipant: false, ...changes } as Session;
}

describe('the session dialogs', () => {
  it('offer the viewer their own seat, and the learners\' seats only to those who run the session', () => {
    expect(dropChoices(session({ viewerIsParticipant: true }), 'L').map((c) => c.value)).toEqual(['L']);
    expect(dropChoices(session({ viewerCanEdit: true }), 'ADMIN').map((c) => c.label)).toEqual(['Lee X', 'Max X']);
    expect(dropChoices(session({ viewerCanEdit: true, viewerIsParticipant: true }), 'T').map((c) => c.value)).toEqual(['T', 'L', 'M']);
  });
});
