/**
 * The session settings page's own documents (decision 0070), as the web app sends them
 * (web/persisted-queries.json), against the real API: another ecosystem's admin reads nothing and
 * can change nothing; a learner of the program cannot change it; bad values are refused on field
 * paths the page maps to its fields (formPath), with nothing written; and a save that sends only some settings
 * of a group (what the page sends) keeps the others.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, refusedUnchanged, type World } from '../api/people/testing';
import { toGlobalId } from '../api/relay';
import { formPath } from '../web/src/pages/program-settings/programSettingsForm';
import { startTestApi, type GraphQLResponse, type TestApi } from './setup/api';

const documents = Object.values(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../web/persisted-queries.json'), 'utf8')) as Record<string, string>);
const documentOf = (name: string): string => {
  const found = documents.find((text) => new RegExp(`^(query|mutation) ${name}\\b`).test(text.trim()));
  if (!found) throw new Error(`no web document ${name}`);
  return found;
};
const PAGE = documentOf('ProgramSettingsPageQuery');
const SAVE = documentOf('useEditProgramSettingsMutation');

let api: TestApi;
let world: World;
let program: string;

beforeAll(async () => {
  api = await startTestApi();
  world = await buildWorld(api);
  program = toGlobalId('Program', world.p1);
}, 120_000);

afterAll(async () => {
  await api?.stop();
});

type Settings = { sessions: { sessionJoinMinutesPrior: number; customSessionProperties: Array<{ internalKeyName: string; label: string }> }; tutorSelfCheckInOut: boolean };

const read = (token: string) => api.graphql<{ getProgramsByIds: Array<Settings | null> }>(PAGE, { programIds: [program] }, { token });
const save = (token: string, programInput: Record<string, unknown>): Promise<GraphQLResponse> =>
  api.graphql(SAVE, { programId: program, programInput }, { token, headers: { 'idempotency-key': randomUUID() } });

describe('the session settings page\'s documents', () => {
  it('show another ecosystem\'s admin nothing of the program', async () => {
    const answer = await read(world.tokens.admin2);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.getProgramsByIds).toEqual([null]);
  });

  it('let neither another ecosystem\'s admin nor a learner of the program change it', async () => {
    await refusedUnchanged(api, () => save(world.tokens.admin2, { tutorSelfCheckInOut: true }), 'NOT_FOUND');
    await refusedUnchanged(api, () => save(world.tokens.student, { tutorSelfCheckInOut: true }), 'FORBIDDEN');
  });

  it('refuse bad values on the fields the page shows them on, writing nothing', async () => {
    const tooLate = await refusedUnchanged(api, () => save(world.tokens.admin1, { sessions: { sessionJoinMinutesPrior: 500 } }), 'BAD_USER_INPUT');
    expect(tooLate.errors![0]!.extensions!.fields!.map((f) => formPath(f.field))).toEqual(['sessions.sessionJoinMinutesPrior']);
    const badKey = await refusedUnchanged(api, () => save(world.tokens.admin1, { sessions: { customSessionProperties: [
      { label: 'Room', internalKeyName: '9 room', fieldType: 'TEXT', type: 'SESSION', required: false, options: [] },
    ] } }), 'BAD_USER_INPUT');
    expect(badKey.errors![0]!.extensions!.fields!.map((f) => formPath(f.field))).toEqual(['sessions.customSessionProperties.0.internalKeyName']);
  });

  it('keep the settings a save leaves out', async () => {
    const first = await save(world.tokens.admin1, { tutorSelfCheckInOut: true, sessions: { customSessionProperties: [
      { label: 'Room', description: null, internalKeyName: 'room', fieldType: 'TEXT', type: 'SESSION', required: false, options: [] },
    ] } });
    expect(first.errors).toBeUndefined();
    const second = await save(world.tokens.admin1, { sessions: { sessionJoinMinutesPrior: 25 } });
    expect(second.errors).toBeUndefined();
    const answer = await read(world.tokens.admin1);
    expect(answer.data!.getProgramsByIds[0]).toMatchObject({
      tutorSelfCheckInOut: true,
      sessions: { sessionJoinMinutesPrior: 25, customSessionProperties: [{ internalKeyName: 'room', label: 'Room' }] },
    });
  });
});
