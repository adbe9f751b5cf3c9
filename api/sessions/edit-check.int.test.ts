/**
 * editSessionV3 with checkOnly (decision 0067): the edit dialog's look before saving. It answers the
 * conflicts the edit would meet, the edited session itself never one of them, and records nothing;
 * those who may not edit the session, or send a malformed one, are refused as by the edit itself.
 * The bookings have their own video link, so no meeting-room workflow writes while events are counted.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { addPerson, buildWorld, refusedUnchanged, type World } from '../people/testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let w: World;
let tutor: { userId: string; token: string };
const ZONE = 'America/New_York';
const CREATE = 'mutation($input: CreateSessionInput!) { createSession(input: $input) { conflicts { type } session { id } } }';
const EDIT = 'mutation($input: EditSessionInput!) { editSessionV3(input: $input) { count session { id } conflicts { type userId } } }';
const GET = 'query($id: ID!) { getSession(sessionId: $id) { startTime subject } }';

const user = (id: string) => toGlobalId('User', id);
const date = () => DateTime.now().setZone(ZONE).plus({ weeks: 3 }).set({ weekday: 1 }).toISODate()!;

async function book(startTime: string, endTime: string): Promise<string> {
  const res = await api.graphql<{ createSession: { conflicts: unknown[]; session: { id: string } } }>(CREATE, { input: {
    programId: toGlobalId('Program', w.p1), sessionType: 'ONE_ON_ONE', subject: 'Physics', date: date(), startTime, endTime, timeZoneId: ZONE,
    location: 'ONLINE', meetingSolution: 'CUSTOM_URL', customUrl: 'https://meet.example.com/physics', tutorIds: [user(tutor.userId)], tuteeIds: [user(w.ids.student)],
  } }, { token: w.tokens.admin1, headers: { 'idempotency-key': crypto.randomUUID() } });
  expect(res.data!.createSession.conflicts).toEqual([]);
  return res.data!.createSession.session.id;
}

type Check = { editSessionV3: { count: number; session: null; conflicts: Array<{ type: string; userId: string | null }> } };
const check = (sessionId: string, changes: Record<string, unknown>, token: string) =>
  api.graphql<Check>(EDIT, { input: { sessionId, scope: 'SINGLE', changes, checkOnly: true } }, { token, headers: { 'idempotency-key': crypto.randomUUID() } });

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  tutor = await addPerson(api, 'cora.check@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
});
afterAll(async () => { await api?.stop(); });

describe('checking an edit before saving it', () => {
  it('answers the clashes of the moved session, never with itself, and changes nothing', async () => {
    await book('16:00', '17:00');
    const later = await book('18:00', '19:00');
    const before = await api.eventCount();
    const clash = await check(later, { startTime: '16:30', endTime: '17:30', subject: 'Moved' }, tutor.token);
    expect(clash.errors).toBeUndefined();
    expect(clash.data!.editSessionV3.session).toBeNull();
    expect(clash.data!.editSessionV3.count).toBe(1);
    expect(clash.data!.editSessionV3.conflicts.filter((c) => c.type === 'OVERLAP').map((c) => c.userId).sort())
      .toEqual([user(tutor.userId), user(w.ids.student)].sort());
    // Half an hour later it only overlaps its own old time, which is not a clash.
    const free = await check(later, { startTime: '18:30', endTime: '19:30' }, tutor.token);
    expect(free.data!.editSessionV3.conflicts).toEqual([]);
    expect(await api.eventCount()).toBe(before);
    const now = await api.graphql<{ getSession: { startTime: string; subject: string } }>(GET, { id: later }, { token: tutor.token });
    expect(now.data!.getSession).toEqual({ startTime: '18:00', subject: 'Physics' });
  });

  it('refuses another tenant\'s admin and malformed input as the edit does, writing nothing', async () => {
    const id = await book('12:00', '13:00');
    await refusedUnchanged(api, () => check(id, { startTime: '12:30', endTime: '13:30' }, w.tokens.admin2), 'FORBIDDEN');
    await refusedUnchanged(api, () => check('not-a-session', { startTime: '12:30' }, tutor.token), 'BAD_USER_INPUT');
  });
});
