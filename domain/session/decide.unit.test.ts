import { describe, expect, it } from 'vitest';
import { given } from '../user/given';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { ana, ben, booked, cleo, handlers, occurrences, run, seriesId, tutor } from './fixtures.testing';
import { occurrenceId } from './model';

const { cancelSession, restoreSession, dropSession, reserveSessionSeat, setSessionMeetingRoom, recordSessionAttendance, setSessionsPending, editSession } = handlers;
const ids = occurrences(booked()).map((o) => o.id);
const first = { seriesId, occurrenceId: ids[0] };
/** Two days before the first occurrence (23 Nov 2026, 16:00 New York). */
const EARLY = '2026-11-21T10:00:00.000Z';
/** Within 24 hours of it. */
const CLOSE = '2026-11-23T12:00:00.000Z';

describe('Session: cancel and delete', () => {
  it('asks for a reason within 24 hours of the start, not before', () => {
    given(cancelSession, booked()).when({ ...first, scope: 'SINGLE' }, { now: CLOSE })
      .thenThrows(ValidationError, 'Please give a reason for cancelling a session that starts within 24 hours.');
    given(cancelSession, booked()).when({ ...first, scope: 'SINGLE', reason: '   ' }, { now: CLOSE }).thenThrows(ValidationError, 'reason');
    const events = run(booked(), cancelSession, { ...first, scope: 'SINGLE' }, { now: EARLY });
    expect(occurrences(events).map((o) => o.cancelled)).toEqual([true, false, false, false, false, false, false, false]);
  });

  it('SINGLE_AND_FOLLOWING cancels the chosen one and later ones, skipping ended and cancelled ones', () => {
    let events = run(booked(), cancelSession, { seriesId, occurrenceId: ids[5], scope: 'SINGLE', reason: 'Ill' });
    events = run(events, cancelSession, { seriesId, occurrenceId: ids[4], scope: 'SINGLE_AND_FOLLOWING', reason: 'Moving' });
    expect(events.at(-1)).toMatchObject({ type: 'SessionsCancelled', data: { occurrenceIds: [ids[4], ids[6], ids[7]], reason: 'Moving', deleted: false } });
    expect(occurrences(events).map((o) => o.cancelReason)).toEqual([null, null, null, null, 'Moving', 'Ill', 'Moving', 'Moving']);
  });

  it('ALL cancels only occurrences that have not ended', () => {
    const events = run(booked(), cancelSession, { ...first, scope: 'ALL', reason: 'Done' }, { now: '2026-12-01T00:00:00.000Z' });
    expect(occurrences(events).map((o) => o.cancelled)).toEqual([false, false, false, true, true, true, true, true]);
  });

  it('refuses to cancel a cancelled occurrence; deleting takes it out, after which it no longer exists', () => {
    const cancelled = run(booked(), cancelSession, { ...first, scope: 'SINGLE', reason: 'x' });
    given(cancelSession, cancelled).when({ ...first, scope: 'SINGLE', reason: 'x' }).thenThrows(IllegalStateError, 'already cancelled');
    const deleted = run(cancelled, cancelSession, { ...first, scope: 'SINGLE', deleted: true });
    expect(occurrences(deleted).map((o) => o.id)).toEqual(ids.slice(1));
    given(restoreSession, deleted).when(first).thenThrows(NotFoundError, 'That session no longer exists.');
  });
});

describe('Session: restore', () => {
  it('restores cancelled occurrences in scope, and refuses when none is cancelled', () => {
    const cancelled = run(booked(), cancelSession, { ...first, scope: 'ALL', reason: 'x' });
    const restored = run(cancelled, restoreSession, { seriesId, occurrenceId: ids[6], scope: 'SINGLE_AND_FOLLOWING' });
    expect(occurrences(restored).map((o) => o.cancelled)).toEqual([true, true, true, true, true, true, false, false]);
    expect(occurrences(restored)[6].cancelReason).toBeNull();
    given(restoreSession, booked()).when(first).thenThrows(IllegalStateError, 'not cancelled');
  });
});

describe('Session: drop', () => {
  it('one participant leaves the chosen occurrences; the session goes on for the others', () => {
    const events = run(booked(), dropSession, { seriesId, occurrenceId: ids[2], scope: 'SINGLE_AND_FOLLOWING', userId: ana.userId });
    const all = occurrences(events);
    expect(all.map((o) => o.participants.length)).toEqual([2, 2, 1, 1, 1, 1, 1, 1]);
    expect(all.every((o) => !o.cancelled)).toBe(true);
    expect(all[2].participants[0].userId).toBe(tutor.userId);
  });

  it('the last learner dropping does not cancel; a person not in it is refused', () => {
    const events = run(booked(), dropSession, { ...first, userId: ana.userId });
    expect(occurrences(events)[0]).toMatchObject({ cancelled: false });
    given(dropSession, events).when({ ...first, userId: ana.userId }).thenThrows(IllegalStateError, 'This person is not in this session.');
  });
});

describe('Session: seats', () => {
  it('learners never exceed maxStudents: "This session is full."', () => {
    let events = run(booked(), reserveSessionSeat, { ...first, userId: ben.userId });
    events = run(events, reserveSessionSeat, { ...first, userId: cleo.userId });
    expect(occurrences(events)[0].participants.map((p) => p.userId)).toEqual([tutor.userId, ana.userId, ben.userId, cleo.userId]);
    given(reserveSessionSeat, events).when({ ...first, userId: '5e55a000-0000-4000-8000-0000000000b4' }).thenThrows(IllegalStateError, 'This session is full.');
    given(reserveSessionSeat, events).when({ ...first, userId: ben.userId }).thenThrows(IllegalStateError, 'already in this session');
  });

  it('a dropped seat can be taken again; a seat in a cancelled session cannot', () => {
    const full = run(run(booked(), reserveSessionSeat, { ...first, userId: ben.userId }), reserveSessionSeat, { ...first, userId: cleo.userId });
    const freed = run(full, dropSession, { ...first, userId: ana.userId });
    expect(run(freed, reserveSessionSeat, { ...first, userId: '5e55a000-0000-4000-8000-0000000000b4' })).toHaveLength(freed.length + 1);
    given(reserveSessionSeat, run(booked(), cancelSession, { ...first, scope: 'SINGLE', reason: 'x' })).when({ ...first, userId: ben.userId })
      .thenThrows(IllegalStateError, 'This session is cancelled.');
  });

  it('an edit to fewer seats than an occurrence has learners is refused', () => {
    const events = run(booked(), reserveSessionSeat, { ...first, userId: ben.userId });
    given(editSession, events).when({ ...first, scope: 'ALL', changes: { details: { maxStudents: 1 } } }).thenThrows(IllegalStateError, 'full');
  });
});

describe('Session: meeting room', () => {
  const room = { seriesId, segmentId: seriesId, url: 'https://room.example.org/abc', roomId: 'abc' };

  it('is set on the segment and survives edits, reschedules and participant changes', () => {
    let events = run(booked(), setSessionMeetingRoom, room);
    events = run(events, editSession, { ...first, scope: 'ALL', changes: { startTime: '17:00', participants: [tutor, ben] } });
    events = run(events, editSession, { seriesId, occurrenceId: ids[1], scope: 'SINGLE', changes: { date: '2026-11-26' } });
    events = run(events, editSession, { seriesId, occurrenceId: ids[4], scope: 'SINGLE_AND_FOLLOWING', changes: { startTime: '18:00' } });
    expect(occurrences(events).every((o) => o.details.meeting.url === room.url && o.details.meeting.roomId === 'abc')).toBe(true);
  });

  it('another meeting solution starts without the room; a bad link is refused', () => {
    let events = run(booked(), setSessionMeetingRoom, room);
    events = run(events, editSession, { ...first, scope: 'SINGLE', changes: { details: { meeting: { solution: 'ZOOM' } } } });
    expect(occurrences(events)[0].details.meeting).toMatchObject({ solution: 'ZOOM', url: null, roomId: null });
    expect(occurrences(events)[1].details.meeting.url).toBe(room.url);
    given(setSessionMeetingRoom, booked()).when({ ...room, url: 'ftp://x' }).thenThrows(ValidationError, 'valid video link');
    given(setSessionMeetingRoom, booked()).when({ ...room, segmentId: ids[0] }).thenThrows(NotFoundError);
  });
});

describe('Session: attendance', () => {
  it('the first join wins, with its minutes after the start; the latest leave is kept', () => {
    let events = run(booked(), recordSessionAttendance, { ...first, userId: ana.userId, joinedTime: '2026-11-23T21:03:00Z', isFallbackJoin: true });
    events = run(events, recordSessionAttendance, { ...first, userId: ana.userId, joinedTime: '2026-11-23T21:20:00Z', leftTime: '2026-11-23T21:30:00Z' });
    events = run(events, recordSessionAttendance, { ...first, userId: ana.userId, leftTime: '2026-11-23T21:58:00Z' });
    events = run(events, recordSessionAttendance, { ...first, userId: ana.userId, leftTime: '2026-11-23T21:40:00Z' });
    expect(occurrences(events)[0].participants[1].attendance).toEqual({
      joinedTime: '2026-11-23T21:03:00.000Z', joinedTimeDelta: 3, leftTime: '2026-11-23T21:58:00.000Z', isFallbackJoin: true,
      checkedInTime: null, checkedOutTime: null,
    });
  });

  it('is refused for a person not in the session and without a time', () => {
    given(recordSessionAttendance, booked()).when({ ...first, userId: ben.userId, joinedTime: '2026-11-23T21:03:00Z' }).thenThrows(IllegalStateError, 'not in this session');
    given(recordSessionAttendance, booked()).when({ ...first, userId: ana.userId }).thenThrows(ValidationError, 'join time or a leave time');
  });
});

describe('Session: pending', () => {
  it('a booking awaiting approval is pending until approved, one or many at a time', () => {
    const events = booked({ pending: true });
    expect(occurrences(events).every((o) => o.pending)).toBe(true);
    const approved = run(events, setSessionsPending, { ...first, scope: 'SINGLE_AND_FOLLOWING', pending: false });
    expect(occurrences(approved).every((o) => !o.pending)).toBe(true);
    expect(run(approved, setSessionsPending, { ...first, scope: 'ALL', pending: false })).toHaveLength(approved.length);
  });

  it('unknown occurrences no longer exist', () => {
    given(setSessionsPending, booked()).when({ seriesId, occurrenceId: occurrenceId(seriesId, '2030-01-01'), pending: true }).thenThrows(NotFoundError);
  });
});
