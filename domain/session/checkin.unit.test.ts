import { describe, expect, it } from 'vitest';
import { given } from '../user/given';
import { IllegalStateError, ValidationError } from '../shared/errors';
import { ana, booked, handlers, occurrences, run, seriesId, tutor } from './fixtures.testing';

const { checkInToSession, checkOutOfSession, cancelSession, setSessionsPending, recordSessionAttendance } = handlers;
const ids = occurrences(booked()).map((o) => o.id);
const first = { seriesId, occurrenceId: ids[0] };
const me = { ...first, userId: tutor.userId };
/** The first occurrence runs 21:00-22:00Z on 23 Nov 2026. */
const AT_START = '2026-11-23T20:58:00.000Z';
const LATER = '2026-11-23T21:10:00.000Z';
const AFTER = '2026-11-23T22:05:00.000Z';

const tutorAttendance = (events: ReturnType<typeof booked>) => occurrences(events)[0].participants.find((p) => p.userId === tutor.userId)?.attendance;

describe('Session: a tutor checks in and out', () => {
  it('records the server time of the first check-in and the first check-out; repeats record nothing', () => {
    let events = run(booked(), checkInToSession, me, { now: AT_START });
    expect(events.at(-1)).toEqual({
      type: 'SessionCheckedIn', data: { ...first, userId: tutor.userId, checkedInTime: AT_START, corrected: false, at: AT_START },
    });
    given(checkInToSession, events).when(me, { now: LATER }).then([]);
    events = run(events, checkOutOfSession, me, { now: AFTER });
    given(checkOutOfSession, events).when(me, { now: '2026-11-23T22:30:00.000Z' }).then([]);
    expect(tutorAttendance(events)).toMatchObject({ checkedInTime: AT_START, checkedOutTime: AFTER, joinedTime: null });
    // The other occurrences are untouched.
    expect(occurrences(events)[1].participants[0].attendance.checkedInTime).toBeNull();
  });

  it('keeps a check-in through a later join, and a join through a check-in', () => {
    let events = run(booked(), recordSessionAttendance, { ...me, joinedTime: LATER });
    events = run(events, checkInToSession, me, { now: AT_START });
    events = run(events, recordSessionAttendance, { ...me, leftTime: AFTER });
    expect(tutorAttendance(events)).toMatchObject({ joinedTime: LATER, checkedInTime: AT_START, leftTime: AFTER, checkedOutTime: null });
  });

  it('an admin correction replaces the time; it may not be in the future nor cross the other record', () => {
    let events = run(booked(), checkInToSession, me, { now: LATER });
    events = run(events, checkInToSession, { ...me, time: AT_START }, { now: AFTER });
    expect(events.at(-1)).toMatchObject({ type: 'SessionCheckedIn', data: { checkedInTime: AT_START, corrected: true } });
    given(checkInToSession, events).when({ ...me, time: AT_START }, { now: AFTER }).then([]);
    given(checkOutOfSession, events).when({ ...me, time: '2026-11-24T00:00:00Z' }, { now: AFTER }).thenThrows(ValidationError, 'cannot be in the future');
    given(checkOutOfSession, events).when({ ...me, time: '2026-11-23T20:00:00Z' }, { now: AFTER }).thenThrows(IllegalStateError, 'cannot be before the check-in');
    events = run(events, checkOutOfSession, me, { now: AFTER });
    given(checkInToSession, events).when({ ...me, time: '2026-11-23T22:10:00Z' }, { now: '2026-11-23T23:00:00Z' }).thenThrows(IllegalStateError, 'cannot be after the check-out');
  });
});

describe('Session: check-in through a split', () => {
  it('"this and following" carries the check-in to the new occurrence on the same date, as it carries joins', () => {
    const second = { seriesId, occurrenceId: ids[1], userId: tutor.userId };
    let events = run(booked(), checkInToSession, second, { now: '2026-11-25T20:58:00.000Z' });
    events = run(events, handlers.editSession, { seriesId, occurrenceId: ids[1], scope: 'SINGLE_AND_FOLLOWING', changes: { details: { subject: 'Geometry' } } },
      { now: '2026-11-25T20:59:00.000Z' });
    const moved = occurrences(events).find((o) => o.date === '2026-11-25')!;
    expect(moved.id).not.toBe(ids[1]);
    expect(moved.details.subject).toBe('Geometry');
    expect(moved.participants.find((p) => p.userId === tutor.userId)?.attendance.checkedInTime).toBe('2026-11-25T20:58:00.000Z');
  });
});

describe('Session: check-in refused', () => {
  it('checking out before checking in', () => {
    given(checkOutOfSession, booked()).when(me, { now: AT_START }).thenThrows(IllegalStateError, 'Check in before checking out.');
  });

  it('for learners and people not in the session', () => {
    given(checkInToSession, booked()).when({ ...first, userId: ana.userId }, { now: AT_START }).thenThrows(IllegalStateError, 'Only the tutors');
    given(checkInToSession, booked()).when({ ...first, userId: '5e55a000-0000-4000-8000-0000000000ff' }, { now: AT_START })
      .thenThrows(IllegalStateError, 'not in this session');
  });

  it('for cancelled and pending sessions', () => {
    const cancelled = run(booked(), cancelSession, { ...first, scope: 'SINGLE', reason: 'Ill' });
    given(checkInToSession, cancelled).when(me, { now: AT_START }).thenThrows(IllegalStateError, 'This session is cancelled.');
    const pending = run(booked(), setSessionsPending, { ...first, pending: true });
    given(checkInToSession, pending).when(me, { now: AT_START }).thenThrows(IllegalStateError, 'awaiting approval');
  });
});
