/**
 * Joining a program against the real platform (docs/decisions/0050): the list a person may join and
 * joinProgram; another ecosystem's program, an archived one, a second join and an admin's join are
 * refused with their codes and write nothing; no one else reads a person's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type GraphQLResponse, type TestApi } from '../../tests/setup/api';
import { codeOf } from '../tenants/testing';
import { toGlobalId } from '../relay';
import { buildWorld, refusedUnchanged, type World } from '../people/testing';

let api: TestApi;
let w: World;
let open: string;
let archived: string;
let elsewhere: string;

const CREATE = 'mutation($input: ProgramInput!) { createProgram(programInput: $input) { rawId } }';
const LIST = '{ getCurrentUserV2 { joinablePrograms { rawId name } programRoles { role programId } } }';
const JOIN = 'mutation($id: ID!) { joinProgram(programId: $id) { joinablePrograms { rawId } programRoles { role programId } } }';

type Me = { joinablePrograms: Array<{ rawId: string; name?: string }>; programRoles: Array<{ role: string; programId: string }> };

const unchanged = (run: () => Promise<GraphQLResponse>, code: string) => refusedUnchanged(api, run, code);

async function program(token: string, ecosystemId: string, name: string): Promise<string> {
  const res = await api.graphql<{ createProgram: { rawId: string } }>(CREATE, { input: { ecosystemId, name } }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.createProgram.rawId;
}

beforeAll(async () => {
  api = await startTestApi();
  w = await buildWorld(api);
  open = await program(w.tokens.admin1, w.e1, 'Chess Club');
  archived = await program(w.tokens.admin1, w.e1, 'Old Robotics');
  expect((await api.graphql('mutation($id: ID!) { archiveProgram(programId: $id) { id } }', { id: archived }, { token: w.tokens.admin1 })).errors).toBeUndefined();
  elsewhere = await program(w.tokens.admin2, w.e2, 'Far Away Program');
});
afterAll(async () => { await api.stop(); });

describe('joinablePrograms and joinProgram', () => {
  it('list the open programs of the person\'s ecosystem they are not in, and join one as a learner', async () => {
    const before = await api.graphql<{ getCurrentUserV2: Me }>(LIST, {}, { token: w.tokens.student });
    const listed = before.data!.getCurrentUserV2.joinablePrograms.map((p) => p.rawId);
    expect(listed).toContain(open);
    for (const not of [w.p1, archived, elsewhere]) expect(listed).not.toContain(not);
    const res = await api.graphql<{ joinProgram: Me }>(JOIN, { id: open }, { token: w.tokens.student });
    expect(res.errors).toBeUndefined();
    expect(res.data!.joinProgram.programRoles).toEqual(expect.arrayContaining([{ role: 'PUPIL', programId: toGlobalId('Program', open) }]));
    expect(res.data!.joinProgram.joinablePrograms.map((p) => p.rawId)).not.toContain(open);
  });

  it('refuse a second join, an archived program, another ecosystem\'s and a made-up one, writing nothing', async () => {
    await unchanged(() => api.graphql(JOIN, { id: open }, { token: w.tokens.student }), 'CONFLICT');
    await unchanged(() => api.graphql(JOIN, { id: archived }, { token: w.tokens.parent }), 'CONFLICT');
    await unchanged(() => api.graphql(JOIN, { id: elsewhere }, { token: w.tokens.student }), 'FORBIDDEN');
    await unchanged(() => api.graphql(JOIN, { id: crypto.randomUUID() }, { token: w.tokens.student }), 'FORBIDDEN');
    await unchanged(() => api.graphql(JOIN, { id: 'not-an-id' }, { token: w.tokens.student }), 'BAD_USER_INPUT');
    await unchanged(() => api.graphql(JOIN, { id: open }), 'UNAUTHENTICATED');
  });

  it('let a parent join as a learner; an ecosystem admin has nothing to join and is refused', async () => {
    const parent = await api.graphql<{ joinProgram: Me }>(JOIN, { id: open }, { token: w.tokens.parent });
    expect(parent.data!.joinProgram.programRoles).toEqual([{ role: 'PUPIL', programId: toGlobalId('Program', open) }]);
    const admin = await api.graphql<{ getCurrentUserV2: Me }>(LIST, {}, { token: w.tokens.admin2 });
    expect(admin.data!.getCurrentUserV2.joinablePrograms).toEqual([]);
    await unchanged(() => api.graphql(JOIN, { id: elsewhere }, { token: w.tokens.admin2 }), 'CONFLICT');
  });

  it('show a person\'s list to no one else: FORBIDDEN in their ecosystem, nobody from another one', async () => {
    const NODE = 'query($id: ID!) { node(id: $id) { ... on User { joinablePrograms { rawId } } } }';
    const id = toGlobalId('User', w.ids.student);
    expect(codeOf(await api.graphql(NODE, { id }, { token: w.tokens.admin1 }))).toBe('FORBIDDEN');
    const other = await api.graphql<{ node: unknown }>(NODE, { id }, { token: w.tokens.admin2 });
    expect(other.data!.node).toBeNull();
  });
});
