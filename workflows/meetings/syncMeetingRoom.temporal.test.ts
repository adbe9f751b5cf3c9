/**
 * The meeting-room sync on a real Temporal server (`npm run test:temporal`; decisions 0058, 0065):
 * a Lessonspace series booked through the real command bus gets its space from the
 * syncMeetingRoom workflow (activities in this process's worker, against the Lessonspace
 * stand-in); an edit runs the workflow again, which updates the same space, and the series keeps
 * one room and one join link.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking } from '../../domain/session/fixtures.testing';
import { editSession, scheduleSession } from '../../domain/session/handlers';
import { occurrenceId } from '../../domain/session/model';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import type { EventStore } from '../../infra/eventstore/port';
import { fakeLessonspace, type FakeLessonspace } from '../../infra/meetings/fakes';
import { meetingRoomsFor } from '../../infra/meetings/factory';
import { PgRoomLedger } from '../../infra/meetings/ledger';
import type { Activities } from '../activities';
import { TemporalWorkflowEngine } from '../engine/temporal';
import { startWorkflowHarness, type WorkflowHarness } from '../testing/harness';
import { temporalTestAddress } from '../testing/temporal-server';
import { createMeetingActivities, type MeetingActivityDeps } from './activities';
import { sessionSeriesRooms } from './series';
import { startMeetingRoomSync, type AppendedToSeries } from './start';
import { allOn, MemoryCredentials } from './testing';

const apiKey = 'ls-temporal-key';
const ecosystemId = randomUUID();
const seriesId = randomUUID();
const spaceId = `session-${seriesId}`;
let h: WorkflowHarness;
let ls: FakeLessonspace;
let store: EventStore;
let deps: MeetingActivityDeps | undefined;

/** The meeting activity with its ports, wired once the harness (its database and bus) exists. */
const withMeetings = (a: Activities): Activities => ({ ...a, syncMeetingRoom: (args) => createMeetingActivities(deps).syncMeetingRoom(args) });

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const roomEvents = async () => (await store.readStream(spaceId)).filter((e) => e.type === 'SessionMeetingRoomSet');
const joinUrls = async () => (await h.db.ownerPool.query<{ meeting_url: string | null }>(
  'SELECT DISTINCT meeting_url FROM read.sessions WHERE series_id = $1', [seriesId])).rows.map((r) => r.meeting_url);

beforeAll(async () => {
  ls = await fakeLessonspace(apiKey);
  const taskQueue = `meeting-rooms-${randomUUID()}`;
  h = await startWorkflowHarness((activities) => new TemporalWorkflowEngine({
    address: temporalTestAddress(), namespace: 'default', taskQueue, activities, shutdownGraceMs: 300, log: () => undefined,
  }), withMeetings);
  store = createPostgresEventStore(h.db.ownerPool);
  const credentials = new MemoryCredentials();
  credentials.set.set(`${ecosystemId}/LESSONSPACE`, { provider: 'LESSONSPACE', apiKey });
  deps = {
    series: sessionSeriesRooms({ store, bus: h.bus, clock: () => new Date() }),
    settings: () => Promise.resolve(allOn),
    credentials,
    ledger: new PgRoomLedger(h.db.ownerPool),
    rooms: (choice) => meetingRoomsFor(choice, { LESSONSPACE_API_URL: ls.url, ZOOM_API_URL: ls.url, ZOOM_OAUTH_URL: ls.url, PUBLIC_URL: 'https://tutoring.example.org', PORT: 4000 }),
    clock: () => new Date(),
  };
}, 120_000);
afterAll(async () => {
  await store?.close();
  await h?.stop();
  await ls?.close();
});

describe('the meeting-room sync on Temporal', () => {
  it('makes one Lessonspace space for a booked series, and keeps it and its link through an edit', async () => {
    const input = booking({ seriesId, ecosystemId });
    const schedule = { ...(input.schedule as Record<string, unknown>), startDate: '2027-01-04' };
    const booked = (await h.execute(scheduleSession, scheduleSession.input.parse({ ...input, schedule }))) as AppendedToSeries;
    expect(await startMeetingRoomSync(h.engine, booked)).toBe(true);
    const [made] = await until(roomEvents, (events) => events.length > 0, 'the room');
    expect(made.data).toMatchObject({ roomId: spaceId, url: expect.stringMatching(/^https:\/\/go\.room\.sh\//) });
    const link = (made.data as { url: string }).url;
    await until(joinUrls, (urls) => urls.length === 1 && urls[0] === link, 'the link in the read model');

    const edited = (await h.execute(editSession, editSession.input.parse({
      seriesId, occurrenceId: occurrenceId(seriesId, '2027-01-04'), scope: 'ALL', changes: { startTime: '18:00', details: { subject: 'Algebra II' } },
    }))) as AppendedToSeries;
    expect(await startMeetingRoomSync(h.engine, edited)).toBe(true);
    // The same change again starts nothing (the workflow id is the series and its revision).
    expect(await startMeetingRoomSync(h.engine, edited)).toBe(false);
    await until(async () => ls.spaces.get(spaceId)?.name, (name) => name === 'Algebra II', 'the space renamed');

    expect([...ls.spaces.keys()].filter((id) => id === spaceId)).toHaveLength(1);
    expect(ls.seen.filter((r) => r.path === '/v2/spaces/launch/' && (r.body as { id?: string }).id === spaceId)).toHaveLength(2);
    expect(await roomEvents()).toHaveLength(1);
    expect(await joinUrls()).toEqual([link]);
  });
});
