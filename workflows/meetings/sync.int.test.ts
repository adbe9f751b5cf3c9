/**
 * The room maker against local stand-ins of Lessonspace and Zoom: one room per series, made once
 * even when a run dies between making and recording it, updated in place on a reschedule (the
 * link survives), left alone when nothing a provider knows changed, recorded on every segment.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeLessonspace, fakeZoom, type FakeLessonspace, type FakeZoom } from '../../infra/meetings/fakes';
import { meetingRoomsFor } from '../../infra/meetings/factory';
import { MemoryRoomLedger } from '../../infra/meetings/ledger';
import { allOn, MemoryCredentials, MemorySeries } from './testing';
import { syncSeriesRoom, type RoomSyncDeps, type SeriesSnapshot } from './sync';

const ecosystemId = '0b6f4c2a-1111-4222-8333-444455556666';
const seriesId = '3f0a6a5e-7b1c-4d2e-9f10-1a2b3c4d5e6f';
const zoomAccount = { accountId: 'acct-1', clientId: 'client-1', clientSecret: 'zoom-secret-1' };
let ls: FakeLessonspace;
let zoom: FakeZoom;
let series: MemorySeries;
let credentials: MemoryCredentials;
let ledger: MemoryRoomLedger;
let settings = allOn;

const snapshot = (solution: SeriesSnapshot['solution'], extra: Partial<SeriesSnapshot> = {}): SeriesSnapshot => ({
  seriesId, ecosystemId, programId: '7c1d2e3f-0000-4000-8000-000000000001', revision: 1, solution, title: 'Algebra I', timeZoneId: 'America/Chicago',
  durationMinutes: 60, recurring: true, nextStartAt: '2026-12-01T16:00:00.000Z',
  segments: [{ segmentId: 'seg-1', solution, url: null, roomId: null }, { segmentId: 'seg-2', solution, url: null, roomId: null }],
  ...extra,
});

const deps = (): RoomSyncDeps => ({
  series, credentials, ledger, settings: () => Promise.resolve(settings), clock: () => new Date('2026-11-24T12:00:00Z'),
  rooms: (choice) => meetingRoomsFor(choice, {
    LESSONSPACE_API_URL: ls.url, ZOOM_API_URL: zoom.url, ZOOM_OAUTH_URL: zoom.url, PUBLIC_URL: 'https://tutoring.example.org', PORT: 4000,
  }),
});

beforeAll(async () => {
  ls = await fakeLessonspace('ls-key');
  zoom = await fakeZoom(zoomAccount);
});
afterAll(async () => { await Promise.all([ls.close(), zoom.close()]); });
beforeEach(() => {
  credentials = new MemoryCredentials();
  credentials.set.set(`${ecosystemId}/LESSONSPACE`, { provider: 'LESSONSPACE', apiKey: 'ls-key' });
  credentials.set.set(`${ecosystemId}/ZOOM`, { provider: 'ZOOM', ...zoomAccount });
  ledger = new MemoryRoomLedger();
  settings = allOn;
  ls.spaces.clear();
  zoom.meetings.clear();
});

describe('the room maker', () => {
  it('makes a Lessonspace room once and records it on every segment; running again changes nothing', async () => {
    series = new MemorySeries(snapshot('LESSONSPACE'));
    const first = await syncSeriesRoom(deps(), seriesId);
    expect(first).toMatchObject({ action: 'created', room: { provider: 'LESSONSPACE', roomId: `session-${seriesId}` }, recordedOn: ['seg-1', 'seg-2'] });
    expect(ls.spaces.get(`session-${seriesId}`)).toMatchObject({ name: 'Algebra I', record_av: true });
    const calls = ls.seen.length;
    expect(await syncSeriesRoom(deps(), seriesId)).toMatchObject({ action: 'kept', recordedOn: [] });
    expect(ls.seen.length).toBe(calls);
  });

  it('updates the Zoom meeting on a reschedule, keeping its link; a participant change calls nobody', async () => {
    series = new MemorySeries(snapshot('ZOOM', { recurring: false }));
    const made = await syncSeriesRoom(deps(), seriesId);
    if (made.action === 'none') throw new Error('expected a room');
    series.edit((s) => ({ ...s, nextStartAt: '2026-12-02T18:30:00.000Z', durationMinutes: 45 }));
    const moved = await syncSeriesRoom(deps(), seriesId);
    expect(moved).toMatchObject({ action: 'updated', room: made.room, recordedOn: [] });
    expect(zoom.meetings.size).toBe(1);
    expect(zoom.meetings.get(made.room.roomId)).toMatchObject({ start_time: '2026-12-02T18:30:00Z', duration: 45, join_url: made.room.joinUrl });
    const calls = zoom.seen.length;
    series.edit((s) => s); // a substitution: a new revision, nothing Zoom knows
    expect(await syncSeriesRoom(deps(), seriesId)).toMatchObject({ action: 'kept', room: made.room });
    expect(zoom.seen.length).toBe(calls);
    // A "this and following" split adds a segment: it gets the same room.
    series.edit((s) => ({ ...s, segments: [...s.segments, { segmentId: 'seg-3', solution: 'ZOOM', url: null, roomId: null }] }));
    expect(await syncSeriesRoom(deps(), seriesId)).toMatchObject({ action: 'kept', room: made.room, recordedOn: ['seg-3'] });
  });

  it('never makes a second meeting when a run died between making and recording it', async () => {
    series = new MemorySeries(snapshot('ZOOM'));
    series.failNextRecord = true;
    await expect(syncSeriesRoom(deps(), seriesId)).rejects.toThrow('the worker stopped');
    const retried = await syncSeriesRoom(deps(), seriesId);
    expect(retried).toMatchObject({ action: 'kept', recordedOn: ['seg-1', 'seg-2'] });
    expect(zoom.meetings.size).toBe(1);
  });

  it('records a new link only when Zoom lost the meeting', async () => {
    series = new MemorySeries(snapshot('ZOOM', { recurring: false }));
    const made = await syncSeriesRoom(deps(), seriesId);
    if (made.action === 'none') throw new Error('expected a room');
    zoom.meetings.clear();
    series.edit((s) => ({ ...s, title: 'Algebra II' }));
    const again = await syncSeriesRoom(deps(), seriesId);
    if (again.action === 'none') throw new Error('expected a room');
    expect(again.room.joinUrl).not.toBe(made.room.joinUrl);
    expect(series.snapshot.segments.map((g) => g.url)).toEqual([again.room.joinUrl, again.room.joinUrl]);
  });

  it('uses the built-in room without credentials or with Zoom off, and a provider room once one can be had', async () => {
    credentials.set.clear();
    series = new MemorySeries(snapshot('LESSONSPACE'));
    expect(await syncSeriesRoom(deps(), seriesId)).toMatchObject({
      action: 'created', room: { provider: 'BUILT_IN', joinUrl: `https://tutoring.example.org/sessions/room/${seriesId}` },
    });
    credentials.set.set(`${ecosystemId}/LESSONSPACE`, { provider: 'LESSONSPACE', apiKey: 'ls-key' });
    expect(await syncSeriesRoom(deps(), seriesId)).toMatchObject({ action: 'created', room: { provider: 'LESSONSPACE' }, recordedOn: ['seg-1', 'seg-2'] });

    settings = { ...allOn, program: { ...allOn.program, zoomEnabled: false } };
    ledger = new MemoryRoomLedger();
    series = new MemorySeries(snapshot('ZOOM'));
    expect(await syncSeriesRoom(deps(), seriesId)).toMatchObject({ room: { provider: 'BUILT_IN' } });
    expect(zoom.meetings.size).toBe(0);
  });

  it('falls back to the built-in room when the provider refuses the credentials, and tries again on the next edit', async () => {
    credentials.set.set(`${ecosystemId}/ZOOM`, { provider: 'ZOOM', ...zoomAccount, clientSecret: 'wrong-secret' });
    series = new MemorySeries(snapshot('ZOOM'));
    const refused = await syncSeriesRoom(deps(), seriesId);
    expect(refused).toMatchObject({ action: 'created', room: { provider: 'BUILT_IN' }, recordedOn: ['seg-1', 'seg-2'], refusal: expect.stringContaining('ZOOM') });
    expect(JSON.stringify(refused)).not.toContain('wrong-secret');
    // Still wrong: the built-in room stays.
    series.edit((s) => ({ ...s, title: 'Algebra II' }));
    expect(await syncSeriesRoom(deps(), seriesId)).toMatchObject({ action: 'kept', room: { provider: 'BUILT_IN' }, recordedOn: [] });
    credentials.set.set(`${ecosystemId}/ZOOM`, { provider: 'ZOOM', ...zoomAccount });
    series.edit((s) => ({ ...s, title: 'Algebra III' }));
    expect(await syncSeriesRoom(deps(), seriesId)).toMatchObject({ action: 'created', room: { provider: 'ZOOM' }, recordedOn: ['seg-1', 'seg-2'] });
    expect(zoom.meetings.size).toBe(1);
  });

  it('makes no room for an in-person or custom-link series, and leaves their segments alone', async () => {
    for (const solution of ['IN_PERSON', 'CUSTOM_URL'] as const) {
      series = new MemorySeries(snapshot(solution));
      expect(await syncSeriesRoom(deps(), seriesId)).toEqual({ action: 'none' });
      expect(series.recorded).toEqual([]);
    }
    expect(await syncSeriesRoom(deps(), 'no-such-series')).toEqual({ action: 'none' });
  });

  it('does not undo a newer sync with an older snapshot', async () => {
    series = new MemorySeries(snapshot('LESSONSPACE'));
    await syncSeriesRoom(deps(), seriesId);
    const old = structuredClone(series.snapshot);
    series.edit((s) => ({ ...s, title: 'Newer title' }));
    await syncSeriesRoom(deps(), seriesId);
    series.snapshot = { ...old, title: 'Older title' };
    expect(await syncSeriesRoom(deps(), seriesId)).toMatchObject({ action: 'kept' });
    expect(ls.spaces.get(`session-${seriesId}`)).toMatchObject({ name: 'Newer title' });
  });
});
