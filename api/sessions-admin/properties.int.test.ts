/**
 * updateSessionsProperties (decision 0060) on real bookings: values of the program's custom session
 * properties set and removed on chosen sessions, each fitting its field type; a repeat changes
 * nothing; keys and values the program does not define, cancelled sessions and outsiders are
 * refused and write nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';
import { toGlobalId } from '../relay';
import { fieldsOf } from '../tenants/testing';
import { bookSession } from './testing';

let api: TestApi;
let w: World;
let ids: string[];

const UPDATE = `mutation($e: ID, $ids: [ID!]!, $props: [SessionPropertyValueInput!]!) {
  updateSessionsProperties(ecosystemId: $e, sessionIds: $ids, properties: $props) { changedCount sessions { rawId customProperties { key value } } } }`;
type Payload = { changedCount: number; sessions: Array<{ rawId: string; customProperties: Array<{ key: string; value: string }> }> };

const run = (variables: Record<string, unknown>, token = w.tokens.admin1) =>
  api.graphql<{ updateSessionsProperties: Payload }>(UPDATE, { e: w.e1, ...variables }, { token, headers: { 'idempotency-key': randomUUID() } });
async function ok(variables: Record<string, unknown>): Promise<Payload> {
  const res = await run(variables);
  expect(res.errors).toBeUndefined();
  return res.data!.updateSessionsProperties;
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  const edit = await api.graphql('mutation($id: ID!, $input: ProgramInput!) { editProgram(programId: $id, programInput: $input) { id } }', {
    id: toGlobalId('Program', w.p1),
    input: { sessions: { customSessionProperties: [
      { label: 'Room', internalKeyName: 'room', fieldType: 'TEXT', type: 'SESSION' },
      { label: 'Level', internalKeyName: 'level', fieldType: 'SINGLE_SELECT', type: 'SESSION', options: [{ label: 'Beginner', value: 'beginner' }, { label: 'Advanced', value: 'advanced' }] },
      { label: 'Seats', internalKeyName: 'seats', fieldType: 'NUMBER', type: 'SESSION' },
    ] } },
  }, { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } });
  expect(edit.errors).toBeUndefined();
  const start = new Date(Date.now() + 4 * 86_400_000);
  start.setUTCMinutes(0, 0, 0);
  ids = await bookSession(api, { ecosystemId: w.e1, programId: w.p1, start, weeks: 2, learnerId: w.ids.student });
}, 90_000);
afterAll(async () => { await api.stop(); });

describe('updateSessionsProperties', () => {
  it('sets and removes the program\'s custom session properties on the sessions named; a repeat changes nothing', async () => {
    const set = await ok({ ids, props: [{ key: 'room', value: 'B12' }, { key: 'level', value: 'advanced' }] });
    expect(set.changedCount).toBe(2);
    for (const s of set.sessions) expect(s.customProperties).toEqual([{ key: 'room', value: 'B12' }, { key: 'level', value: 'advanced' }]);
    const before = await api.eventCount();
    expect((await ok({ ids, props: [{ key: 'room', value: 'B12' }] })).changedCount).toBe(0);
    expect(await api.eventCount()).toBe(before);
    const removed = await ok({ ids: [ids[0]], props: [{ key: 'room', value: null }, { key: 'seats', value: '12' }] });
    expect(removed.sessions[0].customProperties).toEqual([{ key: 'level', value: 'advanced' }, { key: 'seats', value: '12' }]);
  });

  it('refuses keys and values the program does not define, malformed input, cancelled sessions and outsiders, writing nothing', async () => {
    const field = async (variables: Record<string, unknown>) => Object.keys(fieldsOf(await refusedUnchanged(api, () => run(variables), 'BAD_USER_INPUT')));
    expect(await field({ ids, props: [{ key: 'colour', value: 'red' }] })).toEqual(['properties.0.key']);
    expect(await field({ ids, props: [{ key: 'level', value: 'expert' }] })).toEqual(['properties.0.value']);
    expect(await field({ ids, props: [{ key: 'seats', value: 'many' }] })).toEqual(['properties.0.value']);
    expect(await field({ ids, props: [{ key: 'room', value: 'a\nb' }] })).toEqual(['properties.0.value']);
    expect(await field({ ids, props: [{ key: 'room', value: '1' }, { key: 'room', value: '2' }] })).toEqual(['properties.1.key']);
    expect(await field({ ids, props: [] })).toEqual(['properties']);
    const cancel = await api.graphql('mutation($e: ID, $ids: [ID!]!) { adminCancelOneOrManySession(ecosystemId: $e, sessionIds: $ids, reason: "Closed") { changedCount } }',
      { e: w.e1, ids: [ids[1]] }, { token: w.tokens.admin1, headers: { 'idempotency-key': randomUUID() } });
    expect(cancel.errors).toBeUndefined();
    expect(await field({ ids, props: [{ key: 'room', value: 'C1' }] })).toEqual(['sessionIds.1']);
    for (const token of [w.tokens.admin2, w.tokens.student, w.tokens.programAdmin]) {
      await refusedUnchanged(api, () => run({ ids: [ids[0]], props: [{ key: 'room', value: 'C1' }] }, token), 'FORBIDDEN');
    }
  });
});
