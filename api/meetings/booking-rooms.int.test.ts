/**
 * The join link of a booking through GraphQL (decision 0058): createSession with ZOOM in an
 * ecosystem and program that have Zoom on and credentials set gets a Zoom meeting (made by the
 * syncMeetingRoom workflow against a local Zoom stand-in); a reschedule PATCHes that meeting and a
 * substitution calls nobody, and the link people see never changes.
 */
import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../auth/seed';
import { editEcosystem } from '../../domain/ecosystem/handlers';
import { editProgram } from '../../domain/program/handlers';
import { fakeZoom, type FakeZoom } from '../../infra/meetings/fakes';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { addPerson, buildWorld, type World } from '../people/testing';
import { toGlobalId } from '../relay';

let api: TestApi;
let w: World;
let zoom: FakeZoom;
const account = { accountId: 'acct-e1', clientId: 'client-e1', clientSecret: 'secret-e1' };
const tutors: string[] = [];

const CREATE = 'mutation($input: CreateSessionInput!) { createSession(input: $input) { session { id } conflicts { type } } }';
const EDIT = 'mutation($input: EditSessionInput!) { editSessionV3(input: $input) { session { id } conflicts { type } } }';
const ONE = 'query($id: ID!) { getSession(sessionId: $id) { joinUrl startTime } }';
const user = (id: string) => toGlobalId('User', id);
const monday = (weeksAhead: number) => DateTime.now().setZone('America/New_York').plus({ weeks: weeksAhead }).set({ weekday: 1 }).toISODate()!;

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}

const joinUrlOf = async (id: string) =>
  (await api.graphql<{ getSession: { joinUrl: string | null } }>(ONE, { id }, { token: w.tokens.admin1 })).data?.getSession.joinUrl ?? null;
/** The room syncs run so far (this file books one series). */
const syncs = async () => (await api.db.ownerPool.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'workflow_syncMeetingRoom'`)).rows;

beforeAll(async () => {
  zoom = await fakeZoom(account);
  api = await startTestApi({ ZOOM_API_URL: zoom.url, ZOOM_OAUTH_URL: zoom.url });
  w = await buildWorld(api);
  for (const email of ['zed.tutor@example.com', 'sub.tutor@example.com']) {
    tutors.push((await addPerson(api, email, [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }])).userId);
  }
  const { bus, meetings } = api.platform.services;
  const ctx = { actor: SYSTEM_ACTOR, now: new Date().toISOString() };
  await bus.dispatch(editEcosystem, { ecosystemId: w.e1, changes: { sessionSettings: { zoomEnabled: true } } }, { ...ctx, commandId: randomUUID() });
  await bus.dispatch(editProgram, { programId: w.p1, changes: { sessions: { zoomEnabled: true } } }, { ...ctx, commandId: randomUUID() });
  await meetings.set(w.e1, { provider: 'ZOOM', ...account }, w.ids.admin2);
});
afterAll(async () => {
  await api?.stop();
  await zoom?.close();
});

describe('a Zoom booking\'s join link', () => {
  it('is made once, and survives a reschedule and a substitution', async () => {
    const created = await api.graphql<{ createSession: { session: { id: string } } }>(CREATE, { input: {
      programId: toGlobalId('Program', w.p1), sessionType: 'ONE_ON_ONE', subject: 'Geometry', date: monday(3), startTime: '16:00', endTime: '17:00',
      timeZoneId: 'America/New_York', location: 'ONLINE', meetingSolution: 'ZOOM', tutorIds: [user(tutors[0])], tuteeIds: [user(w.ids.student)],
    } }, { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } });
    expect(created.errors).toBeUndefined();
    const { id } = created.data!.createSession.session;
    const link = await eventually(() => joinUrlOf(id), (url) => url !== null);
    expect(link).toMatch(/^https:\/\/us02web\.zoom\.us\/j\/\d+/);
    expect(zoom.meetings.size).toBe(1);
    const [meetingId] = zoom.meetings.keys();

    const moved = await api.graphql(EDIT, { input: { sessionId: id, scope: 'ALL', changes: { startTime: '18:00', endTime: '19:00' } } },
      { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } });
    expect(moved.errors).toBeUndefined();
    const start = DateTime.fromISO(`${monday(3)}T18:00`, { zone: 'America/New_York' }).toUTC().toISO({ suppressMilliseconds: true });
    await eventually(async () => zoom.meetings.get(meetingId)?.start_time, (t) => t === start);
    expect(zoom.seen.filter((r) => r.method === 'PATCH')).toHaveLength(1);

    const substituted = await api.graphql(EDIT, { input: { sessionId: id, scope: 'ALL', changes: { tutorIds: [user(tutors[1])] } } },
      { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } });
    expect(substituted.errors).toBeUndefined();
    await eventually(syncs, (jobs) => jobs.length >= 3 && jobs.every((j) => j.state === 'completed'));
    expect(zoom.seen.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(zoom.meetings.size).toBe(1);
    expect(await joinUrlOf(id)).toBe(link);
  });
});
