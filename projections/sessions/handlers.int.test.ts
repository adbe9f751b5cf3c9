/**
 * The sessions projection, given the Session aggregate's events, then rows: after any sequence of
 * scheduling, scoped edits, cancels, deletes, restores, drops, seats and attendance, the rows are
 * exactly `occurrencesOf` the folded events (the domain's own expansion), for one booking and
 * without touching another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEventTypes } from '../../domain/registry';
import type { SessionEvent } from '../../domain/session/events';
import {
  ana, ben, booked, ecosystemId, handlers, occurrences, run, seriesId,
} from '../../domain/session/fixtures.testing';
import type { Occurrence } from '../../domain/session/model';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { newEvent } from '../testing/fixtures';
import { sessionsProjection } from '.';

let db: TestDatabase;
let store: EventStore;
let runner: ProjectionRunner;
const stream = `session-${seriesId}`;
let appended = 0;

/** Appends the events not yet in the stream and waits for the projection. */
async function project(events: SessionEvent[]): Promise<void> {
  const fresh = events.slice(appended).map((e) => newEvent(e.type, e.data, { ecosystemId }));
  const result = await store.append(stream, fresh, { expectedRevision: appended === 0 ? 'no_stream' : appended - 1 });
  appended = events.length;
  expect(await runner.waitFor(result.position, ['sessions'], 10_000)).toBe(true);
}

interface Row { id: string; date: string; start_at: Date; cancelled: boolean; cancel_reason: string | null; num_learners: number; num_attendees: number; recurring: boolean }

async function rows(): Promise<Row[]> {
  return (await db.ownerPool.query<Row>(`SELECT id, to_char(date, 'YYYY-MM-DD') AS date, start_at, cancelled, cancel_reason, num_learners, num_attendees, recurring
    FROM read.sessions WHERE series_id = $1 ORDER BY start_at, id`, [seriesId])).rows;
}

async function people(): Promise<Array<{ session_id: string; user_id: string; joined_time: Date | null }>> {
  return (await db.ownerPool.query(`SELECT session_id, user_id, joined_time FROM read.session_participants WHERE series_id = $1 ORDER BY session_id, user_id`, [seriesId])).rows;
}

function expected(list: Occurrence[]): Row[] {
  return [...list].sort((a, b) => a.startAt.localeCompare(b.startAt) || a.id.localeCompare(b.id)).map((o) => ({
    id: o.id, date: o.date, start_at: new Date(o.startAt), cancelled: o.cancelled, cancel_reason: o.cancelReason,
    num_learners: o.participants.filter((p) => !p.isLeader).length, num_attendees: o.participants.filter((p) => p.attendance.joinedTime !== null).length,
    recurring: o.recurring,
  }));
}

function expectedPeople(list: Occurrence[]) {
  return list.flatMap((o) => o.participants.map((p) => ({ session_id: o.id, user_id: p.userId, joined_time: p.attendance.joinedTime ? new Date(p.attendance.joinedTime) : null })))
    .sort((a, b) => a.session_id.localeCompare(b.session_id) || a.user_id.localeCompare(b.user_id));
}

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore(db.ownerPool, domainEventTypes());
  runner = new ProjectionRunner(db.ownerPool, store, [sessionsProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
});

afterAll(async () => {
  await runner?.stop();
  await db?.drop();
});

describe('the sessions projection', () => {
  it('writes each state of a booking as occurrencesOf gives it', async () => {
    let events = booked();
    const check = async () => {
      await project(events);
      const want = occurrences(events);
      expect(await rows()).toEqual(expected(want));
      expect(await people()).toEqual(expectedPeople(want));
    };
    await check();
    const ids = occurrences(events).map((o) => o.id);
    expect(ids).toHaveLength(8);
    const on = (i: number) => ({ seriesId, occurrenceId: ids[i] });
    events = run(events, handlers.cancelSession, { ...on(1), scope: 'SINGLE', reason: 'Ill' });
    await check();
    events = run(events, handlers.cancelSession, { ...on(2), scope: 'SINGLE', deleted: true, reason: 'Gone' });
    await check();
    expect((await rows()).map((r) => r.id)).not.toContain(ids[2]);
    events = run(events, handlers.reserveSessionSeat, { ...on(3), scope: 'SINGLE_AND_FOLLOWING', userId: ben.userId });
    await check();
    events = run(events, handlers.dropSession, { ...on(4), userId: ana.userId });
    await check();
    events = run(events, handlers.recordSessionAttendance, { ...on(0), userId: ana.userId, joinedTime: '2026-11-23T21:02:00.000Z' });
    await check();
    events = run(events, handlers.editSession, { ...on(5), scope: 'SINGLE_AND_FOLLOWING', changes: { startTime: '17:30' } });
    await check();
    events = run(events, handlers.editSession, { ...on(0), scope: 'SINGLE', changes: { date: '2026-11-24' } });
    await check();
    events = run(events, handlers.restoreSession, { ...on(1) });
    await check();
    const [first] = await rows();
    expect(first).toMatchObject({ date: '2026-11-24', num_attendees: 1 });
  });

  it('rebuilds from the log to exactly the rows it wrote live', async () => {
    const rebuild = { ...sessionsProjection, name: 'sessions_rebuild', exposedTables: [] };
    const second = new ProjectionRunner(db.ownerPool, store, [rebuild], { pollIntervalMs: 10, onError: () => undefined });
    await second.start();
    try {
      const head = await store.headPosition();
      expect(head && (await second.waitFor(head, ['sessions_rebuild'], 10_000))).toBe(true);
      const dump = async (schema: string) => (await db.ownerPool.query(
        `SELECT s.*, (SELECT json_agg(p ORDER BY p.user_id) FROM ${schema}.session_participants p WHERE p.session_id = s.id) AS people
           FROM ${schema}.sessions s ORDER BY s.id`)).rows;
      const live = await dump(`proj_sessions_v${sessionsProjection.version}`);
      expect(live.length).toBe(7);
      expect(await dump(`proj_sessions_rebuild_v${sessionsProjection.version}`)).toEqual(live);
    } finally {
      await second.stop();
    }
  });

  it('keeps the booking\'s rule for the list\'s recurrence fields', async () => {
    const r = await db.ownerPool.query<{ recurrence: { frequency: string; recurringDays: number[]; weeks: number; startDate: string } }>(
      'SELECT recurrence FROM read.sessions WHERE series_id = $1 ORDER BY start_at LIMIT 1', [seriesId]);
    expect(r.rows[0].recurrence).toMatchObject({ frequency: 'WEEKLY', recurringDays: [1, 3], weeks: 4, startDate: '2026-11-23' });
  });
});
