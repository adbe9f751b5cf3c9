import { describe, expect, it } from 'vitest';
import { breakoutInputs, defaultPairs, mayAddBreakouts } from './breakoutRooms';
import type { Session } from './sessionOperations';

const participant = (userId: string, isLeader: boolean, firstName: string) =>
  ({ userId, userType: isLeader ? 'TUTOR' as const : 'STUDENT' as const, isLeader, joinedTime: null, checkedInTime: null, checkedOutTime: null,
    user: { id: userId, profile: { firstName, lastName: 'X', preferredName: null } } });

function group(changes: Partial<Session> = {}): Session {
  return {
    programId: 'P', subject: 'Chemistry', sessionType: 'GROUP', status: 'UPCOMING', viewerCanEdit: true, meetingSolution: 'CUSTOM_URL',
    date: '2027-03-04', startTime: '16:00', endTime: '17:00', timeZoneId: 'America/New_York',
    participants: [participant('T1', true, 'Tina'), participant('L1', false, 'Lee'), participant('T2', true, 'Tom'), participant('L2', false, 'Max'), participant('L3', false, 'Ana')],
    ...changes,
  } as Session;
}

describe('breakout rooms', () => {
  it('share the learners out among the leaders in turn', () => {
    expect(defaultPairs(group())).toEqual({ L1: 'T1', L2: 'T2', L3: 'T1' });
    expect(defaultPairs(group({ participants: [participant('L1', false, 'Lee')] }))).toEqual({});
  });

  it('are offered for a group lesson ahead with a leader and a learner, to those who may change it', () => {
    expect(mayAddBreakouts(group())).toBe(true);
    expect(mayAddBreakouts(group({ viewerCanEdit: false }))).toBe(false);
    expect(mayAddBreakouts(group({ sessionType: 'ONE_ON_ONE' }))).toBe(false);
    expect(mayAddBreakouts(group({ status: 'CANCELLED' }))).toBe(false);
    expect(mayAddBreakouts(group({ participants: [participant('T1', true, 'Tina')] }))).toBe(false);
  });

  it('become one ONE_ON_ONE_BREAKOUT booking per chosen pair at the lesson\'s time, each with a room of its own', () => {
    const inputs = breakoutInputs(group(), { L1: 'T2', L2: '', L3: 'T1' }, (l) => `Chemistry: ${l.name}`);
    expect(inputs.map((r) => r.learnerId)).toEqual(['L1', 'L3']);
    expect(inputs[0].input).toMatchObject({
      programId: 'P', sessionType: 'ONE_ON_ONE_BREAKOUT', subject: 'Chemistry: Lee X', date: '2027-03-04', startTime: '16:00', endTime: '17:00',
      timeZoneId: 'America/New_York', recurrence: null, location: 'ONLINE', meetingSolution: 'LESSONSPACE', tutorIds: ['T2'], tuteeIds: ['L1'], forceBook: null,
    });
    expect(breakoutInputs(group({ meetingSolution: 'ZOOM' }), { L1: 'T1' }, () => 'x', true)[0].input).toMatchObject({ meetingSolution: 'ZOOM', forceBook: true });
  });
});
