/**
 * uploadLessonspaceLesson and lessonSpaceUpload end to end (decision 0065): GraphQL, the session
 * policy, the Lessonspace stand-in, the command bus, the Session aggregate and the
 * session_lessonspace read model; and Session.recording shown only to the program's
 * sessionRecordingsProfileTypes, never with disableProgramRecordings.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editProgram } from '../../domain/program/handlers';
import { fakeLessonspace, type FakeLessonspace } from '../../infra/meetings/fakes';
import { spaceIdOf } from '../../infra/meetings/lessonspace';
import { TENANTS_PROJECTION } from '../../projections/tenants';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { SYSTEM_ACTOR } from '../auth/seed';
import { addPerson, buildWorld, refusedUnchanged, type World } from '../people/testing';
import { book, cancel, type Booked } from './testing';

let api: TestApi;
let w: World;
let ls: FakeLessonspace;
let tutor: { userId: string; token: string };
const apiKey = 'ls-key-for-uploads-0001';

const FIELDS = 'rawId recording { url lessonspaceSessionId startedAt endedAt fileName recordedAt } uploadedFiles { method fileNames }';
const LESSON = `mutation($s: ID!) { uploadLessonspaceLesson(sessionId: $s) { ${FIELDS} } }`;
const UPLOAD = `mutation($s: ID!, $f: [LessonspaceFileInput!]!) { lessonSpaceUpload(sessionId: $s, files: $f) { ${FIELDS} } }`;
const ONE = `query($s: ID!) { getSession(sessionId: $s) { ${FIELDS} } }`;

interface Answer { rawId: string; recording: { url: string | null; lessonspaceSessionId: string; fileName: string | null } | null; uploadedFiles: Array<{ method: string; fileNames: string[] }> }
const send = <K extends string>(doc: string, vars: Record<string, unknown>, token: string, key: string = randomUUID(), language?: string) =>
  api.graphql<Record<K, Answer>>(doc, vars, { token, headers: { 'idempotency-key': key, ...(language ? { 'accept-language': language } : {}) } });
const lesson = (s: Booked, token: string, key?: string, language?: string): Promise<GraphQLResponse<Record<'uploadLessonspaceLesson', Answer>>> =>
  send(LESSON, { s: s.id }, token, key, language);
const file = (fileName: string, text = `content of ${fileName}`) => ({ fileName, contentType: 'application/pdf', contentBase64: Buffer.from(text).toString('base64') });
const upload = (s: Booked, files: unknown[], token: string, key?: string): Promise<GraphQLResponse<Record<'lessonSpaceUpload', Answer>>> =>
  send(UPLOAD, { s: s.id, f: files }, token, key);
const read = async (s: Booked, token: string) => (await api.graphql<{ getSession: Answer | null }>(ONE, { s: s.id }, { token })).data?.getSession ?? null;
const bookFor = (minutesFromNow: number, extra: Partial<Parameters<typeof book>[1]> = {}) =>
  book(api, { ecosystemId: w.e1, programId: w.p1, tutorId: tutor.userId, studentId: w.ids.student, minutesFromNow, ...extra });

async function setProgram(sessions: Record<string, unknown>, flags: Record<string, unknown> = {}): Promise<void> {
  const { bus, projections, config } = api.platform.services;
  const result = await bus.dispatch(editProgram, { programId: w.p1, changes: { sessions, ...flags } },
    { actor: SYSTEM_ACTOR, commandId: randomUUID(), now: new Date().toISOString() });
  if (result.position) await projections.waitFor(result.position, [TENANTS_PROJECTION], config.PROJECTION_WAIT_MS);
}

beforeAll(async () => {
  ls = await fakeLessonspace(apiKey);
  api = await startTestApi({ LESSONSPACE_API_URL: ls.url });
  w = await buildWorld(api);
  tutor = await addPerson(api, 'lena.lessonspace@example.com', [{ ecosystemId: w.e1, role: 'LEADER', programId: w.p1 }]);
  await api.platform.services.meetings.set(w.e1, { provider: 'LESSONSPACE', apiKey }, w.ids.admin2);
});
afterAll(async () => {
  await api?.stop();
  await ls?.close();
});

describe('uploadLessonspaceLesson', () => {
  let held: Booked;
  beforeAll(async () => {
    held = await bookFor(-90);
    ls.lessons.push({ uuid: 'held-lesson-1', spaceId: spaceIdOf(held.seriesId), startTime: held.startAt, endTime: held.endAt, recorded: true });
  });

  it('records the lesson found in the session\'s space with its recording; a repeat writes nothing', async () => {
    const first = await lesson(held, w.tokens.admin1);
    expect(first.errors).toBeUndefined();
    expect(first.data!.uploadLessonspaceLesson.recording).toMatchObject({ lessonspaceSessionId: 'held-lesson-1', url: expect.stringMatching(/^https:\/\/go\.room\.sh\/playback\//), fileName: null });
    const before = await api.eventCount();
    const again = await lesson(held, w.tokens.admin1);
    expect(again.data!.uploadLessonspaceLesson.recording?.lessonspaceSessionId).toBe('held-lesson-1');
    expect(await api.eventCount()).toBe(before);
  });

  it('answers the same for a retried request (the same Idempotency-Key) and writes nothing more', async () => {
    const other = await bookFor(-180);
    ls.lessons.push({ uuid: 'held-lesson-2', spaceId: spaceIdOf(other.seriesId), startTime: other.startAt, endTime: other.endAt, recorded: false });
    const key = randomUUID();
    const once = await lesson(other, tutor.token, key);
    expect(once.errors).toBeUndefined();
    const before = await api.eventCount();
    const twice = await lesson(other, tutor.token, key);
    expect(twice.data).toEqual(once.data);
    expect(await api.eventCount()).toBe(before);
  });

  it('exports the recording as the ecosystem\'s export definition says, named by its template', async () => {
    const created = await api.graphql(`mutation($i: LessonspaceRecordingExportDefinitionInput!) { createCustomLessonspaceRecordingExportDefinition(input: $i) { definitionId } }`,
      { i: { name: 'Audio for e1', ecosystemId: w.e1, media: 'AUDIO', tracks: 'LEADERS', includeContent: false, fileNameTemplate: '{subject} {date} {time}' } },
      { token: w.tokens.platformAdmin, headers: { 'idempotency-key': randomUUID() } });
    expect(created.errors).toBeUndefined();
    const other = await bookFor(-150);
    ls.lessons.push({ uuid: 'held-lesson-3', spaceId: spaceIdOf(other.seriesId), startTime: other.startAt, endTime: other.endAt, recorded: true });
    const recorded = await lesson(other, w.tokens.admin1);
    expect(recorded.errors).toBeUndefined();
    const { recording } = recorded.data!.uploadLessonspaceLesson;
    expect(recording?.url).toMatch(/[?&]media=audio&tracks=leaders&content=false&layout=$/);
    expect(recording?.fileName).toBe(`Chemistry ${other.startAt.slice(0, 10)} ${other.startAt.slice(11, 13)}-${other.startAt.slice(14, 16)}`);
  });

  it('shows the recording only to the program\'s sessionRecordingsProfileTypes, and to nobody with disableProgramRecordings', async () => {
    // The program's default list is Admin and ProgramAdmin.
    expect((await read(held, w.tokens.admin1))?.recording?.lessonspaceSessionId).toBe('held-lesson-1');
    expect((await read(held, w.tokens.programAdmin))?.recording).not.toBeNull();
    expect(await read(held, tutor.token)).toMatchObject({ rawId: held.rawId, recording: null });
    expect(await read(held, w.tokens.student)).toMatchObject({ rawId: held.rawId, recording: null });
    await setProgram({ sessionRecordingsProfileTypes: ['Tutor', 'Student'] });
    expect((await read(held, tutor.token))?.recording?.lessonspaceSessionId).toBe('held-lesson-1');
    expect((await read(held, w.tokens.student))?.recording).not.toBeNull();
    expect((await read(held, w.tokens.admin1))?.recording).toBeNull();
    await setProgram({ sessionRecordingsProfileTypes: ['Admin', 'Tutor'] }, { disableProgramRecordings: true });
    expect((await read(held, tutor.token))?.recording).toBeNull();
    expect((await read(held, w.tokens.admin1))?.recording).toBeNull();
    const refused = await refusedUnchanged(api, () => lesson(held, w.tokens.admin1, undefined, 'es'), 'CONFLICT');
    expect(refused.errors?.[0]?.message).toBe('Las grabaciones están desactivadas en este programa.');
    await setProgram({ sessionRecordingsProfileTypes: ['Admin', 'ProgramAdmin'] }, { disableProgramRecordings: false });
  });

  it('is refused, writing nothing, before the start, outside Lessonspace, without a room, cancelled, or with no lesson held', async () => {
    const soon = await bookFor(60 * 24);
    expect((await refusedUnchanged(api, () => lesson(soon, w.tokens.admin1), 'CONFLICT')).errors?.[0]?.message).toMatch(/has not started yet/);
    const zoom = await bookFor(-120, { solution: 'ZOOM' });
    expect((await refusedUnchanged(api, () => lesson(zoom, w.tokens.admin1), 'CONFLICT')).errors?.[0]?.message).toMatch(/does not meet in a Lessonspace room/);
    const roomless = await bookFor(-120, { room: false });
    expect((await refusedUnchanged(api, () => lesson(roomless, w.tokens.admin1), 'CONFLICT')).errors?.[0]?.message).toMatch(/room is not ready/);
    const cancelled = await bookFor(-240);
    await cancel(api, cancelled);
    expect((await refusedUnchanged(api, () => lesson(cancelled, w.tokens.admin1), 'CONFLICT')).errors?.[0]?.message).toBe('This session is cancelled.');
    const empty = await bookFor(-300);
    expect((await refusedUnchanged(api, () => lesson(empty, w.tokens.admin1), 'CONFLICT')).errors?.[0]?.message).toMatch(/has no lesson for this session yet/);
  });

  it('is FORBIDDEN to those who may not edit the session and to another ecosystem\'s admin, and malformed ids are refused', async () => {
    const calls = ls.seen.length;
    await refusedUnchanged(api, () => lesson(held, w.tokens.student), 'FORBIDDEN');
    await refusedUnchanged(api, () => lesson(held, w.tokens.admin2), 'FORBIDDEN');
    await refusedUnchanged(api, () => send(LESSON, { s: 'not-a-session' }, w.tokens.admin1), 'BAD_USER_INPUT');
    expect(ls.seen.length).toBe(calls);
    expect(await read(held, w.tokens.admin2)).toBeNull();
  });
});

describe('lessonSpaceUpload', () => {
  let next: Booked;
  beforeAll(async () => { next = await bookFor(60 * 24 * 2); });

  it('puts the files into the space and records them as uploadedFiles; names already there are skipped', async () => {
    const first = await upload(next, [file('worksheet.pdf'), file('answers.pdf')], tutor.token);
    expect(first.errors).toBeUndefined();
    expect(first.data!.lessonSpaceUpload.uploadedFiles).toEqual([{ method: 'LESSONSPACE', fileNames: ['worksheet.pdf', 'answers.pdf'] }]);
    expect(ls.imported.get(spaceIdOf(next.seriesId))?.map((f) => [f.name, f.bytes.toString()])).toEqual([
      ['worksheet.pdf', 'content of worksheet.pdf'], ['answers.pdf', 'content of answers.pdf'],
    ]);
    const more = await upload(next, [file('answers.pdf'), file('notes.pdf')], w.tokens.admin1);
    expect(more.data!.lessonSpaceUpload.uploadedFiles[0].fileNames).toEqual(['worksheet.pdf', 'answers.pdf', 'notes.pdf']);
    expect(ls.imported.get(spaceIdOf(next.seriesId))).toHaveLength(3);
    const before = await api.eventCount();
    const calls = ls.seen.length;
    const repeat = await upload(next, [file('worksheet.pdf')], tutor.token);
    expect(repeat.data!.lessonSpaceUpload.uploadedFiles[0].fileNames).toHaveLength(3);
    expect(await api.eventCount()).toBe(before);
    expect(ls.seen.length).toBe(calls);
    // Everyone who sees the session sees which files are there.
    expect((await read(next, w.tokens.student))?.uploadedFiles[0].fileNames).toEqual(['worksheet.pdf', 'answers.pdf', 'notes.pdf']);
  });

  it('refuses bad files with their field\'s message, calling nobody and writing nothing', async () => {
    const calls = ls.seen.length;
    const named = await refusedUnchanged(api, () => upload(next, [file('../etc/passwd')], tutor.token), 'BAD_USER_INPUT');
    expect(JSON.stringify(named.errors)).toMatch(/File names can have letters/);
    await refusedUnchanged(api, () => upload(next, [], tutor.token), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => upload(next, Array.from({ length: 6 }, (_, i) => file(`f${i}.pdf`)), tutor.token), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => upload(next, [{ ...file('x.pdf'), contentBase64: 'not base64!' }], tutor.token), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => upload(next, [file('big.pdf', 'x'.repeat(513 * 1024))], tutor.token), 'BAD_USER_INPUT');
    expect(ls.seen.length).toBe(calls);
  });

  it('is refused once the lesson has ended, outside Lessonspace, cancelled; FORBIDDEN to learners and other tenants', async () => {
    const ended = await bookFor(-120);
    expect((await refusedUnchanged(api, () => upload(ended, [file('late.pdf')], tutor.token), 'CONFLICT')).errors?.[0]?.message).toBe('This session has already ended.');
    const zoom = await bookFor(60 * 24, { solution: 'ZOOM' });
    await refusedUnchanged(api, () => upload(zoom, [file('a.pdf')], tutor.token), 'CONFLICT');
    const cancelled = await bookFor(60 * 24 * 3);
    await cancel(api, cancelled);
    await refusedUnchanged(api, () => upload(cancelled, [file('a.pdf')], tutor.token), 'CONFLICT');
    await refusedUnchanged(api, () => upload(next, [file('mine.pdf')], w.tokens.student), 'FORBIDDEN');
    await refusedUnchanged(api, () => upload(next, [file('theirs.pdf')], w.tokens.admin2), 'FORBIDDEN');
    expect(ls.imported.get(spaceIdOf(next.seriesId))?.map((f) => f.name)).not.toContain('theirs.pdf');
  });

  it('answers a keyed message when Lessonspace refuses the ecosystem\'s credentials, and records nothing', async () => {
    await api.platform.services.meetings.set(w.e1, { provider: 'LESSONSPACE', apiKey: 'a-wrong-key' }, w.ids.admin2);
    try {
      const refused = await refusedUnchanged(api, () => upload(next, [file('new.pdf')], tutor.token), 'CONFLICT');
      expect(refused.errors?.[0]?.message).toMatch(/refused this ecosystem's credentials/);
      expect(JSON.stringify(refused)).not.toContain('a-wrong-key');
    } finally {
      await api.platform.services.meetings.set(w.e1, { provider: 'LESSONSPACE', apiKey }, w.ids.admin2);
    }
  });
});
