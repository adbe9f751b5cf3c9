/**
 * Booking to room, through the platform: a series scheduled with LESSONSPACE in an ecosystem whose
 * admin set a Lessonspace key gets its space made by the syncMeetingRoom workflow (pg-boss), the
 * room recorded on its stream by SetSessionMeetingRoom, once, however often the sync is started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '../../api/auth/seed';
import { buildWorld, type World } from '../../api/people/testing';
import { scheduleSession } from '../../domain/session/handlers';
import { booking } from '../../domain/session/fixtures.testing';
import { fakeLessonspace, type FakeLessonspace } from '../../infra/meetings/fakes';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { startMeetingRoomSync } from './start';

let api: TestApi;
let world: World;
let ls: FakeLessonspace;

beforeAll(async () => {
  ls = await fakeLessonspace('platform-test-key');
  api = await startTestApi({ LESSONSPACE_API_URL: ls.url, PUBLIC_URL: 'https://tutoring.example.org' });
  world = await buildWorld(api);
  await api.platform.services.meetings.set(world.e1, { provider: 'LESSONSPACE', apiKey: 'platform-test-key' }, world.ids.admin2);
});
afterAll(async () => {
  await api?.stop();
  await ls?.close();
});

const roomEvents = async (seriesId: string) =>
  (await api.platform.services.eventStore.readStream(`session-${seriesId}`)).filter((e) => e.type === 'SessionMeetingRoomSet');

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out waiting for the room');
}

describe('a booking\'s meeting room', () => {
  it('is made by the workflow and recorded on the series, once', async () => {
    const seriesId = randomUUID();
    const input = booking({ seriesId, ecosystemId: world.e1 });
    const details = { ...(input.details as Record<string, unknown>), programId: world.p1 };
    const schedule = { ...(input.schedule as Record<string, unknown>), startDate: '2027-01-04' };
    const { bus, engine } = api.platform.services;
    const scheduled = await bus.dispatch(scheduleSession, { ...input, details, schedule }, { actor: SYSTEM_ACTOR, commandId: randomUUID(), now: new Date().toISOString() });
    expect(await startMeetingRoomSync(engine, scheduled)).toBe(true);
    // The same change again starts nothing.
    expect(await startMeetingRoomSync(engine, scheduled)).toBe(false);

    const recorded = await until(() => roomEvents(seriesId), (events) => events.length > 0);
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toMatchObject({ roomId: `session-${seriesId}`, url: expect.stringMatching(/^https:\/\/go\.room\.sh\//) });
    expect(ls.spaces.get(`session-${seriesId}`)).toMatchObject({ name: 'Algebra' });

    // A sync for the revision the recording reached finds the room in place: no second space, no new event.
    const head = (await api.platform.services.eventStore.readStream(`session-${seriesId}`)).at(-1)!;
    const launches = ls.seen.length;
    await engine.startWorkflow('syncMeetingRoom', `meeting-room-${seriesId}-${head.revision}`, { seriesId, revision: head.revision });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await roomEvents(seriesId)).toHaveLength(1);
    expect(ls.seen.length).toBe(launches);
    expect(ls.spaces.size).toBe(1);
  });

  it('is not started for a command that changes nothing a room is for', async () => {
    const started = await startMeetingRoomSync(api.platform.services.engine, { aggregateId: randomUUID(), events: [{ type: 'SessionAttendanceRecorded', revision: 4 }] });
    expect(started).toBe(false);
  });
});
