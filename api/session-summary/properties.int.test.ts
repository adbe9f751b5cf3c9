/**
 * addEditRemoveProgramsSessionsProperty on the real PostgreSQL (docs/decisions/0063): a custom
 * session property added to, edited in and removed from several programs through editProgram, a
 * repeat writing nothing; another ecosystem's admin, a program of another ecosystem among the ids,
 * a student, and malformed input are refused and write nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { fieldsOf } from '../tenants/testing';

let api: TestApi;
let w: World;
let elsewhere: string;

const RUN = `mutation($ids: [ID!]!, $input: ProgramsSessionPropertyInput!) {
  addEditRemoveProgramsSessionsProperty(programIds: $ids, sessionPropertyInput: $input) {
    changedCount programs { rawId sessions { customSessionProperties { internalKeyName label fieldType options { value } } } } } }`;
type Payload = { changedCount: number; programs: Array<{ rawId: string; sessions: { customSessionProperties: Array<{ internalKeyName: string; label: string }> } }> };

const room = { label: 'Room', internalKeyName: 'room', fieldType: 'TEXT', type: 'SESSION' };
const gid = (id: string) => toGlobalId('Program', id);
const run = (ids: string[], input: Record<string, unknown>, token = w.tokens.admin1) =>
  api.graphql<{ addEditRemoveProgramsSessionsProperty: Payload }>(RUN, { ids: ids.map(gid), input }, { token, headers: { 'idempotency-key': randomUUID() } });
async function ok(ids: string[], input: Record<string, unknown>): Promise<Payload> {
  const res = await run(ids, input);
  expect(res.errors).toBeUndefined();
  return res.data!.addEditRemoveProgramsSessionsProperty;
}
const keys = (p: Payload) => p.programs.map((x) => x.sessions.customSessionProperties.map((c) => `${c.internalKeyName}:${c.label}`));

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const created = await api.graphql<{ createProgram: { rawId: string } }>('mutation($input: ProgramInput!) { createProgram(programInput: $input) { rawId } }',
    { input: { ecosystemId: toGlobalId('Ecosystem', w.e2), name: 'Elsewhere Reading' } }, { token: w.tokens.platformAdmin, headers: { 'idempotency-key': randomUUID() } });
  expect(created.errors).toBeUndefined();
  elsewhere = created.data!.createProgram.rawId;
}, 90_000);
afterAll(async () => { await api?.stop(); });

describe('addEditRemoveProgramsSessionsProperty', () => {
  it('adds, edits and removes one property in several programs; a repeat writes nothing', async () => {
    const added = await ok([w.p1, w.p2], { action: 'ADD', internalKeyName: 'room', property: room });
    expect(added.changedCount).toBe(2);
    expect(keys(added)).toEqual([['room:Room'], ['room:Room']]);
    const before = await api.eventCount();
    expect((await ok([w.p1, w.p2], { action: 'ADD', internalKeyName: 'room', property: room })).changedCount).toBe(0);
    expect(await api.eventCount()).toBe(before);
    const edited = await ok([w.p2], { action: 'EDIT', internalKeyName: 'room', property: { ...room, label: 'Classroom' } });
    expect(keys(edited)).toEqual([['room:Classroom']]);
    const removed = await ok([w.p1, w.p2], { action: 'REMOVE', internalKeyName: 'room' });
    expect(removed.changedCount).toBe(2);
    expect(keys(removed)).toEqual([[], []]);
    expect((await ok([w.p1], { action: 'REMOVE', internalKeyName: 'room' })).changedCount).toBe(0);
  });

  it('refuses ADD over a different property and EDIT of a missing one before writing anything', async () => {
    await ok([w.p1], { action: 'ADD', internalKeyName: 'room', property: room });
    const clash = await refusedUnchanged(api, () => run([w.p2, w.p1], { action: 'ADD', internalKeyName: 'room', property: { ...room, label: 'Other' } }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(clash))).toEqual(['programIds.1']);
    const missing = await refusedUnchanged(api, () => run([w.p1, w.p2], { action: 'EDIT', internalKeyName: 'room', property: room }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(missing))).toEqual(['programIds.1']);
    await ok([w.p1], { action: 'REMOVE', internalKeyName: 'room' });
  });

  it('refuses another ecosystem\'s admin, a program of another ecosystem among the ids, and a student', async () => {
    await refusedUnchanged(api, () => run([w.p1], { action: 'ADD', internalKeyName: 'room', property: room }, w.tokens.admin2), 'FORBIDDEN');
    await refusedUnchanged(api, () => run([w.p1, elsewhere], { action: 'ADD', internalKeyName: 'room', property: room }), 'FORBIDDEN');
    await refusedUnchanged(api, () => run([w.p1], { action: 'ADD', internalKeyName: 'room', property: room }, w.tokens.student), 'FORBIDDEN');
  });

  it('answers malformed input as BAD_USER_INPUT on its field, in English and Spanish', async () => {
    const cases: Array<[string[], Record<string, unknown>, string]> = [
      [[], { action: 'REMOVE', internalKeyName: 'room' }, 'programIds'],
      [[w.p1, w.p1], { action: 'REMOVE', internalKeyName: 'room' }, 'programIds.1'],
      [[w.p1], { action: 'ADD', internalKeyName: 'room' }, 'sessionPropertyInput.property'],
      [[w.p1], { action: 'ADD', internalKeyName: 'room', property: { ...room, internalKeyName: 'other' } }, 'sessionPropertyInput.property.internalKeyName'],
      [[w.p1], { action: 'ADD', internalKeyName: 'room', property: { ...room, label: '' } }, 'sessionPropertyInput.property.label'],
      [[w.p1], { action: 'ADD', internalKeyName: 'room', property: { ...room, id: 'other' } }, 'sessionPropertyInput.property.id'],
      [[w.p1], { action: 'REMOVE', internalKeyName: 'bad key\n' }, 'sessionPropertyInput.internalKeyName'],
      [[w.p1], { action: 'REMOVE', internalKeyName: '' }, 'sessionPropertyInput.internalKeyName'],
      [[w.p1], { action: 'ADD', internalKeyName: 'pick', property: { ...room, internalKeyName: 'pick', fieldType: 'SINGLE_SELECT' } }, 'sessionPropertyInput.property.options'],
    ];
    for (const [ids, input, field] of cases) {
      const res = await refusedUnchanged(api, () => run(ids, input), 'BAD_USER_INPUT');
      expect(Object.keys(fieldsOf(res)), JSON.stringify(res.errors)).toContain(field);
    }
    const badId = await refusedUnchanged(api, () => api.graphql(RUN, { ids: ['nope'], input: { action: 'REMOVE', internalKeyName: 'room' } },
      { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } }), 'BAD_USER_INPUT');
    expect(Object.keys(fieldsOf(badId))).toEqual(['programIds.0']);
    const es = await api.graphql(RUN, { ids: [], input: { action: 'REMOVE', internalKeyName: 'room' } },
      { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID(), 'accept-language': 'es' } });
    expect(fieldsOf(es).programIds).toBe('Elija al menos un programa.');
  });
});
