import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuiltInRooms } from './builtin';
import { fakeLessonspace, fakeZoom, type FakeLessonspace, type FakeZoom } from './fakes';
import { LessonspaceRooms } from './lessonspace';
import { MeetingProviderError, type RoomSpec } from './port';
import { closedPort } from './testing';
import { ZoomRooms } from './zoom';

const seriesId = '3f0a6a5e-7b1c-4d2e-9f10-1a2b3c4d5e6f';
const spec: RoomSpec = {
  ecosystemId: '0b6f4c2a-1111-4222-8333-444455556666', seriesId, title: 'Algebra I', timeZoneId: 'America/New_York',
  startAt: '2026-12-01T15:00:00.000Z', durationMinutes: 60, recurring: false, recording: 'OFF',
};

const failure = (p: Promise<unknown>): Promise<MeetingProviderError> =>
  p.then(() => { throw new Error('expected a failure'); }, (err: unknown) => {
    if (!(err instanceof MeetingProviderError)) throw err;
    return err;
  });

describe('Lessonspace rooms', () => {
  const apiKey = 'ls-org-key-0123456789';
  let ls: FakeLessonspace;
  beforeAll(async () => { ls = await fakeLessonspace(apiKey); });
  afterAll(() => ls.close());
  const rooms = () => new LessonspaceRooms({ apiKey, baseUrl: ls.url });

  it('launches one space per series with the organisation key, and records its id and shared link', async () => {
    const room = await rooms().create({ ...spec, recording: 'ALLOWED' });
    const request = ls.seen.at(-1)!;
    expect(request.headers.authorization).toBe(`Organisation ${apiKey}`);
    expect(request.body).toEqual({ id: `session-${seriesId}`, name: 'Algebra I', record_av: true, record_content: true });
    expect(room).toEqual({ provider: 'LESSONSPACE', roomId: `session-${seriesId}`, joinUrl: expect.stringMatching(/^https:\/\/go\.room\.sh\//) });
  });

  it('updates the same space on an edit: one space, the same id and link, the new name', async () => {
    const room = await rooms().create(spec);
    const before = ls.spaces.size;
    const edited = await rooms().update(room, { ...spec, title: 'Algebra II', startAt: '2026-12-08T16:00:00Z' });
    expect(edited).toEqual(room);
    expect(ls.spaces.size).toBe(before);
    expect(ls.spaces.get(`session-${seriesId}`)).toMatchObject({ name: 'Algebra II' });
    // Creating again (a retried job) also lands on the same space with the same link.
    expect(await rooms().create(spec)).toEqual(room);
  });

  it('gives each participant a named link of their own, leaders in leader mode', async () => {
    const room = await rooms().create(spec);
    const tutor = await rooms().joinUrlFor(room, { userId: 'u-tutor', name: 'Ana Tutor', leader: true });
    const tutee = await rooms().joinUrlFor(room, { userId: 'u-tutee', name: 'Beto Tutee', leader: false });
    expect(ls.seen.at(-2)!.body).toEqual({ id: room.roomId, user: { id: 'u-tutor', name: 'Ana Tutor', leader: true, role: 'teacher' } });
    expect(ls.seen.at(-1)!.body).toEqual({ id: room.roomId, user: { id: 'u-tutee', name: 'Beto Tutee', leader: false, role: 'student' } });
    expect(new Set([tutor, tutee, room.joinUrl]).size).toBe(3);
  });

  it('classifies failures and never repeats the key', async () => {
    const wrong = await failure(new LessonspaceRooms({ apiKey: 'not-the-key', baseUrl: ls.url }).create(spec));
    expect(wrong).toMatchObject({ failure: 'credentials', status: 401 });
    expect(wrong.message).not.toContain('not-the-key');
    const tooLong = await failure(rooms().create({ ...spec, seriesId: 'x'.repeat(80) }));
    expect(tooLong.failure).toBe('refused');
    const away = await failure(new LessonspaceRooms({ apiKey, baseUrl: await closedPort() }).create(spec));
    expect(away.failure).toBe('transient');
  });
});

describe('Zoom meetings', () => {
  const account = { accountId: 'acct-9', clientId: 'client-9', clientSecret: 'zoom-secret-abcdef' };
  let zoom: FakeZoom;
  let now = new Date('2026-11-24T12:00:00Z');
  beforeAll(async () => { zoom = await fakeZoom(account); });
  afterAll(() => zoom.close());
  const rooms = () => new ZoomRooms({ ...account, apiBaseUrl: zoom.url, oauthBaseUrl: zoom.url, clock: () => now });

  it('takes an account-credentials token with Basic auth, then creates a scheduled meeting with it', async () => {
    const room = await rooms().create(spec);
    const [tokenRequest, createRequest] = zoom.seen.slice(-2);
    expect(tokenRequest.method).toBe('POST');
    expect(tokenRequest.path).toBe('/oauth/token');
    expect(Object.fromEntries(tokenRequest.query)).toEqual({ grant_type: 'account_credentials', account_id: 'acct-9' });
    expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from('client-9:zoom-secret-abcdef').toString('base64')}`);
    expect(createRequest.path).toBe('/v2/users/me/meetings');
    expect(createRequest.headers.authorization).toMatch(/^Bearer zoom-token-\d+$/);
    expect(createRequest.body).toEqual({
      topic: 'Algebra I', type: 2, start_time: '2026-12-01T15:00:00Z', duration: 60, timezone: 'America/New_York',
      settings: { join_before_host: true, waiting_room: false, auto_recording: 'none' },
    });
    expect(room).toEqual({ provider: 'ZOOM', roomId: expect.stringMatching(/^\d+$/), joinUrl: zoom.meetings.get(room.roomId)!.join_url });
  });

  it('reschedules by PATCHing the same meeting: one meeting, the same link, the new time', async () => {
    const adapter = rooms();
    const room = await adapter.create(spec);
    const count = zoom.meetings.size;
    const tokens = zoom.tokensIssued();
    const moved = await adapter.update(room, { ...spec, startAt: '2026-12-03T20:30:00Z', durationMinutes: 45 });
    expect(moved).toEqual(room);
    expect(zoom.seen.at(-1)).toMatchObject({ method: 'PATCH', path: `/v2/meetings/${room.roomId}` });
    expect(zoom.meetings.size).toBe(count);
    expect(zoom.meetings.get(room.roomId)).toMatchObject({ start_time: '2026-12-03T20:30:00Z', duration: 45, join_url: room.joinUrl });
    // The token was reused, not asked for again.
    expect(zoom.tokensIssued()).toBe(tokens);
    // A one-off that becomes a series keeps its meeting as a recurring one without a fixed time.
    await adapter.update(room, { ...spec, recurring: true, recording: 'AUTOMATIC' });
    expect(zoom.meetings.get(room.roomId)).toMatchObject({ type: 3, join_url: room.joinUrl, settings: { auto_recording: 'cloud' } });
  });

  it('makes a recurring series one meeting with no fixed time', async () => {
    const room = await rooms().create({ ...spec, recurring: true });
    const body = zoom.seen.at(-1)!.body as Record<string, unknown>;
    expect(body.type).toBe(3);
    expect(body).not.toHaveProperty('start_time');
    expect(zoom.meetings.get(room.roomId)).toBeDefined();
  });

  it('asks for a new token when the old one has expired', async () => {
    const adapter = rooms();
    const room = await adapter.create(spec);
    const tokens = zoom.tokensIssued();
    now = new Date(now.getTime() + 3600_000);
    await adapter.update(room, spec);
    expect(zoom.tokensIssued()).toBe(tokens + 1);
  });

  it('creates the meeting again only when Zoom no longer has it', async () => {
    const adapter = rooms();
    const room = await adapter.create(spec);
    zoom.meetings.delete(room.roomId);
    const again = await adapter.update(room, spec);
    expect(again.roomId).not.toBe(room.roomId);
    expect(zoom.meetings.get(again.roomId)).toMatchObject({ join_url: again.joinUrl });
  });

  it('reports wrong credentials as such, without the secret', async () => {
    const wrong = await failure(new ZoomRooms({ ...account, clientSecret: 'wrong-secret-xyz', apiBaseUrl: zoom.url, oauthBaseUrl: zoom.url }).create(spec));
    expect(wrong.failure).toBe('credentials');
    expect(wrong.message).not.toMatch(/wrong-secret-xyz|client-9/);
    const away = await failure(new ZoomRooms({ ...account, apiBaseUrl: await closedPort(), oauthBaseUrl: await closedPort() }).create(spec));
    expect(away.failure).toBe('transient');
  });
});

describe('the built-in room', () => {
  it('links to our own room page for the series, the same after any edit', async () => {
    const rooms = new BuiltInRooms((path) => `https://tutoring.example.org${path}`);
    const room = await rooms.create(spec);
    expect(room).toEqual({ provider: 'BUILT_IN', roomId: seriesId, joinUrl: `https://tutoring.example.org/sessions/room/${seriesId}` });
    expect(await rooms.update(room)).toEqual(room);
    expect(await rooms.joinUrlFor(room)).toBe(room.joinUrl);
  });
});
