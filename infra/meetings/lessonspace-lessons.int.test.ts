import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeLessonspace, type FakeLessonspace } from './fakes';
import { LessonspaceRooms } from './lessonspace';
import { LessonspaceLessons } from './lessonspace-lessons';
import { MeetingProviderError } from './port';
import { closedPort } from './testing';

const apiKey = 'ls-org-key-lessons-0123';
const spaceId = 'session-8a0c6f1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const pdf = { name: 'worksheet.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 worksheet') };

const failure = (p: Promise<unknown>): Promise<MeetingProviderError> =>
  p.then(() => { throw new Error('expected a failure'); }, (err: unknown) => {
    if (!(err instanceof MeetingProviderError)) throw err;
    return err;
  });

describe('Lessonspace lessons and files', () => {
  let ls: FakeLessonspace;
  beforeAll(async () => { ls = await fakeLessonspace(apiKey); });
  afterAll(() => ls.close());
  const lessons = () => new LessonspaceLessons({ apiKey, baseUrl: ls.url });

  it('puts files into the space\'s room through room.sh\'s import, with the room\'s secret', async () => {
    await new LessonspaceRooms({ apiKey, baseUrl: ls.url }).create({
      ecosystemId: 'e', seriesId: spaceId.slice('session-'.length), title: 'Algebra', timeZoneId: 'UTC', startAt: '2026-12-01T15:00:00Z',
      durationMinutes: 60, recurring: false, recording: 'ALLOWED',
    });
    await lessons().uploadFiles(spaceId, [pdf, { name: 'notes.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: Buffer.from('docx') }]);
    const request = ls.seen.at(-1)!;
    expect(request.path).toMatch(/^\/v1\/rooms\/[0-9a-f]+\/import$/);
    expect(request.headers.authorization).toMatch(/^secret [0-9a-f]+$/);
    expect(String(request.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(ls.imported.get(spaceId)?.map((f) => [f.name, f.type, f.bytes.toString()])).toEqual([
      ['worksheet.pdf', 'application/pdf', '%PDF-1.4 worksheet'],
      ['notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
    ]);
  });

  it('finds the longest lesson held in the space around the occurrence, with its recording as the export definition asks', async () => {
    ls.lessons.push(
      { uuid: 'short-1', spaceId, startTime: '2026-12-01T15:02:00Z', endTime: '2026-12-01T15:05:00Z', recorded: true },
      { uuid: 'long-1', spaceId, startTime: '2026-12-01T15:06:00Z', endTime: '2026-12-01T15:58:00Z', recorded: true },
      { uuid: 'other-space', spaceId: 'session-other', startTime: '2026-12-01T15:00:00Z', endTime: '2026-12-01T17:00:00Z', recorded: true },
      { uuid: 'next-week', spaceId, startTime: '2026-12-08T15:00:00Z', endTime: '2026-12-08T16:00:00Z', recorded: true },
    );
    const found = await lessons().findLesson(spaceId, '2026-12-01T15:00:00.000Z', '2026-12-01T16:00:00.000Z', {
      media: 'AUDIO', tracks: 'LEADERS', includeContent: false, layout: null,
    });
    expect(found).toEqual({
      sessionId: 'long-1', startedAt: '2026-12-01T15:06:00Z', endedAt: '2026-12-01T15:58:00Z',
      recordingUrl: expect.stringMatching(/^https:\/\/go\.room\.sh\/playback\/[0-9a-f]+\?media=audio&tracks=leaders&content=false&layout=$/),
    });
    const list = ls.seen.find((r) => r.path === `/v2/organisations/${ls.organisationId}/sessions/`)!;
    expect(Object.fromEntries(list.query)).toMatchObject({ launch_id: spaceId, start_time_after: '2026-12-01T14:30:00.000Z', start_time_before: '2026-12-01T16:00:00.000Z' });
    expect(list.headers.authorization).toBe(`Organisation ${apiKey}`);
  });

  it('answers a lesson without a recording when Lessonspace has none, and null when no lesson was held', async () => {
    ls.lessons.push({ uuid: 'unrecorded', spaceId, startTime: '2026-12-15T15:00:00Z', endTime: '2026-12-15T16:00:00Z', recorded: false });
    expect(await lessons().findLesson(spaceId, '2026-12-15T15:00:00Z', '2026-12-15T16:00:00Z', null)).toMatchObject({ sessionId: 'unrecorded', recordingUrl: null });
    expect(await lessons().findLesson(spaceId, '2026-12-22T15:00:00Z', '2026-12-22T16:00:00Z', null)).toBeNull();
  });

  it('classifies failures without repeating the key', async () => {
    const wrong = await failure(new LessonspaceLessons({ apiKey: 'wrong-key', baseUrl: ls.url }).findLesson(spaceId, '2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z', null));
    expect(wrong).toMatchObject({ failure: 'credentials', status: 401 });
    expect(wrong.message).not.toContain('wrong-key');
    expect(await failure(new LessonspaceLessons({ apiKey, baseUrl: await closedPort() }).uploadFiles(spaceId, [pdf]))).toMatchObject({ failure: 'transient' });
  });
});
