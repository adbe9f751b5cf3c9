/**
 * Custom Lessonspace recording export definitions over real HTTP: platform admins list, create,
 * edit and delete them; everyone else (an ecosystem's own admin included) is refused, and refused
 * or malformed input writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { codeOf } from '../tenants/testing';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';

let api: TestApi;
let world: World;

const FIELDS = '{ definitionId name ecosystemId media tracks includeContent layout fileNameTemplate }';
const LIST = `{ getCustomLessonspaceRecordingExportDefinitions ${FIELDS} }`;
const CREATE = `mutation($input: LessonspaceRecordingExportDefinitionInput!) { createCustomLessonspaceRecordingExportDefinition(input: $input) ${FIELDS} }`;
const EDIT = `mutation($id: ID!, $input: LessonspaceRecordingExportDefinitionInput!) { editCustomLessonspaceRecordingExportDefinition(definitionId: $id, input: $input) ${FIELDS} }`;
const DELETE = 'mutation($id: ID!) { deleteCustomLessonspaceRecordingExportDefinition(definitionId: $id) }';

let keys = 0;
const key = () => ({ 'idempotency-key': `recording-exports-${++keys}` });
const input = (extra: Record<string, unknown> = {}) => ({
  name: 'District video', ecosystemId: null, media: 'VIDEO', tracks: 'EVERYONE', includeContent: true, layout: 'GRID', fileNameTemplate: '{date}_{subject}', ...extra,
});
type Definition = { definitionId: string; name: string; ecosystemId: string | null; media: string; layout: string | null };
const platform = () => ({ token: world.tokens.platformAdmin, headers: key() });

beforeAll(async () => {
  api = await startTestApi();
  world = await buildWorld(api);
});
afterAll(async () => { await api?.stop(); });

describe('recording export definitions', () => {
  it('a platform admin creates, lists, edits and deletes one by its id', async () => {
    const headers = key();
    const created = await api.graphql<{ createCustomLessonspaceRecordingExportDefinition: Definition }>(CREATE, { input: input() }, { token: world.tokens.platformAdmin, headers });
    expect(created.errors).toBeUndefined();
    const definition = created.data!.createCustomLessonspaceRecordingExportDefinition;
    expect(definition).toMatchObject({ name: 'District video', ecosystemId: null, media: 'VIDEO', layout: 'GRID' });
    // The same request again (its Idempotency-Key) creates nothing new.
    const events = await api.eventCount();
    const again = await api.graphql<{ createCustomLessonspaceRecordingExportDefinition: Definition }>(CREATE, { input: input() }, { token: world.tokens.platformAdmin, headers });
    expect(again.data?.createCustomLessonspaceRecordingExportDefinition.definitionId).toBe(definition.definitionId);
    expect(await api.eventCount()).toBe(events);

    const audio = input({ name: 'Audio for e1', ecosystemId: world.e1, media: 'AUDIO', layout: null, tracks: 'LEADERS' });
    const edited = await api.graphql<{ editCustomLessonspaceRecordingExportDefinition: Definition }>(EDIT, { id: definition.definitionId, input: audio }, platform());
    expect(edited.data?.editCustomLessonspaceRecordingExportDefinition).toMatchObject({ definitionId: definition.definitionId, ecosystemId: world.e1, media: 'AUDIO', layout: null });
    const listed = await api.graphql<{ getCustomLessonspaceRecordingExportDefinitions: Definition[] }>(LIST, {}, { token: world.tokens.platformAdmin });
    expect(listed.data?.getCustomLessonspaceRecordingExportDefinitions).toEqual([edited.data?.editCustomLessonspaceRecordingExportDefinition]);

    const deleted = await api.graphql<{ deleteCustomLessonspaceRecordingExportDefinition: string }>(DELETE, { id: definition.definitionId }, platform());
    expect(deleted.data?.deleteCustomLessonspaceRecordingExportDefinition).toBe(definition.definitionId);
    const after = await api.graphql<{ getCustomLessonspaceRecordingExportDefinitions: Definition[] }>(LIST, {}, { token: world.tokens.platformAdmin });
    expect(after.data?.getCustomLessonspaceRecordingExportDefinitions).toEqual([]);
    await refusedUnchanged(api, () => api.graphql(DELETE, { id: definition.definitionId }, platform()), 'NOT_FOUND');
    await refusedUnchanged(api, () => api.graphql(EDIT, { id: definition.definitionId, input: input() }, platform()), 'NOT_FOUND');
  });

  it('is for platform admins only: an ecosystem admin and everyone else are refused, writing nothing', async () => {
    for (const token of [world.tokens.admin1, world.tokens.admin2, world.tokens.programAdmin, world.tokens.student, world.tokens.parent]) {
      expect(codeOf(await api.graphql(LIST, {}, { token }))).toBe('FORBIDDEN');
      await refusedUnchanged(api, () => api.graphql(CREATE, { input: input({ ecosystemId: world.e1 }) }, { token, headers: key() }), 'FORBIDDEN');
    }
    expect(codeOf(await api.graphql(LIST))).toBe('UNAUTHENTICATED');
  });

  it('refuses malformed input with the field\'s message, writing nothing', async () => {
    await refusedUnchanged(api, () => api.graphql(CREATE, { input: input({ name: ' ' }) }, platform()), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(CREATE, { input: input({ media: 'AUDIO' }) }, platform()), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(CREATE, { input: input({ ecosystemId: 'not-an-id' }) }, platform()), 'BAD_USER_INPUT');
    await refusedUnchanged(api, () => api.graphql(CREATE, { input: input({ ecosystemId: '00000000-0000-4000-8000-000000000000' }) }, platform()), 'NOT_FOUND');
    await refusedUnchanged(api, () => api.graphql(EDIT, { id: 'not-an-id', input: input() }, platform()), 'BAD_USER_INPUT');
    const path = await refusedUnchanged(api, () => api.graphql(CREATE, { input: input({ fileNameTemplate: '../{password}' }) },
      { token: world.tokens.platformAdmin, headers: { ...key(), 'accept-language': 'es' } }), 'BAD_USER_INPUT');
    expect(JSON.stringify(path.errors)).toContain('solo los marcadores {subject} {date} {time} {sessionId} {ecosystem}');
  });
});
