import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { IllegalStateError, NotFoundError } from '../shared/errors';
import { given } from '../user/given';
import type { SessionEvent } from './events';
import { lessonspaceOf } from './lessonspace-events';
import { booked, handlers, occurrences, run, seriesId, tutor } from './fixtures.testing';
import { sessionAggregate, type ScheduledSession } from './state';

const { recordLessonspaceLesson, recordLessonspaceFiles, setSessionMeetingRoom, cancelSession, editSession } = handlers;
const withRoom = (events: SessionEvent[]) => run(events, setSessionMeetingRoom, {
  seriesId, segmentId: seriesId, url: 'https://go.room.sh/?space=abc', roomId: `session-${seriesId}`,
});
const ids = occurrences(booked()).map((o) => o.id);
const first = { seriesId, occurrenceId: ids[0] };
/** The first occurrence runs 23 Nov 2026 16:00-17:00 New York (21:00-22:00 UTC). */
const BEFORE = '2026-11-21T10:00:00.000Z';
const DURING = '2026-11-23T21:30:00.000Z';
const AFTER = '2026-11-23T23:00:00.000Z';
const lesson = { ...first, lessonspaceSessionId: 'ls-1', recordingUrl: 'https://go.room.sh/playback/1', recordedBy: tutor.userId };
const files = { ...first, fileNames: ['worksheet.pdf'], uploadedBy: tutor.userId };
const state = (events: SessionEvent[]) => fold(sessionAggregate, events) as ScheduledSession;

describe('Session: the Lessonspace lesson that held an occurrence', () => {
  it('records it once the occurrence has started, and keeps it in the state', () => {
    const events = run(withRoom(booked()), recordLessonspaceLesson, { ...lesson, startedAt: '2026-11-23T21:01:00Z' }, { now: AFTER });
    expect(events.at(-1)).toMatchObject({
      type: 'SessionLessonspaceLessonRecorded',
      data: { occurrenceId: ids[0], lessonspaceSessionId: 'ls-1', startedAt: '2026-11-23T21:01:00.000Z', recordingUrl: 'https://go.room.sh/playback/1' },
    });
    expect(lessonspaceOf(state(events), ids[0]).lesson?.lessonspaceSessionId).toBe('ls-1');
    expect(lessonspaceOf(state(events), ids[1]).lesson).toBeNull();
  });

  it('records nothing for the same lesson again, and the newer one when it differs', () => {
    const once = run(withRoom(booked()), recordLessonspaceLesson, lesson, { now: AFTER });
    given(recordLessonspaceLesson, once).when(lesson, { now: AFTER }).then([]);
    const again = run(once, recordLessonspaceLesson, { ...lesson, lessonspaceSessionId: 'ls-2' }, { now: AFTER });
    expect(lessonspaceOf(state(again), ids[0]).lesson?.lessonspaceSessionId).toBe('ls-2');
  });

  it('refuses before the start, without a room, outside Lessonspace, for a cancelled or unknown occurrence', () => {
    given(recordLessonspaceLesson, withRoom(booked())).when(lesson, { now: BEFORE }).thenThrows(IllegalStateError, 'has not started yet');
    given(recordLessonspaceLesson, booked()).when(lesson, { now: AFTER }).thenThrows(IllegalStateError, 'room is not ready');
    const zoom = booked({ details: { sessionType: 'GROUP', programId: '5e55a000-0000-4000-8000-000000000003', subject: 'Algebra', location: 'ONLINE', meeting: { solution: 'ZOOM' } } });
    given(recordLessonspaceLesson, zoom).when(lesson, { now: AFTER }).thenThrows(IllegalStateError, 'does not meet in a Lessonspace room');
    const cancelled = run(withRoom(booked()), cancelSession, { ...first, scope: 'SINGLE', reason: 'Ill' }, { now: BEFORE });
    given(recordLessonspaceLesson, cancelled).when(lesson, { now: AFTER }).thenThrows(IllegalStateError, 'cancelled');
    given(recordLessonspaceLesson, withRoom(booked())).when({ ...lesson, occurrenceId: seriesId }, { now: AFTER }).thenThrows(NotFoundError, 'no longer exists');
  });
});

describe('Session: files put into an occurrence\'s Lessonspace space', () => {
  it('records the uploaded names as uploadedFiles, each once', () => {
    const events = run(withRoom(booked()), recordLessonspaceFiles, { ...files, fileNames: ['a.pdf', 'b.pdf', 'a.pdf'] }, { now: DURING });
    expect(events.at(-1)).toMatchObject({ type: 'SessionLessonspaceFilesUploaded', data: { method: 'LESSONSPACE', fileNames: ['a.pdf', 'b.pdf'] } });
    const more = run(events, recordLessonspaceFiles, { ...files, fileNames: ['b.pdf', 'c.pdf'] }, { now: DURING });
    expect(more.at(-1)).toMatchObject({ data: { fileNames: ['c.pdf'] } });
    expect(lessonspaceOf(state(more), ids[0]).uploadedFiles).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    given(recordLessonspaceFiles, more).when({ ...files, fileNames: ['a.pdf'] }, { now: DURING }).then([]);
  });

  it('refuses once the lesson has ended, for a cancelled occurrence and outside Lessonspace', () => {
    given(recordLessonspaceFiles, withRoom(booked())).when(files, { now: AFTER }).thenThrows(IllegalStateError, 'already ended');
    const cancelled = run(withRoom(booked()), cancelSession, { ...first, scope: 'SINGLE', reason: 'Ill' }, { now: BEFORE });
    given(recordLessonspaceFiles, cancelled).when(files, { now: BEFORE }).thenThrows(IllegalStateError, 'cancelled');
    const inPerson = run(withRoom(booked()), editSession, {
      ...first, scope: 'SINGLE', changes: { details: { location: 'IN_PERSON', meeting: { solution: 'IN_PERSON', locationName: 'Room 4' } } },
    }, { now: BEFORE });
    given(recordLessonspaceFiles, inPerson).when(files, { now: BEFORE }).thenThrows(IllegalStateError, 'does not meet in a Lessonspace room');
  });

  it('keeps lessons and files through edits of other fields', () => {
    let events = run(withRoom(booked()), recordLessonspaceFiles, files, { now: BEFORE });
    events = run(events, editSession, { ...first, scope: 'SINGLE', changes: { details: { subject: 'Geometry' } } }, { now: BEFORE });
    expect(lessonspaceOf(state(events), ids[0]).uploadedFiles).toEqual(['worksheet.pdf']);
  });
});
