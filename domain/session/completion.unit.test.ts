/** An occurrence's completion and its participants' feedback (decision 0074), on the folded booking. */
import { describe, expect, it } from 'vitest';
import { IllegalStateError } from '../shared/errors';
import { ana, booked, handlers, occurrences, run, tutor } from './fixtures.testing';

// The fixture's first occurrence: Monday 23 November 2026, 16:00-17:00 New York (21:00-22:00 UTC).
const first = () => occurrences(booked())[0];
const at = (events: ReturnType<typeof booked>, userId: string, joinedTime: string) =>
  run(events, handlers.recordSessionAttendance, { seriesId: first().seriesId, occurrenceId: first().id, userId, joinedTime }, { now: joinedTime });

describe('completing an occurrence', () => {
  it('records HELD once after the end and grace, with who attended; a repeat records nothing', () => {
    let events = at(at(booked(), tutor.userId, '2026-11-23T20:59:00.000Z'), ana.userId, '2026-11-23T21:04:00.000Z');
    const input = { seriesId: first().seriesId, occurrenceId: first().id, graceMinutes: 5 };
    expect(() => run(events, handlers.completeSessionOccurrence, input, { now: '2026-11-23T22:04:00.000Z' })).toThrow(IllegalStateError);
    events = run(events, handlers.completeSessionOccurrence, input, { now: '2026-11-23T22:05:00.000Z' });
    expect(events.at(-1)).toMatchObject({ type: 'SessionOccurrenceCompleted', data: { status: 'HELD', attended: [tutor.userId, ana.userId].sort(), graceMinutes: 5 } });
    expect(run(events, handlers.completeSessionOccurrence, input, { now: '2026-11-23T23:00:00.000Z' })).toHaveLength(events.length);
    expect(occurrences(events)[0].completion).toMatchObject({ status: 'HELD' });
  });

  it('judges no-shows by the grace deadline: a learner 6 minutes late with 5 grace minutes makes TUTEE_NO_SHOW, nobody NO_SHOW', () => {
    const late = at(at(booked(), tutor.userId, '2026-11-23T21:00:00.000Z'), ana.userId, '2026-11-23T21:06:00.000Z');
    const input = { seriesId: first().seriesId, occurrenceId: first().id, graceMinutes: 5 };
    expect(run(late, handlers.completeSessionOccurrence, input, { now: '2026-11-24T00:00:00.000Z' }).at(-1)).toMatchObject({ data: { status: 'TUTEE_NO_SHOW' } });
    expect(run(booked(), handlers.completeSessionOccurrence, input, { now: '2026-11-24T00:00:00.000Z' }).at(-1)).toMatchObject({ data: { status: 'NO_SHOW', attended: [] } });
    const tutorLate = at(at(booked(), ana.userId, '2026-11-23T21:00:00.000Z'), tutor.userId, '2026-11-23T21:30:00.000Z');
    expect(run(tutorLate, handlers.completeSessionOccurrence, input, { now: '2026-11-24T00:00:00.000Z' }).at(-1)).toMatchObject({ data: { status: 'TUTOR_NO_SHOW' } });
  });

  it('takes feedback only from a participant who attended a completed occurrence (or an admin for them)', () => {
    const ids = { seriesId: first().seriesId, occurrenceId: first().id };
    const attended = at(booked(), ana.userId, '2026-11-23T21:00:00.000Z');
    const feedback = { ...ids, userId: ana.userId, rating: 4, comment: ' Good ' };
    const asAna = { actor: { userId: ana.userId, role: 'STUDENT' as const }, now: '2026-11-24T09:00:00.000Z' };
    expect(() => run(attended, handlers.recordSessionFeedback, feedback, asAna)).toThrow('Feedback can be given once the session has ended.');
    const done = run(attended, handlers.completeSessionOccurrence, { ...ids, graceMinutes: 0 }, { now: '2026-11-23T22:00:00.000Z' });
    expect(() => run(done, handlers.recordSessionFeedback, { ...feedback, userId: tutor.userId }, asAna)).toThrow('You can give feedback only for yourself.');
    expect(() => run(done, handlers.recordSessionFeedback, { ...feedback, userId: tutor.userId, actorIsAdmin: true }, asAna))
      .toThrow('Only people who attended this session can give feedback on it.');
    expect(() => run(done, handlers.recordSessionFeedback, { ...feedback, rating: 6 }, asAna)).toThrow();
    const given = run(done, handlers.recordSessionFeedback, feedback, asAna);
    expect(given.at(-1)).toMatchObject({ type: 'SessionFeedbackRecorded', data: { userId: ana.userId, rating: 4, comment: 'Good', by: ana.userId } });
    expect(occurrences(given)[0].feedback?.[ana.userId]).toMatchObject({ rating: 4 });
  });
});
