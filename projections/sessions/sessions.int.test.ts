/**
 * The sessions read model on the real PostgreSQL: writeOccurrences replaces a booking's rows in a
 * constant number of statements, and the readers list by status, page, filter and scope, each
 * tenant seeing only its own rows (row-level security of the read views).
 */
import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEventTypes } from '../../domain/registry';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import { createTestDatabase, type TestDatabase } from '../../tests/setup/db';
import { ProjectionRunner } from '../runner';
import { withTenantScope } from '../scope';
import { listBuilds } from '../checkpoints';
import { qualified } from '../sql';
import { leadersAmong, listSessions, minutesLed, participantsOfSessions, sessionsByIds, sessionsProjection, writeOccurrences, type SessionListQuery } from '.';
import { booking, person, weeklyRule, writeBooking } from './testing';

const E1 = randomUUID();
const E2 = randomUUID();
const P1 = randomUUID();
const P2 = randomUUID();
const tutor = randomUUID();
const student = randomUUID();
const other = randomUUID();
const NOW = new Date('2026-11-24T12:00:00Z');
const HOUR = 3_600_000;

let db: TestDatabase;
let runner: ProjectionRunner;

const scoped = <T>(ecosystemIds: string[], fn: (c: PoolClient) => Promise<T>) => withTenantScope(db.apiPool, { platformAdmin: false, ecosystemIds }, fn);
const list = (q: Partial<SessionListQuery>, ecosystems = [E1]) => scoped(ecosystems, (c) => listSessions(c, {
  scope: { all: true }, userIds: null, status: 'UPCOMING', now: NOW, pageNumber: 1, pageSize: 20, ...q,
}));

beforeAll(async () => {
  db = await createTestDatabase();
  const store = createPostgresEventStore(db.ownerPool, domainEventTypes());
  runner = new ProjectionRunner(db.ownerPool, store, [sessionsProjection], { pollIntervalMs: 10, onError: () => undefined });
  await runner.start();
});

afterAll(async () => {
  await runner?.stop();
  await db?.drop();
});

describe('writeOccurrences', () => {
  it('replaces a booking in four statements whatever its size, removing deleted occurrences and departed people', async () => {
    const seriesId = randomUUID();
    const all = booking({ seriesId, ecosystemId: E1, programId: P1, startAt: new Date('2027-01-04T15:00:00Z'), count: 52,
      participants: [person(tutor, 'TUTOR'), person(student, 'STUDENT'), person(other, 'STUDENT')] });
    const [build] = await listBuilds(db.ownerPool, { names: ['sessions'] });
    const client = await db.ownerPool.connect();
    let statements = 0;
    const counting = new Proxy(client, { get: (t, k) => (k === 'query' ? (...a: unknown[]) => { statements += 1; return (t.query as (...x: unknown[]) => unknown)(...a); } : Reflect.get(t, k)) });
    try {
      const table = (n: string) => qualified(build.schema, n);
      await writeOccurrences(counting, table, seriesId, E1, all, new Map([[seriesId, weeklyRule('2027-01-04', 52)]]));
      expect(statements).toBe(4);
      // The last ten deleted, and `other` dropped from the rest.
      const kept = all.slice(0, 42).map((o) => ({ ...o, participants: o.participants.filter((p) => p.userId !== other) }));
      statements = 0;
      await writeOccurrences(counting, table, seriesId, E1, kept);
      expect(statements).toBe(4);
    } finally {
      client.release();
    }
    const rows = await scoped([E1], (c) => sessionsByIds(c, all.map((o) => o.id)));
    expect(rows.size).toBe(42);
    const people = await scoped([E1], (c) => participantsOfSessions(c, all.map((o) => o.id)));
    expect(people).toHaveLength(84);
    expect(people.some((p) => p.userId === other)).toBe(false);
    const first = rows.get(all[0].id)!;
    expect(first).toMatchObject({ numLeaders: 1, numLearners: 1, numAttendees: 0, date: '2027-01-04', startTime: '15:00', recurring: true });
    expect(first.startAt.toISOString()).toBe('2027-01-04T15:00:00.000Z');
  });

  it('keeps a row untouched when nothing in it changed', async () => {
    const occurrences = booking({ ecosystemId: E1, programId: P1, startAt: new Date('2027-02-01T15:00:00Z'), count: 3, participants: [person(tutor, 'TUTOR')] });
    await writeBooking(db.ownerPool, occurrences);
    const [build] = await listBuilds(db.ownerPool, { names: ['sessions'] });
    const xmin = async () => (await db.ownerPool.query<{ x: string }>(`SELECT xmin::text AS x FROM ${qualified(build.schema, 'sessions')} WHERE id = $1`, [occurrences[0].id])).rows[0].x;
    const before = await xmin();
    const changed = occurrences.map((o, i) => (i === 2 ? { ...o, cancelled: true } : o));
    await writeBooking(db.ownerPool, changed);
    expect(await xmin()).toBe(before);
    const rows = await scoped([E1], (c) => sessionsByIds(c, [occurrences[2].id]));
    expect(rows.get(occurrences[2].id)?.cancelled).toBe(true);
  });
});

describe('listing sessions', () => {
  const user = randomUUID();
  const mine = (start: Date, extra: Partial<Parameters<typeof booking>[0]> = {}) =>
    booking({ ecosystemId: E1, programId: P1, startAt: start, participants: [person(tutor, 'TUTOR'), person(user, 'STUDENT')], ...extra });

  beforeAll(async () => {
    for (let i = 0; i < 5; i += 1) await writeBooking(db.ownerPool, mine(new Date(NOW.getTime() + (i + 1) * 24 * HOUR)));
    await writeBooking(db.ownerPool, mine(new Date(NOW.getTime() - 2 * HOUR)));
    await writeBooking(db.ownerPool, mine(new Date(NOW.getTime() - 30 * HOUR)));
    await writeBooking(db.ownerPool, mine(new Date(NOW.getTime() + 3 * HOUR), { cancelled: true }));
    await writeBooking(db.ownerPool, mine(new Date(NOW.getTime() + 4 * HOUR), { programId: P2, details: { sessionType: 'GROUP' } }));
    await writeBooking(db.ownerPool, booking({ ecosystemId: E2, programId: randomUUID(), startAt: new Date(NOW.getTime() + HOUR), participants: [person(user, 'STUDENT')] }));
  });

  it('pages the upcoming ones soonest first, with hasMore', async () => {
    const page1 = await list({ userIds: [user], pageSize: 4 });
    expect(page1.hasMore).toBe(true);
    expect(page1.rows.map((r) => r.startAt.getTime())).toEqual([...page1.rows.map((r) => r.startAt.getTime())].sort((a, b) => a - b));
    const page2 = await list({ userIds: [user], pageSize: 4, pageNumber: 2 });
    expect(page2).toMatchObject({ hasMore: false });
    expect(page1.rows.length + page2.rows.length).toBe(6);
    expect(new Set([...page1.rows, ...page2.rows].map((r) => r.id)).size).toBe(6);
  });

  it('filters by status, program, type and range', async () => {
    expect((await list({ userIds: [user], status: 'COMPLETED' })).rows).toHaveLength(2);
    expect((await list({ userIds: [user], status: 'RECENTLY_COMPLETED' })).rows).toHaveLength(1);
    expect((await list({ userIds: [user], status: 'CANCELLED' })).rows).toHaveLength(1);
    expect((await list({ userIds: [user], programId: P2 })).rows).toHaveLength(1);
    expect((await list({ userIds: [user], sessionTypes: ['GROUP'] })).rows).toHaveLength(1);
    expect((await list({ userIds: [user], to: new Date(NOW.getTime() + 30 * HOUR) })).rows).toHaveLength(2);
  });

  it('shows only the scope the policy gives, and nothing of another tenant', async () => {
    expect((await list({ userIds: [user], scope: { all: false, ecosystemIds: [], programIds: [P2] } })).rows).toHaveLength(1);
    expect((await list({ userIds: [user], scope: { all: false, ecosystemIds: [], programIds: [] } })).rows).toHaveLength(0);
    expect((await list({ userIds: [user] }, [E2])).rows).toHaveLength(1);
    expect((await list({ userIds: [user] }, [randomUUID()])).rows).toHaveLength(0);
  });

  it('answers who leads sessions and the minutes they led', async () => {
    expect(await scoped([E1], (c) => leadersAmong(c, [tutor, user]))).toEqual(new Set([tutor]));
    expect(await scoped([E2], (c) => leadersAmong(c, [tutor]))).toEqual(new Set());
    const minutes = await scoped([E1], (c) => minutesLed(c, tutor, { all: false, ecosystemIds: [], programIds: [P1] }, NOW));
    expect(minutes).toBe(120);
  });
});
