/**
 * The session_lessonspace read model (decision 0065): the Lessonspace events of a booking give one
 * row per occurrence with the latest lesson and every file name once; a rebuild ends with the same
 * rows; and a reader of another ecosystem sees none of them (row-level security).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEventTypes } from '../../domain/registry';
import type { SessionEvent } from '../../domain/session/events';
import { booked, ecosystemId, handlers, occurrences, run, seriesId, tutor } from '../../domain/session/fixtures.testing';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { beginStatement } from '../scope-settings';
import { newEvent, TENANT_B, waitUntilServing } from '../testing/fixtures';
import { lessonspaceOfSessions, sessionLessonspaceProjection } from '.';

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
const AFTER = '2026-11-23T23:00:00.000Z';
const BEFORE = '2026-11-21T10:00:00.000Z';

/** The booking with a room, two uploads (one name twice) to the second occurrence, and two lessons recorded for the first. */
function history(): SessionEvent[] {
  const ids = occurrences(booked()).map((o) => o.id);
  let events = run(booked(), handlers.setSessionMeetingRoom, { seriesId, segmentId: seriesId, url: 'https://go.room.sh/?space=s', roomId: `session-${seriesId}` });
  events = run(events, handlers.recordLessonspaceFiles, { seriesId, occurrenceId: ids[1], fileNames: ['a.pdf', 'b.pdf'], uploadedBy: tutor.userId }, { now: BEFORE });
  events = run(events, handlers.recordLessonspaceFiles, { seriesId, occurrenceId: ids[1], fileNames: ['b.pdf', 'c.pdf'], uploadedBy: tutor.userId }, { now: BEFORE });
  const lesson = { seriesId, occurrenceId: ids[0], recordingUrl: 'https://go.room.sh/playback/1', recordedBy: tutor.userId };
  events = run(events, handlers.recordLessonspaceLesson, { ...lesson, lessonspaceSessionId: 'first' }, { now: AFTER });
  return run(events, handlers.recordLessonspaceLesson, { ...lesson, lessonspaceSessionId: 'second', recordingUrl: null }, { now: AFTER });
}

async function read(ecosystemIds: string[]) {
  const client = await db.apiPool.connect();
  try {
    await client.query(beginStatement({ platformAdmin: false, ecosystemIds }));
    const rows = await lessonspaceOfSessions(client, occurrences(booked()).map((o) => o.id));
    await client.query('COMMIT');
    return [...rows.values()].map((r) => ({ lesson: r.lessonspaceSessionId, url: r.recordingUrl, files: r.uploadedFiles })).sort((a, b) => String(a.lesson).localeCompare(String(b.lesson)));
  } finally {
    client.release();
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool, domainEventTypes());
  runner = new ProjectionRunner(db.ownerPool, store, [sessionLessonspaceProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
});
afterAll(async () => {
  await runner?.stop();
  await store?.close();
  await db?.drop();
});

describe('the session_lessonspace projection', () => {
  it('keeps the latest lesson and each file name once, the same after a rebuild, and only for the booking\'s ecosystem', async () => {
    const result = await store.append(`session-${seriesId}`, history().map((e) => newEvent(e.type, e.data, { ecosystemId })), { expectedRevision: 'no_stream' });
    expect(await runner.waitFor(result.position, ['session_lessonspace'], 10_000)).toBe(true);
    const want = [
      { lesson: null, url: null, files: ['a.pdf', 'b.pdf', 'c.pdf'] },
      { lesson: 'second', url: null, files: [] },
    ];
    expect(await read([ecosystemId])).toEqual(want);
    const [schema] = await runner.rebuild(['session_lessonspace']);
    await waitUntilServing(db.ownerPool, schema);
    expect(await read([ecosystemId])).toEqual(want);
    expect(await read([TENANT_B])).toEqual([]);
  });
});
