import { describe, expect, it } from 'vitest';
import { given } from '../user/given';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { ana, ben, booked, booking, handlers, NOW, occurrences, run, seriesId, tutor } from './fixtures.testing';
import { occurrenceId } from './model';
import { scheduleOf } from './occurrences';
import { sessionAggregate } from './state';
import { fold } from '../shared/decider';

const { scheduleSession, editSession, recordSessionAttendance, cancelSession } = handlers;
const firstId = occurrenceId(seriesId, '2026-11-23');

describe('Session: booking', () => {
  it('ScheduleSession records the booking, its first segment being the series, and expands to its occurrences', () => {
    const events = booked();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'SessionScheduled', data: { seriesId, segmentId: seriesId, forceBooked: false, pending: false } });
    const all = occurrences(events);
    expect(all.map((o) => o.date)).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02', '2026-12-07', '2026-12-09', '2026-12-14', '2026-12-16']);
    expect(all[0]).toMatchObject({ id: firstId, startAt: '2026-11-23T21:00:00.000Z', endAt: '2026-11-23T22:00:00.000Z', recurring: true, cancelled: false });
    expect(all[0].participants.map((p) => p.userId)).toEqual([tutor.userId, ana.userId]);
  });

  it('records force-booking and the conflicts it overrode', () => {
    const conflicts = [{ type: 'OVERLAP', date: '2026-11-25', userId: ana.userId }];
    const [event] = booked({ forceBooked: true, overriddenConflicts: conflicts });
    expect(event.data).toMatchObject({ forceBooked: true, overriddenConflicts: conflicts });
  });

  it('refuses the spec\'s invalid times and days', () => {
    const b = booking();
    given(scheduleSession, []).when(booking({ schedule: { ...(b.schedule as object), durationMinutes: 421 } }))
      .thenThrows(ValidationError, 'Please double check your selected start and end times. Sessions cannot be longer than 7 hours.');
    given(scheduleSession, []).when(booking({ schedule: { ...(b.schedule as object), durationMinutes: 10 } }))
      .thenThrows(ValidationError, 'Sessions cannot be shorter than 15 minutes.');
    given(scheduleSession, []).when(booking({
      schedule: { ...(b.schedule as object), recurrence: { frequency: 'WEEKLY', interval: 1, recurringDays: [], weeks: 4, endDate: null } },
    })).thenThrows(ValidationError, 'Please select at least one day of the week for sessions to recur.');
  });

  it('a custom video link must be an http(s) URL; other solutions take no link from the booker', () => {
    const details = (meeting: object) => ({ ...(booking().details as object), meeting });
    given(scheduleSession, []).when(booking({ details: details({ solution: 'CUSTOM_URL', url: 'javascript:alert(1)' }) }))
      .thenThrows(ValidationError, 'Please enter a valid video link');
    given(scheduleSession, []).when(booking({ details: details({ solution: 'CUSTOM_URL' }) })).thenThrows(ValidationError, 'valid video link');
    expect(occurrences(booked({ details: details({ solution: 'CUSTOM_URL', url: ' https://meet.example.org/x ' }) }))[0].details.meeting.url)
      .toBe('https://meet.example.org/x');
    expect(occurrences(booked({ details: details({ solution: 'ZOOM', url: 'https://evil.example.org' }) }))[0].details.meeting.url).toBeNull();
  });

  it('refuses a start in the past unless the actor is an admin', () => {
    const past = { ...(booking().schedule as object), startDate: '2026-11-20', recurrence: null };
    given(scheduleSession, []).when(booking({ schedule: past })).thenThrows(ValidationError, 'Sessions cannot start in the past.');
    expect(booked({ schedule: past, actorIsAdmin: true })).toHaveLength(1);
  });

  it('refuses more learners than seats, a person twice, nobody, and a second booking of the same series', () => {
    given(scheduleSession, []).when(booking({ participants: [tutor, ana, ben], details: { ...(booking().details as object), maxStudents: 1 } }))
      .thenThrows(IllegalStateError, 'This session is full.');
    given(scheduleSession, []).when(booking({ participants: [tutor, ana, ana] })).thenThrows(ValidationError, 'only once');
    given(scheduleSession, []).when(booking({ participants: [] })).thenThrows(ValidationError, 'at least one participant');
    given(scheduleSession, booked()).when(booking()).thenThrows(IllegalStateError, 'already been booked');
  });
});

describe('Session: SINGLE edits', () => {
  it('moves one occurrence to another day and time, keeping its id; the others do not move', () => {
    const events = run(booked(), editSession, { seriesId, occurrenceId: firstId, scope: 'SINGLE', changes: { date: '2026-11-24', startTime: '09:30' } });
    const all = occurrences(events);
    expect(all[0]).toMatchObject({ id: firstId, originalDate: '2026-11-23', date: '2026-11-24', startTime: '09:30', startAt: '2026-11-24T14:30:00.000Z' });
    expect(all.slice(1).every((o) => o.startTime === '16:00')).toBe(true);
  });

  it('records only what differs, and nothing when nothing does', () => {
    expect(run(booked(), editSession, { seriesId, occurrenceId: firstId, scope: 'SINGLE', changes: { startTime: '16:00' } })).toHaveLength(1);
    const events = run(booked(), editSession, { seriesId, occurrenceId: firstId, scope: 'SINGLE', changes: { startTime: '17:00', details: { subject: 'Algebra' } } });
    expect(events[1]).toMatchObject({ type: 'SessionEdited', data: { changes: { startTime: '17:00' } } });
    expect(events[1].data).not.toHaveProperty('changes.details');
  });

  it('may not change the recurrence, nor an occurrence that does not exist', () => {
    given(editSession, booked()).when({ seriesId, occurrenceId: firstId, scope: 'SINGLE', changes: { recurrence: null } })
      .thenThrows(ValidationError, 'this and following sessions or to all of them');
    given(editSession, booked()).when({ seriesId, occurrenceId: occurrenceId(seriesId, '2026-11-24'), scope: 'SINGLE', changes: { startTime: '10:00' } })
      .thenThrows(NotFoundError, 'That session no longer exists.');
    given(editSession, []).when({ seriesId, occurrenceId: firstId, scope: 'SINGLE', changes: {} }).thenThrows(NotFoundError, 'That session no longer exists.');
  });
});

describe('Session: edits of this and following, and of all', () => {
  const later = '2026-11-26T12:00:00.000Z';
  /** The first two occurrences have ended at `later`, and Ana joined the first one. */
  function withHistory() {
    return run(booked(), recordSessionAttendance, { seriesId, occurrenceId: firstId, userId: ana.userId, joinedTime: '2026-11-23T21:02:00Z' }, { now: '2026-11-23T21:02:00.000Z' });
  }

  it('SINGLE_AND_FOLLOWING splits the series: earlier occurrences, their ids and attendance stay; later ones form a new series', () => {
    const before = occurrences(withHistory());
    const chosen = before[4];
    const events = run(withHistory(), editSession, { seriesId, occurrenceId: chosen.id, scope: 'SINGLE_AND_FOLLOWING', changes: { startTime: '18:00' } }, { now: later });
    const after = occurrences(events);
    expect(after.slice(0, 4)).toEqual(before.slice(0, 4));
    expect(after[0].participants[1].attendance.joinedTime).toBe('2026-11-23T21:02:00.000Z');
    const tail = after.slice(4);
    expect(tail.map((o) => o.date)).toEqual(before.slice(4).map((o) => o.date));
    expect(tail.every((o) => o.segmentId !== seriesId && o.startTime === '18:00')).toBe(true);
    expect(new Set(tail.map((o) => o.segmentId)).size).toBe(1);
  });

  it('a split carries cancellations and deletions by local date', () => {
    const before = occurrences(booked());
    let events = run(booked(), cancelSession, { seriesId, occurrenceId: before[6].id, scope: 'SINGLE', reason: 'Holiday' });
    events = run(events, cancelSession, { seriesId, occurrenceId: before[7].id, scope: 'SINGLE', reason: 'Holiday', deleted: true });
    events = run(events, editSession, { seriesId, occurrenceId: before[4].id, scope: 'SINGLE_AND_FOLLOWING', changes: { durationMinutes: 90 } });
    const after = occurrences(events);
    expect(after.map((o) => [o.date, o.durationMinutes, o.cancelled])).toEqual([
      ['2026-11-23', 60, false], ['2026-11-25', 60, false], ['2026-11-30', 60, false], ['2026-12-02', 60, false],
      ['2026-12-07', 90, false], ['2026-12-09', 90, false], ['2026-12-14', 90, true],
    ]);
    expect(after[6].cancelReason).toBe('Holiday');
  });

  it('from the first occurrence, "this and following" edits the series in place and keeps every id', () => {
    const before = occurrences(booked());
    const events = run(booked(), editSession, { seriesId, occurrenceId: firstId, scope: 'SINGLE_AND_FOLLOWING', changes: { details: { subject: 'Geometry' } } });
    expect(events[1].type).toBe('SessionSegmentEdited');
    expect(occurrences(events).map((o) => [o.id, o.details.subject])).toEqual(before.map((o) => [o.id, 'Geometry']));
  });

  it('ALL leaves ended occurrences as they were and changes the rest, keeping their ids', () => {
    const before = occurrences(withHistory());
    const events = run(withHistory(), editSession, { seriesId, occurrenceId: before[5].id, scope: 'ALL', changes: { startTime: '15:00' } }, { now: later });
    const after = occurrences(events);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after.map((o) => o.id)).toEqual(before.map((o) => o.id));
    expect(after.slice(2).every((o) => o.startTime === '15:00')).toBe(true);
  });

  it('ALL that changes the dates after some have ended starts a new series from the first one not ended', () => {
    const before = occurrences(withHistory());
    const events = run(withHistory(), editSession, {
      seriesId, occurrenceId: before[3].id, scope: 'ALL',
      changes: { recurrence: { frequency: 'WEEKLY', interval: 1, recurringDays: [2], weeks: 2, endDate: null } },
    }, { now: later });
    expect(events.at(-1)?.type).toBe('SessionSegmentSplit');
    expect(occurrences(events).map((o) => o.date)).toEqual(['2026-11-23', '2026-11-25', '2026-12-01', '2026-12-08']);
  });

  it('an edit of all wins over a SINGLE edit of the same field of a later occurrence', () => {
    const before = occurrences(booked());
    let events = run(booked(), editSession, { seriesId, occurrenceId: before[3].id, scope: 'SINGLE', changes: { startTime: '08:00', details: { subject: 'Own' } } });
    events = run(events, editSession, { seriesId, occurrenceId: firstId, scope: 'ALL', changes: { startTime: '12:00' } });
    const o = occurrences(events)[3];
    expect([o.startTime, o.details.subject]).toEqual(['12:00', 'Own']);
  });

  it('a date change moves the rule by as many days', () => {
    const events = run(booked(), editSession, { seriesId, occurrenceId: firstId, scope: 'ALL', changes: { date: '2026-11-24' } });
    expect(occurrences(events).map((o) => o.date).slice(0, 3)).toEqual(['2026-11-24', '2026-11-26', '2026-12-01']);
  });

  it('refuses when every covered occurrence has ended', () => {
    given(editSession, booked()).when({ seriesId, occurrenceId: firstId, scope: 'ALL', changes: { startTime: '10:00' } }, { now: '2027-01-01T00:00:00.000Z' })
      .thenThrows(IllegalStateError, 'These sessions have already ended.');
  });

  it('a time change into the past is refused for non-admins', () => {
    given(editSession, booked()).when({ seriesId, occurrenceId: firstId, scope: 'SINGLE', changes: { date: '2026-11-20' } }, { now: NOW })
      .thenThrows(ValidationError, 'Sessions cannot start in the past.');
  });
});

describe('Session: new dates for all', () => {
  it('moving all by a day starts a new series that keeps the cancellations, moved with their occurrences', () => {
    const before = occurrences(booked());
    let events = run(booked(), cancelSession, { seriesId, occurrenceId: before[1].id, scope: 'SINGLE', reason: 'Ill' });
    events = run(events, editSession, { seriesId, occurrenceId: firstId, scope: 'ALL', changes: { date: '2026-11-24' } });
    const after = occurrences(events);
    expect(after.map((o) => [o.date, o.cancelled])).toEqual(before.map((o, i) => [
      new Date(Date.parse(`${o.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), i === 1,
    ]));
    expect(after.every((o) => o.segmentId !== seriesId)).toBe(true);
    expect(scheduleOf(fold(sessionAggregate, events), after[0])?.recurrence).toMatchObject({ recurringDays: [2, 4], endDate: '2026-12-21' });
  });
});
