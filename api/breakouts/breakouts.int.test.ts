/** getUpcomingBreakoutSessionsV2 over HTTP on the real PostgreSQL (decision 0061, breakout rooms). */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { addPerson, buildWorld, type World } from '../people/testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let w: World;
const people: Record<string, { userId: string; token: string }> = {};
const ZONE = 'America/New_York';
const LIST = 'query($t: Boolean) { getUpcomingBreakoutSessionsV2(isTutorContext: $t) { rawId sessionType meetingSolution joinUrl participants { userId } } }';
const CREATE = 'mutation($input: CreateSessionInput!) { createSession(input: $input) { conflicts { type } session { rawId } } }';

const user = (id: string) => toGlobalId('User', id);

/** A room (or another session) next week at 16:00 New York: the rooms of one lesson share its time, one pair each. */
async function book(sessionType: string, tutor: string, tutee: string, room: string): Promise<string> {
  const date = DateTime.now().setZone(ZONE).plus({ weeks: 1 }).set({ weekday: 3 }).toISODate();
  const res = await api.graphql<{ createSession: { conflicts: unknown[]; session: { rawId: string } } }>(CREATE, { input: {
    programId: toGlobalId('Program', w.p1), sessionType, subject: 'Debate', date, startTime: sessionType === 'GROUP' ? '18:00' : '16:00', endTime: sessionType === 'GROUP' ? '19:00' : '17:00',
    timeZoneId: ZONE, location: 'ONLINE', meetingSolution: 'CUSTOM_URL', customUrl: `https://meet.example.com/${room}`, tutorIds: [user(tutor)], tuteeIds: [user(tutee)],
  } }, { token: w.tokens.admin1, headers: { 'idempotency-key': crypto.randomUUID() } });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(res.data!.createSession.conflicts).toEqual([]);
  return res.data!.createSession.session.rawId;
}

const list = async (token: string, tutor: boolean) => {
  const res = await api.graphql<{ getUpcomingBreakoutSessionsV2: Array<{ rawId: string; sessionType: string; joinUrl: string | null }> }>(LIST, { t: tutor }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.getUpcomingBreakoutSessionsV2;
};

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  people.tara = await addPerson(api, 'tara.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  people.theo = await addPerson(api, 'theo.tutor@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  people.ana = await addPerson(api, 'ana.breakout@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }, { ecosystemId: w.e1, role: 'PUPIL', programId: w.p1 }]);
  people.ben = await addPerson(api, 'ben.breakout@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }, { ecosystemId: w.e1, role: 'PUPIL', programId: w.p1 }]);
});
afterAll(async () => { await api?.stop(); });

describe('breakout rooms', () => {
  it('lists each reader\'s own rooms only: leaders in tutor context, learners theirs, other tenants none', async () => {
    const roomA = await book('ONE_ON_ONE_BREAKOUT', people.tara.userId, people.ana.userId, 'room-a');
    const roomB = await book('ONE_ON_ONE_BREAKOUT', people.theo.userId, people.ben.userId, 'room-b');
    await book('GROUP', people.tara.userId, people.ana.userId, 'group');
    expect((await list(people.tara.token, true)).map((s) => s.rawId)).toEqual([roomA]);
    expect((await list(people.theo.token, true)).map((s) => s.rawId)).toEqual([roomB]);
    const ana = await list(people.ana.token, false);
    expect(ana.map((s) => [s.rawId, s.sessionType])).toEqual([[roomA, 'ONE_ON_ONE_BREAKOUT']]);
    // A learner leads no room.
    expect(await list(people.ana.token, true)).toEqual([]);
    expect(await list(w.tokens.admin2, false)).toEqual([]);
    expect(await list(w.tokens.admin2, true)).toEqual([]);
  });

  it('leaves a room\'s own lesson out of its conflicts: the lesson its leader leads and its learner takes, at the same time', async () => {
    const date = DateTime.now().setZone(ZONE).plus({ weeks: 2 }).set({ weekday: 4 }).toISODate();
    const input = (sessionType: string, tutor: string, tutees: string[]) => ({
      programId: toGlobalId('Program', w.p1), sessionType, subject: 'Lab', date, startTime: '15:00', endTime: '16:00', timeZoneId: ZONE,
      location: 'ONLINE', meetingSolution: 'LESSONSPACE', tutorIds: [user(tutor)], tuteeIds: tutees.map(user),
    });
    const created = await api.graphql<{ createSession: { conflicts: unknown[] } }>(CREATE, { input: input('GROUP', people.tara.userId, [people.ana.userId, people.ben.userId]) },
      { token: w.tokens.admin1, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(created.data!.createSession.conflicts).toEqual([]);
    const conflicts = async (sessionType: string, tutor: string, tutee: string) => {
      const res = await api.graphql<{ checkSessionConflicts: Array<{ type: string; userId: string | null }> }>(
        'query($input: CreateSessionInput!) { checkSessionConflicts(input: $input) { type userId } }', { input: input(sessionType, tutor, [tutee]) }, { token: w.tokens.admin1 });
      expect(res.errors).toBeUndefined();
      return res.data!.checkSessionConflicts.filter((c) => c.type === 'OVERLAP').map((c) => c.userId);
    };
    // The lesson's own room: no overlap with it.
    expect(await conflicts('ONE_ON_ONE_BREAKOUT', people.tara.userId, people.ana.userId)).toEqual([]);
    // Another kind of booking at that time, or a room whose leader does not lead the lesson, still clashes.
    expect(await conflicts('ONE_ON_ONE', people.tara.userId, people.ana.userId)).toEqual([user(people.tara.userId), user(people.ana.userId)]);
    expect(await conflicts('ONE_ON_ONE_BREAKOUT', people.theo.userId, people.ben.userId)).toEqual([user(people.ben.userId)]);
  });
});
